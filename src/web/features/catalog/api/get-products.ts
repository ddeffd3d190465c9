/**
 * The catalog as the storefront asks for it: pages of it (`GET /api/products/browse`) for the lists, search and the
 * home page's carousels, and the products a guest cart names (`GET /api/products?ids=`). Every key starts with
 * 'products', so whatever refreshes the catalog (a price changed at checkout) refreshes them all.
 */
import { type InfiniteData, infiniteQueryOptions, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductBrowseQuery, ProductPage } from '#shared/schemas/product';
import { apiPaths } from '#shared/api-paths';
import { apiRequest } from '#web/lib/api-client.ts';
import { CATALOG_QUERY_KEY } from '#web/lib/shop-query-keys.ts';
import { findCachedProducts } from './cached-products.ts';

/**
 * Only the products named (a guest cart's), in the shop's order: `GET /api/products?ids=`. Under the catalog's key, so
 * whatever refreshes the catalog (a price changed at checkout) refreshes these too.
 */
export const productsByIdsQueryOptions = (ids: readonly string[]) => {
  // An id no product can have (an old or edited stored cart) is left out rather than have the server refuse the list:
  // its line reads as no longer sold. The shape is ProductIdSchema's, written out to keep zod out of every page.
  const sorted = [...new Set(ids)].filter((id) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id) && id.length <= 80).sort();
  return queryOptions({
    queryKey: [...CATALOG_QUERY_KEY, 'ids', ...sorted],
    queryFn: ({ signal }) =>
      apiRequest<Product[]>(`${apiPaths.products.list}?ids=${sorted.map(encodeURIComponent).join(',')}`, { signal }),
  });
};

/**
 * The products named, from what this page already holds when every one is there (a list, a carousel: nothing to
 * wait for), else fetched alone.
 */
export function useProductsByIds(ids: readonly string[], enabled: boolean) {
  const queryClient = useQueryClient();
  const options = productsByIdsQueryOptions(ids);
  const wanted = options.queryKey.slice(2);
  const cached = () => findCachedProducts(queryClient, wanted);
  return useQuery({
    ...options,
    enabled,
    initialData: () => {
      const { products } = cached();
      // Every product found, or the fetch decides (one may be gone from the catalog since).
      return products.length === wanted.length ? products : undefined;
    },
    initialDataUpdatedAt: () => cached().updatedAt,
  });
}

function getProductPage(query: ProductBrowseQuery, signal: AbortSignal): Promise<ProductPage> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return apiRequest<ProductPage>(`${apiPaths.products.browse}?${search}`, { signal });
}

/** A page of the catalog, `GET /api/products/browse`: what a screen shows without holding the whole catalog. */
export const productPageQueryOptions = (query: ProductBrowseQuery) =>
  queryOptions({
    queryKey: [...CATALOG_QUERY_KEY, 'browse', query],
    queryFn: ({ signal }) => getProductPage(query, signal),
  });

/** What a list shows (a collection, a category, search words, or every product), in what order, free from what. */
export type ProductListFilter = Pick<ProductBrowseQuery, 'category' | 'collection' | 'q' | 'sort' | 'free-from'>;

/**
 * How many products a list shows at first and adds with each 'Show more'. Two whole rows of every grid (2, 3 and 4
 * columns), and more than today's catalog, so a list of it is one page.
 */
export const PRODUCT_LIST_PAGE_SIZE = 48;

/** The pages of a list loaded so far, as TanStack Query's infinite query holds them: `pageParams` are the offsets. */
export type ProductListPages = InfiniteData<ProductPage, number>;

/** A list in pages of PRODUCT_LIST_PAGE_SIZE, each from the products shown so far. */
export const productListQueryOptions = (filter: ProductListFilter) => {
  // Without the filters left unset, so the server's key and the browser's (after the page's JSON) are the same.
  const definedFilter: ProductListFilter = Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''),
  );
  return infiniteQueryOptions({
    queryKey: [...CATALOG_QUERY_KEY, 'list', definedFilter],
    queryFn: ({ pageParam, signal }) =>
      getProductPage({ ...definedFilter, limit: PRODUCT_LIST_PAGE_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const shown = pages.reduce((count, page) => count + page.items.length, 0);
      // An empty page means the catalog shrank while the shopper read: nothing more to show.
      return lastPage.items.length > 0 && shown < lastPage.total ? shown : undefined;
    },
  });
};

/** A list's first page, as the server renders it and as the browser's cache holds it. */
export function firstListPages(firstPage: ProductPage): ProductListPages {
  return { pages: [firstPage], pageParams: [0] };
}

/** The home page's two carousels: up to 24 new launches and best sellers each, in the shop's order. */
export const HOME_COLLECTIONS = {
  newLaunches: { collection: 'new', limit: 24, offset: 0 },
  bestSellers: { collection: 'bestsellers', limit: 24, offset: 0 },
} as const satisfies Record<string, ProductBrowseQuery>;
