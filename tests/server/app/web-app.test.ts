import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRoutes } from '#shared/page-routes';
import { apiSecurityHeaders } from '#server/lib/security-headers';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { createWebDist, type WebDist } from '#tests/web-dist';

const precompressedVendor = brotliCompressSync('x'.repeat(5000));

let testApp: TestApp;
let webDist: WebDist;
beforeAll(async () => {
  webDist = await createWebDist({
    'assets/index-abc123.js': `console.log(${JSON.stringify('x'.repeat(4000))});`,
    'assets/vendor-def456.js': 'x'.repeat(5000),
    'assets/vendor-def456.js.br': precompressedVendor,
    // What a build may leave beside the app and must never be served.
    '.vite/manifest.json': '{"index.html":{"file":"assets/index-abc123.js","name":"must-not-be-served"}}',
    '.env': 'JWT_SECRET=must-not-be-served',
    'assets/.hidden.js': 'must-not-be-served',
  });
  testApp = await buildTestApp({ webDistDir: webDist.dir });
});
afterAll(async () => {
  await testApp.close();
  await webDist.remove();
});

describe('serving the single-page app', () => {
  it.each([
    '/',
    '/product',
    '/product/roasted-cashew-nuts',
    '/search?query=cashew&category=Nuts',
    '/about/',
    '/admin/audit?action=review.hidden&target=RC-1042&page=2',
    '/admin/products?shown=hidden',
    '/admin/products/new',
    '/admin/products/roasted-cashew-nuts',
  ])('answers index.html to a browser asking for %s', async (url) => {
    const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('sends the build’s precompressed file as it is', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/assets/vendor-def456.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.equals(precompressedVendor)).toBe(true);
  });

  it('answers a missing asset with 404, not the page, so a stale chunk fails visibly', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('serves a real robots.txt rather than the page (the server writes it: tests/server/app/sitemap.test.ts)', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('User-agent');
  });

  it('serves product illustrations as SVG, revalidated as every file whose name outlives its content', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/images/products/roasted-cashew-nuts.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends security headers with a policy that allows only the shop’s own scripts', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // DENY, as the policy's frame-ancestors 'none' says: no site may frame the shop, not even the shop.
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });
});

/** A concrete address for each page pattern, e.g. /product/:productId → /product/roasted-cashew-nuts. */
const samplePageUrls = Object.values(pageRoutes).map((pattern) =>
  pattern.replace(':productId', 'roasted-cashew-nuts').replace(':token', 'a1b2c3d4e5f6'),
);

describe('page addresses', () => {
  it.each(samplePageUrls)('answers %s with 200 and the page', async (url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await testApp.app.inject({ method, url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      if (method === 'GET') expect(response.body).toContain('<div id="root">');
    }
  });

  it.each([
    '/no/such/page',
    '/products',
    '/product/no-such-nut',
    '/product/Roasted-Cashew-Nuts',
    '/product/roasted-cashew-nuts/reviews',
    '/cart/extra',
    '/search/cashew',
    '/apiary',
  ])('answers %s with 404 and the page, whose own screen says it is not found', async (url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await testApp.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      if (method === 'GET') expect(response.body).toContain('<div id="root">');
    }
  });

  it.each(['/api/auth/reset-password', '/api/auth/reset-password/a/b', '/api/products/roasted-cashew-nuts/page'])(
    'answers %s, an API address, with a JSON 404',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    },
  );

  it('answers an unknown page in full even to a browser revalidating its copy', async () => {
    const home = await testApp.app.inject({ method: 'GET', url: '/' });
    const etag = String(home.headers.etag);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/no/such/page',
      headers: { 'if-none-match': etag, range: 'bytes=0-3' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers.etag).toBeUndefined();
    expect(response.body).toContain('<div id="root">');
  });

  it('serves the reset-password page to a GET with the page policy, which lets the app’s scripts run', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/reset-password/a1b2c3d4e5f6' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain("default-src 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('leaves PUT /api/auth/reset-password/{token} to the API, which sets the new password', async () => {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/auth/reset-password/a1b2c3d4e5f6',
      payload: { password: 'a new password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/link/i);
    expect(response.headers['content-security-policy']).toBe(apiSecurityHeaders['content-security-policy']);
  });

  it.each(['POST', 'PATCH', 'DELETE'] as const)(
    'answers %s /api/auth/reset-password/{token} as an unknown API path',
    async (method) => {
      const response = await testApp.app.inject({ method, url: '/api/auth/reset-password/a1b2c3d4e5f6' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
      expect(response.headers['content-security-policy']).toBe(apiSecurityHeaders['content-security-policy']);
    },
  );
});

describe('files the build must not give away', () => {
  it.each(['/.vite/manifest.json', '/%2Evite/manifest.json', '/.vite/', '/.env', '/assets/.hidden.js'])(
    'answers %s with 404',
    async (url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await testApp.app.inject({ method, url });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('must-not-be-served');
      }
    },
  );
});
