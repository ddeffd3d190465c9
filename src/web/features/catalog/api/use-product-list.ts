/** A list's products as a screen shows them, with 'Show more' (kept out of the home page's first load). */
import { useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { browseCatalog } from '#shared/catalog-search';
import type { Product, ProductPage } from '#shared/schemas/product';
import {
  firstListPages,
  PRODUCT_LIST_PAGE_SIZE,
  type ProductListFilter,
  productListQueryOptions,
} from './get-products.ts';

/**
 * A narrower list's first page worked out from every product, when the page already holds them all (a small shop's
 * whole list is one page): choosing a category or searching then shows at once, without a request.
 */
function narrowFromEveryProduct(queryClient: QueryClient, filter: ProductListFilter): ProductPage | undefined {
  const everyProduct = queryClient.getQueryData(productListQueryOptions({}).queryKey);
  if (!everyProduct) return undefined;
  const products = everyProduct.pages.flatMap((page) => page.items);
  if (products.length !== everyProduct.pages.at(-1)?.total) return undefined;
  return browseCatalog(products, { ...filter, limit: PRODUCT_LIST_PAGE_SIZE, offset: 0 });
}

/** A list's products so far (each once, should the catalog have moved between pages) and how many it has in all. */
export function useProductList(filter: ProductListFilter) {
  const queryClient = useQueryClient();
  const options = productListQueryOptions(filter);
  const query = useInfiniteQuery({
    ...options,
    initialData: () => {
      const page = narrowFromEveryProduct(queryClient, filter);
      return page && firstListPages(page);
    },
    initialDataUpdatedAt: () => queryClient.getQueryState(productListQueryOptions({}).queryKey)?.dataUpdatedAt,
  });
  const seen = new Set<string>();
  const products: Product[] = [];
  for (const page of query.data?.pages ?? []) {
    for (const product of page.items) {
      if (seen.has(product._id)) continue;
      seen.add(product._id);
      products.push(product);
    }
  }
  return { query, products, total: query.data?.pages.at(-1)?.total ?? 0 };
}
