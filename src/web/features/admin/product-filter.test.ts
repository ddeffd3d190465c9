import { describe, expect, it } from 'vitest';
import { filterProducts, noProducts, productsShownParams, readProductsShown } from './product-filter.ts';

const read = (search: string) => readProductsShown(new URLSearchParams(search));

describe('the products in the address bar', () => {
  it('reads shown or hidden, and anything else as all', () => {
    expect(read('shown=hidden')).toBe('hidden');
    expect(read('shown=shown')).toBe('shown');
    for (const search of ['', 'shown=all', 'shown=Hidden', 'shown=yes', 'shown='])
      expect(read(search), search).toBe('all');
  });

  it('writes only what differs from all, and reads back what it writes', () => {
    expect(productsShownParams('all').toString()).toBe('');
    expect(productsShownParams('hidden').toString()).toBe('shown=hidden');
    for (const shown of ['all', 'shown', 'hidden'] as const)
      expect(readProductsShown(productsShownParams(shown))).toBe(shown);
  });
});

describe('filterProducts', () => {
  const products = [
    { name: 'A', hidden: false },
    { name: 'B', hidden: true },
    { name: 'C', hidden: false },
  ];

  it('keeps the shop order, and lists the shown, the hidden or all', () => {
    expect(filterProducts(products, 'all').map(({ name }) => name)).toEqual(['A', 'B', 'C']);
    expect(filterProducts(products, 'shown').map(({ name }) => name)).toEqual(['A', 'C']);
    expect(filterProducts(products, 'hidden').map(({ name }) => name)).toEqual(['B']);
  });

  it('says which products there are none of', () => {
    expect(noProducts('all')).toBe('No products yet.');
    expect(noProducts('hidden')).toBe('No hidden products.');
    expect(noProducts('shown')).toBe('No shown products.');
  });
});
