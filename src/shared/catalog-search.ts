import type { Category, ProductSort } from '#shared/constants';
import type { Product, ProductBrowseQuery, ProductPage } from '#shared/schemas/product';
import { allergenTerms, nearWords, normalise, singular, TYPO_MIN_LENGTH, wordsOf } from './search-words.ts';

/** What a search found, and for one found only by near words, the words corrected ('Did you mean …?'). */
export interface SearchResult {
  products: Product[];
  suggestion?: string;
}

/**
 * The storefront's search (decision 110): every word of the query must be in the product's name, category,
 * description, ingredients or allergens (case- and accent-insensitive, anywhere in a word), or its singular must be
 * that of a word there ('walnuts' finds 'Walnut Halves', 'cranberry' 'Dried Cranberries'), optionally within one
 * category. The product named exactly as the query comes first, then those whose name holds every word, then the
 * rest, each in the order given. When no product holds every word, a word of five letters or more that no product
 * holds is read as the catalog's words one typo from it ('almnods' almonds, 'cashw' cashews), and what those find
 * comes with the corrected words. The words are looked for among `vocabularyFrom`'s, the whole catalog's where
 * `products` is a part of it (kept per catalog).
 */
export function searchCatalog(
  products: readonly Product[],
  query: string,
  category?: Category,
  vocabularyFrom: readonly Product[] = products,
): SearchResult {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  const candidates = category ? products.filter((product) => product.category === category) : products;
  const terms = words.map(exactTerm);
  const found = rank(candidates, terms, words);
  if (found.length > 0 || words.length === 0) return { products: found };

  // Nothing holds every word: a word the catalog's words do not hold may be a typo. Asked of the vocabulary (some
  // thousands of short words) rather than of every product's text, a scan that costs as much as the search.
  const vocabulary = vocabularyOf(vocabularyFrom);
  const corrected: Term[] = [];
  for (const term of terms) {
    if (term.word.length >= TYPO_MIN_LENGTH && !vocabularyHolds(vocabulary, term)) {
      const near = nearWords(term.word, vocabulary);
      if (near.length === 0) return { products: [] };
      corrected.push({ word: term.word, needles: near, near: true });
    } else corrected.push(term);
  }
  if (!corrected.some((term) => term.near)) return { products: [] };
  const nearFound = rank(candidates, corrected, []);
  if (nearFound.length === 0) return { products: [] };
  return { products: nearFound, suggestion: corrected.map((term) => suggestedWord(term, nearFound)).join(' ') };
}

/** searchCatalog's products alone. */
export function searchProducts(products: readonly Product[], query: string, category?: Category): Product[] {
  return searchCatalog(products, query, category).products;
}

/** A word of the query: found as itself anywhere in the text, or (letters only) its singular as a whole word. */
interface Term {
  word: string;
  needles: readonly string[];
  singular?: string;
  near?: boolean;
}

function exactTerm(word: string): Term {
  return { word, needles: [word], ...(/^\p{L}+$/u.test(word) ? { singular: ` ${singular(word)} ` } : {}) };
}

/** Whether one of the catalog's words holds the term, as a product's text would. */
function vocabularyHolds(vocabulary: readonly string[], term: Term): boolean {
  const wanted = term.singular?.trim();
  return vocabulary.some((word) => word.includes(term.word) || (wanted !== undefined && singular(word) === wanted));
}

function holds(text: { text: string; words: string }, term: Term): boolean {
  if (term.singular && text.words.includes(term.singular)) return true;
  return term.needles.some((needle) => text.text.includes(needle));
}

/** The products holding every term: named exactly as `words` say first, then by name, then elsewhere. */
function rank(products: readonly Product[], terms: readonly Term[], words: readonly string[]): Product[] {
  const query = words.join(' ');
  const querySingulars = ` ${words.map(singular).join(' ')} `;
  const named: Product[] = [];
  const inName: Product[] = [];
  const elsewhere: Product[] = [];
  for (const product of products) {
    const found = searchable(product);
    if (!terms.every((term) => holds(found, term))) continue;
    if (query && (found.name.text === query || found.name.words === querySingulars)) named.push(product);
    else if (terms.every((term) => holds(found.name, term))) inName.push(product);
    else elsewhere.push(product);
  }
  return [...named, ...inName, ...elsewhere];
}

/** For a corrected word, the near word most of the found products hold (the shorter, then the first in A–Z). */
function suggestedWord(term: Term, found: readonly Product[]): string {
  if (!term.near) return term.word;
  let best = term.word;
  let bestCount = 0;
  for (const needle of term.needles) {
    const count = found.filter((product) => searchable(product).text.includes(needle)).length;
    const better =
      count > bestCount ||
      (count === bestCount && (needle.length < best.length || (needle.length === best.length && needle < best)));
    if (better) {
      best = needle;
      bestCount = count;
    }
  }
  return best;
}

interface Searchable {
  name: { text: string; words: string };
  text: string;
  /** Every word's singular, each between spaces, so a needle between spaces matches a whole word. */
  words: string;
  /** Its distinct words of letters, for the catalog's vocabulary. */
  vocabulary: readonly string[];
}

// Normalising every product's text for every search cost most of a search of a large catalog: it is done once per
// product object (the catalog's copies live until it changes, and go with it).
const searchables = new WeakMap<Product, Searchable>();

function searchable(product: Product): Searchable {
  let found = searchables.get(product);
  if (!found) {
    const name = normalise(product.name);
    const text = [
      name,
      normalise(product.category),
      normalise(product.description),
      normalise(product.ingredients),
      allergenTerms(product.allergens, normalise(product.ingredients)),
    ].join(' ');
    const textWords = wordsOf(text);
    found = {
      name: { text: name, words: ` ${wordsOf(name).map(singular).join(' ')} ` },
      text,
      words: ` ${textWords.map(singular).join(' ')} `,
      vocabulary: [...new Set(textWords.filter((word) => /^\p{L}+$/u.test(word)))],
    };
    searchables.set(product, found);
  }
  return found;
}

// The catalog's words, once per catalog (the server's list lives until the catalog changes).
const vocabularies = new WeakMap<readonly Product[], readonly string[]>();

function vocabularyOf(products: readonly Product[]): readonly string[] {
  let vocabulary = vocabularies.get(products);
  if (!vocabulary) {
    const words = new Set<string>();
    for (const product of products) for (const word of searchable(product).vocabulary) words.add(word);
    vocabulary = [...words];
    vocabularies.set(products, vocabulary);
  }
  return vocabulary;
}

const byName = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });

/** Ratings high to low, the products without one last; more reviews first among equal averages. */
function byRating(a: Product, b: Product): number {
  const averageA = a.rating?.average ?? null;
  const averageB = b.rating?.average ?? null;
  if (averageA !== averageB) {
    if (averageA === null) return 1;
    if (averageB === null) return -1;
    return averageB - averageA;
  }
  return (b.rating?.count ?? 0) - (a.rating?.count ?? 0);
}

/** Each sort's order; ties keep the shop's order (Array.prototype.sort is stable). */
const SORTS: Record<ProductSort, (a: Product, b: Product) => number> = {
  // `price` is the first weight's, the smallest pack's: what the card shows.
  'price-asc': (a, b) => a.price - b.price,
  'price-desc': (a, b) => b.price - a.price,
  rating: byRating,
  name: (a, b) => byName.compare(a.name, b.name),
};

// Sorting 5,000 products by name takes longer than answering the page: each order is kept per catalog.
const sortedCatalogs = new WeakMap<readonly Product[], Partial<Record<ProductSort, readonly Product[]>>>();

function sortedCatalog(products: readonly Product[], sort: ProductSort): readonly Product[] {
  let orders = sortedCatalogs.get(products);
  if (!orders) {
    orders = {};
    sortedCatalogs.set(products, orders);
  }
  let sorted = orders[sort];
  if (!sorted) {
    sorted = [...products].sort(SORTS[sort]);
    orders[sort] = sorted;
  }
  return sorted;
}

/** Browsing's narrowing: what a list shows, before its order and paging. */
export type CatalogNarrowing = Pick<ProductBrowseQuery, 'category' | 'collection' | 'q' | 'sort' | 'free-from'>;

/**
 * A page of the catalog as `GET /api/products/browse` answers it: a collection (new launches, best sellers), without
 * the allergens `free-from` names (contained or possibly present), a category, search words (the storefront's
 * search, best matches first), then `limit` products from `offset`, in the order `sort` asks or else the shop's.
 */
export function browseCatalog(
  products: readonly Product[],
  query: CatalogNarrowing & Pick<ProductBrowseQuery, 'limit' | 'offset'>,
): ProductPage {
  const { category, collection, q, sort, limit, offset } = query;
  const freeFrom = query['free-from'] ?? [];
  let found: readonly Product[] = products;
  if (collection === 'new') found = found.filter((product) => product.isNewlyLaunched);
  if (collection === 'bestsellers') found = found.filter((product) => product.isBestSeller);
  if (freeFrom.length > 0) {
    found = found.filter(
      (product) =>
        !freeFrom.some((allergen) => product.allergens.includes(allergen) || product.mayContain.includes(allergen)),
    );
  }
  let suggestion: string | undefined;
  if (q) {
    const result = searchCatalog(found, q, category, products);
    found = result.products;
    suggestion = result.suggestion;
  } else if (category) found = found.filter((product) => product.category === category);
  if (sort) {
    const kept = new Set(found);
    found = sortedCatalog(products, sort).filter((product) => kept.has(product));
  }
  return { items: found.slice(offset, offset + limit), total: found.length, ...(suggestion ? { suggestion } : {}) };
}
