/** GET /api/products: the whole catalog, cached for the session and filtered in the browser. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/schemas/product';
import { apiPaths } from '#shared/api-paths';
import { apiRequest } from '#web/lib/api-client.ts';

export function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiRequest<Product[]>(apiPaths.products.list, { signal });
}

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: ['products'],
    queryFn: ({ signal }) => getProducts(signal),
  });

/** The catalog, optionally narrowed by `select` (e.g. only best sellers) without a second request. */
export function useProducts<Selected = Product[]>(select?: (products: Product[]) => Selected) {
  return useQuery({ ...productsQueryOptions(), select });
}
