import { describe, expect, it } from 'vitest';
import { searchProducts } from './catalog-search.ts';
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

describe('parseCategory', () => {
  it('accepts only the shop’s categories', () => {
    expect(parseCategory('Dry Fruits')).toBe('Dry Fruits');
    expect(parseCategory('dry fruits')).toBeUndefined();
    expect(parseCategory(null)).toBeUndefined();
    expect(parseCategory('All categories')).toBeUndefined();
  });
});
