/**
 * Which products each list screen shows, read from its address: the route's loader, the server's renderer and the
 * screen itself read it here alike, so the page the server sends holds exactly what the screen asks for.
 */
import { parseCategory } from '#shared/constants';
import type { ProductListFilter } from './api/get-products.ts';

/** The server's longest search (ProductBrowseQuerySchema's `q`): a longer one is searched by its start. */
const SEARCH_WORDS_MAX_LENGTH = 100;

export const BESTSELLERS_FILTER = { collection: 'bestsellers' } as const satisfies ProductListFilter;
export const NEW_LAUNCHES_FILTER = { collection: 'new' } as const satisfies ProductListFilter;

/**
 * /product?category=Nuts: every product, or one category's. Its sort and allergens are the list's order (read by
 * `listOrder`, in list-order.ts, which every page's JavaScript does without).
 */
export function allProductsFilter(search: URLSearchParams): ProductListFilter {
  return { category: parseCategory(search.get('category')) };
}

/** /search?query=…&category=…: the words searched, optionally within one category; its order as /product's. */
export function searchFilter(search: URLSearchParams): ProductListFilter {
  return {
    q: searchWords(search),
    category: parseCategory(search.get('category')),
  };
}

/** Whether the address asks for a list's order (a sort or allergens), which only the list's own screen reads. */
export function asksForListOrder(search: URLSearchParams): boolean {
  return search.has('sort') || search.has('free-from');
}

/** The words searched as the search page shows them in its heading. */
export function searchWords(search: URLSearchParams): string {
  return (search.get('query') ?? '').trim().slice(0, SEARCH_WORDS_MAX_LENGTH).trim();
}
