/**
 * PATCH /api/admin/products/{id} `{ hidden }` (an admin's bearer token): takes a product out of the shop (its page,
 * lists and carts; orders keep their lines) or puts it back. The owner's product list is asked again afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import { type AdminProduct, AdminProductSchema } from '#shared/schemas/admin-product';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminProductsKey } from './get-admin-products.ts';
import { CATALOG_QUERY_KEY } from '#web/lib/shop-query-keys.ts';

export async function setProductHidden(productId: string, hidden: boolean): Promise<AdminProduct> {
  const answer = await apiRequest<unknown>(adminApiPaths.product(productId), { method: 'PATCH', body: { hidden } });
  return AdminProductSchema.parse(answer);
}

export function useSetProductHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, hidden }: { productId: string; hidden: boolean }) => setProductHidden(productId, hidden),
    onSettled: () => {
      // The shop's own pages in this tab show the change too, when next shown.
      void queryClient.invalidateQueries({ queryKey: CATALOG_QUERY_KEY });
      return queryClient.invalidateQueries({ queryKey: adminProductsKey });
    },
  });
}
