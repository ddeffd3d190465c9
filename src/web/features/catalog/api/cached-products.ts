/**
 * Products this page already holds, from any of the catalog's cached answers (a list's pages, a carousel's page, the
 * products a cart named, one product), so that opening a product from a list needs no request.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Product, ProductPage } from '#shared/schemas/product';

type CatalogAnswer = Product | Product[] | ProductPage | { pages: ProductPage[] } | null | undefined;

function productsIn(answer: CatalogAnswer): readonly Product[] {
  if (!answer) return [];
  if (Array.isArray(answer)) return answer;
  if ('pages' in answer) return answer.pages.flatMap((page) => page.items);
  if ('items' in answer) return answer.items;
  return [answer];
}

/**
 * The products named that some cached answer holds, in the order named, and when the oldest answer used was read
 * (so the copy is as stale as its source).
 */
export function findCachedProducts(
  queryClient: QueryClient,
  ids: readonly string[],
): { products: Product[]; updatedAt: number | undefined } {
  const wanted = new Set(ids);
  const found = new Map<string, Product>();
  let updatedAt: number | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['products'] })) {
    if (query.state.status !== 'success') continue;
    let used = false;
    for (const product of productsIn(query.state.data as CatalogAnswer)) {
      if (!wanted.has(product._id) || found.has(product._id)) continue;
      found.set(product._id, product);
      used = true;
    }
    if (used) updatedAt = Math.min(updatedAt ?? Number.POSITIVE_INFINITY, query.state.dataUpdatedAt);
    if (found.size === wanted.size) break;
  }
  return { products: ids.flatMap((id) => found.get(id) ?? []), updatedAt };
}
