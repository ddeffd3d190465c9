/**
 * A list's order as its address gives it (decision 111): the sort and the allergens it is free from. Apart from
 * list-filters.ts, which the router (every page's JavaScript) takes: only the list screens and the server's renderer
 * read this, with the allergens' names.
 */
import { ALLERGENS } from '#shared/allergens';
import { PRODUCT_SORTS } from '#shared/constants';
import type { ProductListFilter } from './api/get-products.ts';

/**
 * A list's sort and the allergens it is free from, as the address gives them: comma-separated as links write them,
 * or repeated as the controls' form sends them without scripts; names in any case. A sort or allergen the shop does
 * not know is left out rather than fail the page. The allergens go in the shop's order, so one list has one key.
 */
export function listOrder(search: URLSearchParams): Pick<ProductListFilter, 'sort' | 'free-from'> {
  const sort = PRODUCT_SORTS.find((name) => name === search.get('sort'));
  const named = new Set(
    search
      .getAll('free-from')
      .flatMap((value) => value.split(','))
      .map((name) => name.trim().toLowerCase()),
  );
  const freeFrom = ALLERGENS.filter((allergen) => named.has(allergen.toLowerCase()));
  return { sort, 'free-from': freeFrom.length > 0 ? freeFrom : undefined };
}
