/**
 * /sitemap.xml and robots.txt (decision 056): every page worth a search result and every product in
 * the catalog, at PUBLIC_URL, none of a visitor's own screens; robots.txt names the sitemap in full and keeps
 * crawlers out of the API and those screens. Both are public files: revalidated by ETag, never no-store, with the
 * page security headers, and the server's own even where a build still holds a robots.txt.
 */
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRoutes } from '#shared/page-routes';
import type { Product } from '#shared/schemas/product';
import { pageSecurityHeaders } from '#server/lib/security-headers';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { createWebDist, type WebDist } from '#tests/web-dist';

const origin = 'https://shop.example';

let testApp: TestApp;
let webDist: WebDist;
beforeAll(async () => {
  // A robots.txt left in the build (public/ used to hold one) must not be what crawlers get.
  webDist = await createWebDist({ 'robots.txt': 'User-agent: *\nDisallow:\n' });
  testApp = await buildTestApp({ webDistDir: webDist.dir, publicUrl: origin });
});
afterAll(async () => {
  await testApp?.close();
  await webDist?.remove();
});

const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });

async function apiProducts(): Promise<Product[]> {
  return (await get('/api/products')).json();
}

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
}

describe('GET /sitemap.xml', () => {
  it('lists the public pages and every product in the catalog, at absolute addresses', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );

    const products = await apiProducts();
    expect(products.length).toBeGreaterThanOrEqual(24);
    expect(locs(response.body).sort()).toEqual(
      [
        `${origin}/`,
        `${origin}/product`,
        `${origin}/products/bestsellers`,
        `${origin}/products/new-launches`,
        `${origin}/reviews`,
        `${origin}/about`,
        `${origin}/contact`,
        `${origin}/privacy`,
        `${origin}/terms`,
        `${origin}/delivery`,
        `${origin}/returns`,
        `${origin}/faq`,
        ...products.map((product) => `${origin}/product/${product._id}`),
      ].sort(),
    );
  });

  it('leaves out the cart, checkout, account screens, search and the owner’s screens', async () => {
    const listed = locs((await get('/sitemap.xml')).body).map((loc) => new URL(loc).pathname);
    for (const path of [
      pageRoutes.cart,
      pageRoutes.shipping,
      pageRoutes.success,
      pageRoutes.cancel,
      pageRoutes.orderConfirmation,
      pageRoutes.myOrders,
      pageRoutes.login,
      pageRoutes.signup,
      pageRoutes.forgotPassword,
      pageRoutes.search,
      pageRoutes.admin,
      pageRoutes.adminReviews,
      pageRoutes.adminMessages,
      pageRoutes.adminAudit,
      pageRoutes.adminProducts,
      pageRoutes.adminNewProduct,
      '/admin/products/roasted-cashew-nuts',
    ]) {
      expect(listed).not.toContain(path);
    }
    expect(listed.filter((path) => path.startsWith('/api/'))).toEqual([]);
  });

  it('is revalidated by ETag (304), precompressed, never no-store, with the page security headers', async () => {
    const response = await get('/sitemap.xml', { 'accept-encoding': 'gzip, br' });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe((await get('/sitemap.xml')).body);
    for (const [name, value] of Object.entries(pageSecurityHeaders)) expect(response.headers[name]).toBe(value);

    const again = await get('/sitemap.xml', { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('follows the catalog: a product that leaves it leaves the sitemap, with a new ETag', async () => {
    const before = await get('/sitemap.xml');
    expect(locs(before.body)).toContain(`${origin}/product/medjool-dates`);

    await testApp.app.db.execute(sql`delete from products where id = 'medjool-dates'`);
    await testApp.app.catalog.refresh();

    const after = await get('/sitemap.xml', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(locs(after.body)).not.toContain(`${origin}/product/medjool-dates`);
    expect(locs(after.body)).toHaveLength(locs(before.body).length - 1);
  });
});

describe('GET /robots.txt', () => {
  it('names the sitemap at PUBLIC_URL and disallows the API and the private screens', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice(10));
    expect(disallowed).toEqual(
      expect.arrayContaining([
        '/api/',
        '/shipping',
        '/success',
        '/my-orders',
        '/login',
        '/signup',
        '/admin/audit',
        '/admin/products',
      ]),
    );
    // The cart's page is the same empty cart for everyone: crawlable (Lighthouse's SEO audit fails a blocked page), not listed.
    expect(disallowed.filter((rule) => '/cart'.startsWith(rule))).toEqual([]);
    expect(locs((await get('/sitemap.xml')).body)).not.toContain(`${origin}/cart`);
    // Nothing the sitemap lists is disallowed (a prefix rule would catch /product/… too).
    for (const loc of locs((await get('/sitemap.xml')).body)) {
      const path = new URL(loc).pathname;
      expect(
        disallowed.filter((rule) => path.startsWith(rule)),
        path,
      ).toEqual([]);
    }
  });

  it('is revalidated by ETag, with the page security headers', async () => {
    const response = await get('/robots.txt');
    expect(response.headers['cache-control']).toBe('no-cache');
    for (const [name, value] of Object.entries(pageSecurityHeaders)) expect(response.headers[name]).toBe(value);
    expect((await get('/robots.txt', { 'if-none-match': String(response.headers.etag) })).statusCode).toBe(304);
  });
});
