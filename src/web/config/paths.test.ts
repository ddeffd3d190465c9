import { describe, expect, it } from 'vitest';
import { pageRoutes } from '#shared/page-routes';
import { paths } from './paths.ts';

describe('paths', () => {
  it('builds product and list links', () => {
    expect(paths.product.getHref('roasted-cashew-nuts')).toBe('/product/roasted-cashew-nuts');
    expect(paths.products.getHref()).toBe('/product');
    expect(paths.products.getHref('Dry Fruits')).toBe('/product?category=Dry+Fruits');
  });

  it('leaves an empty query and "All categories" out of search links', () => {
    expect(paths.search.getHref('  cashew ')).toBe('/search?query=cashew');
    expect(paths.search.getHref('cashew', 'Nuts')).toBe('/search?query=cashew&category=Nuts');
    expect(paths.search.getHref('', 'Seeds')).toBe('/search?category=Seeds');
    expect(paths.search.getHref('')).toBe('/search');
  });

  it('has a link builder for exactly the pages the server answers', () => {
    expect(Object.keys(paths).sort()).toEqual(Object.keys(pageRoutes).sort());
  });
});
