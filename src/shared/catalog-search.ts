import type { Category } from '#shared/constants';
import type { Product, ProductBrowseQuery } from '#shared/schemas/product';

/**
 * The storefront's search: every word of the query must appear in the product's name, category or
 * description (case- and accent-insensitive), optionally within one category. Products whose name holds
 * every word come first, so "sesame" lists the sesame seeds before products whose description mentions it.
 */
export function searchProducts(products: readonly Product[], query: string, category?: Category): Product[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  const inName: Product[] = [];
  const elsewhere: Product[] = [];
  for (const product of products) {
    if (category && product.category !== category) continue;
    const { name, text } = searchableText(product);
    if (words.every((word) => name.includes(word))) {
      inName.push(product);
      continue;
    }
    if (words.every((word) => text.includes(word))) elsewhere.push(product);
  }
  return [...inName, ...elsewhere];
}

// Normalising every product's text for every search cost most of a search of a large catalog: it is done once per
// product object (the catalog's copies live until it changes, and go with it).
const searchable = new WeakMap<Product, { name: string; text: string }>();

function searchableText(product: Product): { name: string; text: string } {
  let found = searchable.get(product);
  if (!found) {
    const name = normalise(product.name);
    found = { name, text: `${name} ${normalise(product.category)} ${normalise(product.description)}` };
    searchable.set(product, found);
  }
  return found;
}

function normalise(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * A page of the catalog as `GET /api/products/browse` answers it: a collection (new launches, best sellers), a
 * category, search words (the storefront's search), then `limit` products from `offset`, in the shop's order.
 */
export function browseCatalog(
  products: readonly Product[],
  { category, collection, q, limit, offset }: ProductBrowseQuery,
): { items: Product[]; total: number } {
  let found = products;
  if (collection === 'new') found = found.filter((product) => product.isNewlyLaunched);
  if (collection === 'bestsellers') found = found.filter((product) => product.isBestSeller);
  found = q
    ? searchProducts(found, q, category)
    : found.filter((product) => !category || product.category === category);
  return { items: found.slice(offset, offset + limit), total: found.length };
}
