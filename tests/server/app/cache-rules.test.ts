/**
 * Cache rules (decision 046): pages are `no-cache` in every encoding and status (a page sent
 * brotli or gzip went out `public, max-age=3600`); only fingerprinted files are cached long; every API answer that is
 * not declared public (a customer's data, an answer that needed a token, an error) is `no-store`.
 */
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { cartPayload, checkoutCalls, orderPayload, payOnTestPage, guestAddress, startCheckout } from '#tests/checkout';
import { createWebDist, testIndexHtml, type WebDist } from '#tests/web-dist';

/** A build as Vite writes it: index.html with its .br and .gz, hashed assets, and public files kept by name. */
const favicon = `<svg xmlns="http://www.w3.org/2000/svg">${'<!-- roast -->'.repeat(100)}</svg>`;
const precompressed = (name: string, content: string) => ({
  [name]: content,
  [`${name}.br`]: brotliCompressSync(content),
  [`${name}.gz`]: gzipSync(content),
});

let testApp: TestApp;
let webDist: WebDist;
let customer: TestCustomer;
beforeAll(async () => {
  webDist = await createWebDist({
    ...precompressed('index.html', testIndexHtml),
    ...precompressed('assets/index-abc123.js', `console.log(${JSON.stringify('x'.repeat(4000))});`),
    ...precompressed('favicon.svg', favicon),
  });
  testApp = await buildTestApp({ webDistDir: webDist.dir });
  customer = await insertCustomer(testApp);
});
afterAll(async () => {
  await testApp?.close();
  await webDist?.remove();
});

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  return response.body;
}

const encodings = [
  { acceptEncoding: 'br', sent: 'br' },
  { acceptEncoding: 'gzip', sent: 'gzip' },
  { acceptEncoding: 'identity', sent: undefined },
] as const;

const pages = [
  { kind: 'the home page', url: '/', status: 200 },
  { kind: 'a known product', url: '/product/roasted-cashew-nuts', status: 200 },
  { kind: 'an unknown product', url: '/product/no-such-nut', status: 404 },
  { kind: 'an unknown address', url: '/no/such/page', status: 404 },
  {
    kind: 'the reset page, its secret token in the address',
    url: '/api/auth/reset-password/3f9a1c7e5b2d4a6c8e0f1a3b5c7d9e1f3a5b7c9d1e3f5a7b',
    status: 200,
  },
] as const;

describe('pages are no-cache in every encoding (item 9)', () => {
  describe.each(encodings)('Accept-Encoding: $acceptEncoding', ({ acceptEncoding, sent }) => {
    it.each(pages)('$kind', async ({ url, status }) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-encoding': acceptEncoding },
      });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-encoding']).toBe(sent);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(decoded(response)).toContain('<div id="root">');
    });
  });
});

describe('files: only fingerprinted ones are cached long', () => {
  it.each(encodings)('a hashed asset is immutable for a year (Accept-Encoding: $acceptEncoding)', async (encoding) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': encoding.acceptEncoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding.sent);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ...encodings.map(({ acceptEncoding }) => ({ url: '/favicon.svg', acceptEncoding })),
    { url: '/robots.txt', acceptEncoding: 'br' },
    { url: '/sitemap.xml', acceptEncoding: 'gzip' },
    { url: '/images/products/roasted-cashew-nuts.svg', acceptEncoding: 'gzip' },
  ])('$url keeps its name across releases, so it is revalidated (Accept-Encoding: $acceptEncoding)', async (file) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: file.url,
      headers: { 'accept-encoding': file.acceptEncoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    // Revalidation is cheap: the validator answers 304.
    const again = await testApp.app.inject({
      method: 'GET',
      url: file.url,
      headers: { 'accept-encoding': file.acceptEncoding, 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

function expectNoStore(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['cache-control']).toBe('no-store');
}

describe('private API answers are no-store (item 10)', () => {
  const call = (options: InjectOptions) => testApp.app.inject(options);
  const withToken = () => bearer(customer.token);

  it('GET /api/auth/me with a token', async () => {
    expectNoStore(await call({ method: 'GET', url: '/api/auth/me', headers: withToken() }), 200);
  });

  it('POST /api/auth/login, which answers a token', async () => {
    const response = await call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: customer.email, password: customer.password },
    });
    expectNoStore(response, 200);
  });

  it('every cart call with a token', async () => {
    const headers = withToken();
    expectNoStore(await call({ method: 'GET', url: '/api/cart', headers }), 200);
    expectNoStore(
      await call({
        method: 'POST',
        url: '/api/cart/add',
        headers,
        payload: { _id: 'roasted-cashew-nuts', qty: 2, selectedWeight: '500g' },
      }),
      200,
    );
    expectNoStore(
      await call({
        method: 'PATCH',
        url: '/api/cart/roasted-cashew-nuts',
        headers,
        payload: { selectedWeight: '250g' },
      }),
      200,
    );
    expectNoStore(
      await call({
        method: 'DELETE',
        url: '/api/cart/remove/roasted-cashew-nuts',
        headers,
        payload: { qtyToRemove: 1 },
      }),
      200,
    );
    expectNoStore(
      await call({
        method: 'POST',
        url: '/api/cart/merge',
        headers,
        payload: { items: [{ _id: 'medjool-dates', qty: 1, selectedWeight: '250g' }] },
      }),
      200,
    );
    expectNoStore(await call({ method: 'DELETE', url: '/api/cart/clear', headers }), 200);
  });

  it('a customer’s checkout, its verify, its order call and My Orders, with the token', async () => {
    const payload = cartPayload(guestAddress({ email: customer.email }));
    const calls = checkoutCalls(testApp, customer.token);
    const session = await calls.createSession(payload);
    expectNoStore(session, 200);
    const sessionId = session.json().id as string;
    expect((await payOnTestPage(testApp, sessionId)).statusCode).toBe(303);
    expectNoStore(await calls.verify(sessionId), 200);
    expectNoStore(await calls.placeOrder(orderPayload(sessionId, payload)), 200);
    expectNoStore(await calls.myOrders(), 200);
  });

  it('a guest’s verify and guest order, which carry their name, address and e-mail', async () => {
    const payload = cartPayload();
    const sessionId = await startCheckout(testApp, payload);
    expect((await payOnTestPage(testApp, sessionId)).statusCode).toBe(303);
    const guest = checkoutCalls(testApp);
    expectNoStore(await guest.verify(sessionId), 200);
    expectNoStore(await guest.placeGuestOrder(orderPayload(sessionId, payload)), 200);
  });

  it('the password reset, which needed a token, and errors: no token, an unknown address, a bad body', async () => {
    expectNoStore(
      await call({
        method: 'PUT',
        url: '/api/auth/reset-password/not-a-real-token',
        payload: { password: 'a long new password' },
      }),
      400,
    );
    expectNoStore(await call({ method: 'GET', url: '/api/auth/me' }), 401);
    expectNoStore(await call({ method: 'GET', url: '/api/orders/my-orders', headers: bearer('junk') }), 401);
    // A customer's token on the owner's API.
    expectNoStore(await call({ method: 'GET', url: '/api/admin/orders', headers: withToken() }), 403);
    expectNoStore(await call({ method: 'POST', url: '/api/cart/add', headers: withToken(), payload: { qty: 0 } }), 400);
  });
});

describe('public API answers keep their own caching', () => {
  it('the catalog is revalidated by its ETag, not no-store', async () => {
    for (const url of ['/api/products', '/api/products/roasted-cashew-nuts']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.etag).toBeDefined();
    }
  });

  it.each(['/api/reviews', '/api/orders/payment-config', '/healthz'])('%s is not no-store', async (url) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBeUndefined();
  });
});
