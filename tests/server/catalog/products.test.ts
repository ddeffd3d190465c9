import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/constants';
import { ProductListSchema, ProductSchema, type Product } from '#shared/schemas/product';
import { buildTestApp, type TestApp } from '#tests/build-test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

async function getList(headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'GET', url: '/api/products', headers });
}

describe('GET /api/products', () => {
  it('lists the seeded catalog in the API’s shape, with every category stocked', async () => {
    const response = await getList();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const products = ProductListSchema.parse(response.json());
    expect(products.length).toBeGreaterThanOrEqual(24);
    for (const category of CATEGORIES) {
      expect(products.filter((product) => product.category === category).length).toBeGreaterThanOrEqual(8);
    }
    const names = products.map((product) => product.name);
    expect(names).toEqual(
      expect.arrayContaining(['Roasted Pumpkin Seeds', 'Roasted Cashew Nuts', 'Jumbo Flame Raisins']),
    );
  });

  it('shows prices in pounds with the first weight as the headline price, each product its own', async () => {
    const products: Product[] = (await getList()).json();
    for (const product of products) {
      expect(product.price).toBe(product.weights[0]?.price);
      expect(product.weights[0]).toMatchObject({ label: '250g', grams: 250 });
      for (const weight of product.weights) {
        // Whole pence only: no float residue such as 7.790000000000001 on the wire.
        expect(Math.round(weight.price * 100) / 100).toBe(weight.price);
        // An MRP, where a weight has one, is above its price.
        if (weight.mrp !== null) expect(weight.price).toBeLessThan(weight.mrp);
      }
    }
    const byId = new Map(products.map((product) => [product._id, product]));
    expect(byId.get('roasted-cashew-nuts')?.weights[0]).toMatchObject({ price: 4.19, mrp: 6.99 });
    expect(byId.get('pine-nuts')?.weights[0]).toMatchObject({ price: 8.99, mrp: 11.99 });
    expect(byId.get('golden-linseed')?.weights[0]).toMatchObject({ price: 1.79, mrp: null });
  });

  it('forbids sniffing, framing and cross-origin reads of the data', async () => {
    const response = await getList();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('also answers the spec’s trailing-slash form', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/products/' });
    expect(response.statusCode).toBe(200);
    expect(ProductListSchema.parse(response.json()).length).toBeGreaterThanOrEqual(24);
  });

  it('answers 304 to a repeated request that brings the ETag', async () => {
    const first = await getList();
    const etag = first.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const repeat = await getList({ 'if-none-match': String(etag) });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');

    const stale = await getList({ 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('sends the same list compressed to browsers that accept brotli or gzip', async () => {
    const plain = (await getList()).body;
    const brotli = await getList({ 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain);
    expect(brotli.rawPayload.length).toBeLessThan(plain.length / 3);

    const gzip = await getList({ 'accept-encoding': 'gzip;q=1.0, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
  });

  it('serves a refreshed list with a new ETag after the catalog changes', async () => {
    const before = await getList();
    const { products } = await import('#server/db/schema');
    const { eq } = await import('drizzle-orm');
    await testApp.app.db
      .update(products)
      .set({ name: 'Roasted Cashew Nuts (Lightly Salted)' })
      .where(eq(products.id, 'roasted-cashew-nuts'));
    await testApp.app.catalog.refresh();

    const after = await getList({ 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((after.json() as Product[]).map((product) => product.name)).toContain(
      'Roasted Cashew Nuts (Lightly Salted)',
    );
  });
});

describe('GET /api/products/:id', () => {
  it('answers one product', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/products/jumbo-flame-raisins' });
    expect(response.statusCode).toBe(200);
    const product = ProductSchema.parse(response.json());
    expect(product).toMatchObject({
      _id: 'jumbo-flame-raisins',
      name: 'Jumbo Flame Raisins',
      category: 'Dry Fruits',
      vatRate: 0,
    });
    expect(response.headers.etag).toBeTruthy();
  });

  it.each([
    'no-such-nut',
    'ROASTED-CASHEW-NUTS',
    '%27%20or%201%3D1--',
    '..%2F..%2Fetc%2Fpasswd',
    'a'.repeat(150),
    '%F0%9F%A5%9C',
    '123',
  ])('answers 404 "Product not found" for the id %s', async (id) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Product not found' });
  });
});
