/**
 * GET /api/admin/products (an admin's bearer token): every product, hidden ones too, in the shop's order, each weight
 * with its stock and the packs unpaid checkouts hold; held under the logged-in account's query key so it goes with
 * them at logout. The list and the product form read the same answer.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import { type AdminProductList, AdminProductListSchema } from '#shared/schemas/admin-product';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminKey } from './get-admin-list.ts';

export const ADMIN_PRODUCTS_FAILED = 'We could not load the products. Please try again.';

/** Every change to a product refreshes this. */
export const adminProductsKey = adminKey('products');

export async function getAdminProducts(signal?: AbortSignal): Promise<AdminProductList> {
  return AdminProductListSchema.parse(await apiRequest<unknown>(adminApiPaths.products, { signal }));
}

export const adminProductsQueryOptions = () =>
  queryOptions({ queryKey: adminProductsKey, queryFn: ({ signal }) => getAdminProducts(signal), staleTime: 0 });

export function useAdminProducts() {
  return useQuery(adminProductsQueryOptions());
}
