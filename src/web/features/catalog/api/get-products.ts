/** GET /api/products: the whole catalog, cached for the session and filtered in the browser. */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductBrowseQuery, ProductPage } from '#shared/schemas/product';
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

/**
 * Only the products named (a guest cart's), in the shop's order: `GET /api/products?ids=`. Under the catalog's key, so
 * whatever refreshes the catalog (a price changed at checkout) refreshes these too.
 */
export const productsByIdsQueryOptions = (ids: readonly string[]) => {
  // An id no product can have (an old or edited stored cart) is left out rather than have the server refuse the list:
  // its line reads as no longer sold. The shape is ProductIdSchema's, written out to keep zod out of every page.
  const sorted = [...new Set(ids)].filter((id) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id) && id.length <= 80).sort();
  return queryOptions({
    queryKey: ['products', 'ids', ...sorted],
    queryFn: ({ signal }) =>
      apiRequest<Product[]>(`${apiPaths.products.list}?ids=${sorted.map(encodeURIComponent).join(',')}`, { signal }),
  });
};

/**
 * The products named, from the whole catalog when this page already holds it (a list or the home page: nothing to
 * wait for), else fetched alone.
 */
export function useProductsByIds(ids: readonly string[], enabled: boolean) {
  const queryClient = useQueryClient();
  const options = productsByIdsQueryOptions(ids);
  return useQuery({
    ...options,
    enabled,
    initialData: () => {
      const catalog = queryClient.getQueryData(productsQueryOptions().queryKey);
      const wanted = new Set(options.queryKey.slice(2));
      const found = catalog?.filter((product) => wanted.has(product._id));
      // Every product found, or the fetch decides (one may be gone from the catalog since).
      return found && found.length === wanted.size ? found : undefined;
    },
    initialDataUpdatedAt: () => queryClient.getQueryState(productsQueryOptions().queryKey)?.dataUpdatedAt,
  });
}

/** The catalog, optionally narrowed by `select` (e.g. only best sellers) without a second request. */
export function useProducts<Selected = Product[]>(select?: (products: Product[]) => Selected) {
  return useQuery({ ...productsQueryOptions(), select });
}

/** A page of the catalog, `GET /api/products/browse`: what a screen shows without holding the whole catalog. */
export const productPageQueryOptions = (query: ProductBrowseQuery) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  return queryOptions({
    queryKey: ['products', 'browse', query],
    queryFn: ({ signal }) => apiRequest<ProductPage>(`${apiPaths.products.browse}?${search}`, { signal }),
  });
};

/** The home page's two carousels: up to 24 new launches and best sellers each, in the shop's order. */
export const HOME_COLLECTIONS = {
  newLaunches: { collection: 'new', limit: 24, offset: 0 },
  bestSellers: { collection: 'bestsellers', limit: 24, offset: 0 },
} as const satisfies Record<string, ProductBrowseQuery>;
