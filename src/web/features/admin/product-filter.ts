/**
 * The owner's products as the address bar keeps them (`?shown=`): all of them (the plain address), those the shop
 * shows, or those it hides. The API sends every product at once, so the filter applies in the browser.
 */
import { parseShown, type ReviewsShown } from './review-filter.ts';

export type ProductsShown = ReviewsShown;

export const readProductsShown = (params: URLSearchParams): ProductsShown => parseShown(params.get('shown'));

/** Only what differs from all products, so the plain list's address stays /admin/products. */
export function productsShownParams(shown: ProductsShown): URLSearchParams {
  return new URLSearchParams(shown === 'all' ? {} : { shown });
}

export function filterProducts<Product extends { hidden: boolean }>(
  products: readonly Product[],
  shown: ProductsShown,
): Product[] {
  return shown === 'all' ? [...products] : products.filter((product) => product.hidden === (shown === 'hidden'));
}

/** What an empty list says ('No hidden products.'). */
export function noProducts(shown: ProductsShown): string {
  if (shown === 'all') return 'No products yet.';
  return shown === 'hidden' ? 'No hidden products.' : 'No shown products.';
}
