import { describe, expect, it } from 'vitest';
import { browseCatalog, searchCatalog, searchProducts } from './catalog-search.ts';
import { parseCategory } from './constants.ts';
import type { Product } from './schemas/product.ts';

function product(overrides: Partial<Product>): Product {
  return {
    _id: 'x',
    name: 'X',
    category: 'Nuts',
    image: '/images/products/x.svg',
    price: 4.19,
    description: '',
    weights: [{ label: '250g', grams: 250, price: 4.19, mrp: 6.99, inStock: true }],
    isNewlyLaunched: false,
    rating: { average: null, count: 0 },
    isBestSeller: false,
    allergens: [],
    vatRate: 0,
    ingredients: '',
    mayContain: [],
    nutrition: null,
    origin: '',
    storage: '',
    ...overrides,
  };
}

const products = [
  product({ _id: 'cashew', name: 'Roasted Cashew Nuts', category: 'Nuts', description: 'Buttery and crisp.' }),
  product({ _id: 'pumpkin', name: 'Roasted Pumpkin Seeds', category: 'Seeds', description: 'Toasted pepitas.' }),
  product({
    _id: 'raisins',
    name: 'Jumbo Flame Raisins',
    category: 'Dry Fruits',
    description: 'Plump and sweet, crème de la crème.',
  }),
];

const ids = (list: Product[]) => list.map((item) => item._id);

describe('searchProducts', () => {
  it('finds by any case of a word in the name', () => {
    expect(ids(searchProducts(products, 'CASHEW'))).toEqual(['cashew']);
  });

  it('needs every word to match, in any order', () => {
    expect(ids(searchProducts(products, 'seeds roasted'))).toEqual(['pumpkin']);
    expect(ids(searchProducts(products, 'roasted'))).toEqual(['cashew', 'pumpkin']);
    expect(ids(searchProducts(products, 'roasted raisins'))).toEqual([]);
  });

  it('limits to a category when one is chosen', () => {
    expect(ids(searchProducts(products, 'roasted', 'Seeds'))).toEqual(['pumpkin']);
    expect(ids(searchProducts(products, '', 'Dry Fruits'))).toEqual(['raisins']);
  });

  it('lists products named for the words before those that only mention them', () => {
    const withMention = [
      product({ _id: 'almonds', name: 'Roasted Almonds', description: 'Packed in a kitchen that handles sesame.' }),
      product({ _id: 'sesame', name: 'Hulled Sesame Seeds', category: 'Seeds', description: 'Nutty.' }),
    ];
    expect(ids(searchProducts(withMention, 'sesame'))).toEqual(['sesame', 'almonds']);
  });

  it('ignores accents and surrounding space', () => {
    expect(ids(searchProducts(products, '  creme  '))).toEqual(['raisins']);
  });

  it('treats odd characters as text, not patterns', () => {
    expect(searchProducts(products, '.*(')).toEqual([]);
  });
});

describe('searchCatalog', () => {
  const nuts = [
    product({ _id: 'mix', name: 'Fruit and Nut Mix', description: 'With almonds and raisins.' }),
    product({ _id: 'almonds', name: 'Roasted Almonds', ingredients: 'Almonds, sea salt' }),
    product({ _id: 'apricots', name: 'Dried Apricots', allergens: ['Sulphur dioxide and sulphites'] }),
    product({ _id: 'flapjack', name: 'Flapjack Bites', ingredients: 'Rolled oats, honey' }),
  ];

  it('lists the product named exactly first, then by name, then elsewhere', () => {
    const named = [...nuts, product({ _id: 'exact', name: 'Almonds' })];
    expect(ids(searchProducts(named, 'almonds'))).toEqual(['exact', 'almonds', 'mix']);
  });

  it('finds allergens by their everyday words and ingredients by the allergen’s name', () => {
    expect(ids(searchProducts(nuts, 'sulphites'))).toEqual(['apricots']);
    expect(ids(searchProducts(nuts, 'gluten'))).toEqual(['flapjack']);
  });

  it('finds words near a typo and says what they were, only when nothing matched as typed', () => {
    expect(searchCatalog(nuts, 'almnods')).toEqual({ products: [nuts[1], nuts[0]], suggestion: 'almonds' });
    expect(searchCatalog(nuts, 'roasted almnods')).toMatchObject({ suggestion: 'roasted almonds' });
    expect(searchCatalog(nuts, 'almonds').suggestion).toBeUndefined();
    expect(searchCatalog(nuts, 'qwertyuiop')).toEqual({ products: [] });
  });

  it('offers no correction when every word is in the catalog but no product has them all', () => {
    expect(searchCatalog(nuts, 'flapjack apricots')).toEqual({ products: [] });
  });
});

describe('browseCatalog', () => {
  const page = { limit: 10, offset: 0 };
  const rated = [
    product({ _id: 'none', name: 'B', price: 3, rating: { average: null, count: 0 } }),
    product({ _id: 'four', name: 'a', price: 5, rating: { average: 4, count: 2 } }),
    product({ _id: 'unrated', name: 'C', price: 1, mayContain: ['Peanuts'] }),
    product({ _id: 'five', name: 'D', price: 5, rating: { average: 4.5, count: 1 }, allergens: ['Milk'] }),
  ];

  it('sorts by rating high to low, the unrated last in the shop’s order', () => {
    expect(ids(browseCatalog(rated, { ...page, sort: 'rating' }).items)).toEqual(['five', 'four', 'none', 'unrated']);
  });

  it('sorts by price either way and by name without case, ties in the shop’s order', () => {
    expect(ids(browseCatalog(rated, { ...page, sort: 'price-asc' }).items)).toEqual([
      'unrated',
      'none',
      'four',
      'five',
    ]);
    expect(ids(browseCatalog(rated, { ...page, sort: 'price-desc' }).items)).toEqual([
      'four',
      'five',
      'none',
      'unrated',
    ]);
    expect(ids(browseCatalog(rated, { ...page, sort: 'name' }).items)).toEqual(['four', 'none', 'unrated', 'five']);
  });

  it('leaves out what contains or may contain an allergen named', () => {
    const result = browseCatalog(rated, { ...page, 'free-from': ['Peanuts', 'Milk'] });
    expect(ids(result.items)).toEqual(['none', 'four']);
    expect(result.total).toBe(2);
  });
});

describe('parseCategory', () => {
  it('accepts only the shop’s categories', () => {
    expect(parseCategory('Dry Fruits')).toBe('Dry Fruits');
    expect(parseCategory('dry fruits')).toBeUndefined();
    expect(parseCategory(null)).toBeUndefined();
    expect(parseCategory('All categories')).toBeUndefined();
  });
});
