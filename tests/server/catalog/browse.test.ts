/**
 * The catalog in parts, for catalogs too large to send whole (decision 081): `GET /api/products/browse` pages it by
 * category, collection or search words in the shop's order, and `GET /api/products?ids=` answers a guest cart's few
 * products. Bad parameters are refused with a message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchProducts } from '#shared/catalog-search';
import { type Product, ProductPageSchema } from '#shared/schemas/product';
import { buildTestApp, type TestApp } from '#tests/build-test-app';

let testApp: TestApp;
let catalog: Product[];
beforeAll(async () => {
  testApp = await buildTestApp();
  catalog = (await testApp.app.inject({ method: 'GET', url: '/api/products' })).json();
});
afterAll(() => testApp.close());

const browse = async (query: string) => {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/products/browse?${query}` });
  expect(response.statusCode).toBe(200);
  return ProductPageSchema.parse(response.json());
};
const ids = (products: readonly Product[]) => products.map((product) => product._id);

describe('GET /api/products/browse', () => {
  it('pages the whole catalog in the shop’s order, 24 at a time unless asked otherwise', async () => {
    const first = await browse('');
    expect(first.total).toBe(catalog.length);
    expect(ids(first.items)).toEqual(ids(catalog.slice(0, 24)));
    const second = await browse('limit=10&offset=20');
    expect(ids(second.items)).toEqual(ids(catalog.slice(20, 30)));
  });

  it('narrows to a category, a collection, or the storefront’s search words', async () => {
    const seeds = await browse('category=Seeds&limit=100');
    expect(ids(seeds.items)).toEqual(ids(catalog.filter((product) => product.category === 'Seeds')));
    const bestsellers = await browse('collection=bestsellers&limit=100');
    expect(ids(bestsellers.items)).toEqual(ids(catalog.filter((product) => product.isBestSeller)));
    const cashew = await browse('q=cashew&limit=100');
    expect(cashew.total).toBeGreaterThan(0);
    expect(ids(cashew.items)).toEqual(ids(searchProducts(catalog, 'cashew')));
    const seedsWithSalt = await browse('q=salt&category=Seeds&limit=100');
    expect(ids(seedsWithSalt.items)).toEqual(ids(searchProducts(catalog, 'salt', 'Seeds')));
  });

  it.each([
    ['limit=0', 'limit must be at least 1.'],
    ['limit=101', 'limit must be at most 100.'],
    ['offset=-1', 'offset must be at least 0.'],
    ['category=Sweets', 'category must be one of Nuts, Dry Fruits, Seeds.'],
    ['collection=all', 'collection must be new or bestsellers.'],
    [`q=${'a'.repeat(101)}`, 'q must be at most 100 characters.'],
  ])('refuses %s with 400 and says why', async (query, message) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/products/browse?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('GET /api/products?ids=', () => {
  it('answers only the products named, in the shop’s order, leaving out ids it does not sell', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/products?ids=walnut-halves,no-such-nut,roasted-cashew-nuts',
    });
    expect(response.statusCode).toBe(200);
    expect(ids(response.json())).toEqual(['roasted-cashew-nuts', 'walnut-halves']);
  });

  it('refuses what is not a list of product ids, or more than 100 of them', async () => {
    const bad = await testApp.app.inject({ method: 'GET', url: '/api/products?ids=Walnuts!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('ids must be product ids.');
    const many = Array.from({ length: 101 }, (_, index) => `p${index}`).join(',');
    const tooMany = await testApp.app.inject({ method: 'GET', url: `/api/products?ids=${many}` });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('ids names at most 100 products.');
  });
});
