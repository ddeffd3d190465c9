import type { Category } from '#shared/constants';
import { CATEGORIES } from '#shared/constants';
import type { Product } from '#shared/schemas/product';

/** Reads the category from a URL value; anything else means all categories. */
export function parseCategory(value: string | null | undefined): Category | undefined {
  return CATEGORIES.find((category) => category === value);
}

/**
 * The storefront's search: every word of the query must appear in the product's name, category or
 * description (case- and accent-insensitive), optionally within one category.
 */
export function searchProducts(products: readonly Product[], query: string, category?: Category): Product[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  return products.filter((product) => {
    if (category && product.category !== category) return false;
    const haystack = normalise(`${product.name} ${product.category} ${product.description}`);
    return words.every((word) => haystack.includes(word));
  });
}

function normalise(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
