/** GET /api/products/:id: one product, or null when the shop does not know the id (404), so screens can say so. */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Product } from '#shared/schemas/product';
import { apiPaths } from '#shared/api-paths';
import { ApiRequestError, apiRequest } from '#web/lib/api-client.ts';
import { findCachedProducts } from './cached-products.ts';

export async function getProduct(productId: string, signal?: AbortSignal): Promise<Product | null> {
  try {
    return await apiRequest<Product>(apiPaths.products.one(productId), { signal });
  } catch (error) {
    // The server decides what an id is: 404 for one it does not know (slug-shaped or not), 400 should
    // its validation reject one outright.
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const productQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['products', productId],
    queryFn: ({ signal }) => getProduct(productId, signal),
  });

/** Loads the product unless the page already holds it (coming from a list or carousel). */
export function prefetchProduct(queryClient: QueryClient, productId: string): Promise<void> {
  if (findCachedProducts(queryClient, [productId]).products.length > 0) return Promise.resolve();
  return queryClient.prefetchQuery(productQueryOptions(productId));
}

/** `data` is the product, `null` for an unknown id, `undefined` while loading. */
export function useProduct(productId: string) {
  const queryClient = useQueryClient();
  const cached = () => findCachedProducts(queryClient, [productId]);
  return useQuery({
    ...productQueryOptions(productId),
    initialData: () => cached().products[0],
    initialDataUpdatedAt: () => cached().updatedAt,
  });
}
