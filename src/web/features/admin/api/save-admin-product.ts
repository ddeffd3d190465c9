/**
 * POST /api/admin/products (a new product, 201) or PUT /api/admin/products/{id} (every editable field and the
 * weights replaced), an admin's bearer token; the body is the shared `ProductInput`. Each change is audited by the
 * server; the owner's product list is asked again afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import { type AdminProduct, AdminProductSchema, type ProductInput } from '#shared/schemas/admin-product';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminProductsKey } from './get-admin-products.ts';
import { CATALOG_QUERY_KEY } from '#web/lib/shop-query-keys.ts';

export const SAVE_PRODUCT_FAILED = 'We could not save the product. Please try again.';

/** Creates the product when `productId` is undefined, else replaces that one. */
export async function saveAdminProduct(productId: string | undefined, body: ProductInput): Promise<AdminProduct> {
  const answer = await apiRequest<unknown>(
    productId === undefined ? adminApiPaths.products : adminApiPaths.product(productId),
    { method: productId === undefined ? 'POST' : 'PUT', body },
  );
  return AdminProductSchema.parse(answer);
}

export function useSaveAdminProduct(productId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductInput) => saveAdminProduct(productId, body),
    onSettled: () => {
      // The shop's own pages in this tab show the change too, when next shown.
      void queryClient.invalidateQueries({ queryKey: CATALOG_QUERY_KEY });
      return queryClient.invalidateQueries({ queryKey: adminProductsKey });
    },
  });
}
