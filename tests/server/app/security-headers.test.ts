import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSecurityHeaders, pageSecurityHeaders } from '#server/lib/security-headers';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { exchangeRaw, listenOnFreePort, parseAnswer } from '#tests/raw-http';
import { createWebDist, type WebDist } from '#tests/web-dist';

type Headers = Record<string, string | string[] | number | undefined>;

/** Every header of the expected set with its value, and none of the other set's that differ from it. */
function expectSecurityHeaders(headers: Headers, kind: 'api' | 'page') {
  const [expected, other] =
    kind === 'api' ? [apiSecurityHeaders, pageSecurityHeaders] : [pageSecurityHeaders, apiSecurityHeaders];
  const present = Object.fromEntries(Object.keys({ ...expected, ...other }).map((name) => [name, headers[name]]));
  const wanted = Object.fromEntries(Object.keys({ ...expected, ...other }).map((name) => [name, expected[name]]));
  expect(present).toEqual(wanted);
}

let webDist: WebDist;
let testApp: TestApp;
let port: number;
beforeAll(async () => {
  webDist = await createWebDist({ 'assets/index-abc123.js': 'console.log(1);' });
  testApp = await buildTestApp({ webDistDir: webDist.dir });
  port = await listenOnFreePort(testApp.app);
});
afterAll(async () => {
  await testApp.close();
  await webDist.remove();
});

describe('the two header sets', () => {
  it('keep JSON out of pages and frames, and pages to the shop’s own scripts and no frames', () => {
    expect(apiSecurityHeaders['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(pageSecurityHeaders['content-security-policy']).toContain("frame-ancestors 'none'");
    // X-Frame-Options agrees with frame-ancestors 'none' (SAMEORIGIN would let the shop frame itself).
    expect(pageSecurityHeaders['x-frame-options']).toBe('DENY');
  });
});

describe('JSON answers carry the API set, whatever their address', () => {
  it.each([
    ['GET', '/api/products', 200],
    ['GET', '/api/products/roasted-cashew-nuts', 200],
    ['GET', '/api/products/no-such-nut', 404],
    ['GET', '/api', 404],
    ['GET', '/api?x=1', 404],
    ['GET', '/api/', 404],
    ['GET', '/healthz', 200],
    ['GET', '/api/products/%E0%A4%A', 400],
    ['GET', '/%E0%A4%A', 400],
    ['GET', '/assets/index-gone.js', 404],
    ['GET', '/.env', 404],
    ['POST', '/about', 404],
    ['DELETE', '/', 404],
    ['PUT', '/api/auth/reset-password/a1b2c3', 400],
  ] as const)('%s %s (%i)', async (method, url, status) => {
    const response = await testApp.app.inject({ method, url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectSecurityHeaders(response.headers, 'api');
  });

  it.each([
    ['a body that is not JSON', '{"name": ', 400],
    ['a body over the limit', JSON.stringify({ padding: 'x'.repeat(101 * 1024) }), 413],
  ])('an error for %s sent to a page address', async (_name, payload, status) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/cart',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expectSecurityHeaders(response.headers, 'api');
  });
});

describe('pages and files carry the page set', () => {
  it.each([
    ['/', 200],
    ['/product/roasted-cashew-nuts', 200],
    ['/api/auth/reset-password/a1b2c3', 200],
    ['/no/such/page', 404],
    ['/product/no-such-nut', 404],
    ['/apiary', 404],
    ['/healthzz', 404],
    ['/assets/index-abc123.js', 200],
    ['/robots.txt', 200],
    ['/sitemap.xml', 200],
    ['/images/products/roasted-cashew-nuts.svg', 200],
  ] as const)('GET %s (%i)', async (url, status) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expectSecurityHeaders(response.headers, 'page');
  });
});

describe('requests Node’s HTTP server refuses on its own', () => {
  it.each([
    ['no Host header', 'GET /api/products HTTP/1.1\r\nConnection: close\r\n\r\n', 400],
    ['an Expect other than 100-continue', 'GET / HTTP/1.1\r\nHost: shop.example\r\nExpect: 200-ok\r\n\r\n', 417],
    ['a CONNECT', 'CONNECT shop.example:443 HTTP/1.1\r\nHost: shop.example:443\r\n\r\n', 400],
    ['an unreadable header', 'GET / HTTP/1.1\r\nHost: shop.example\r\nNo colon here\r\n\r\n', 400],
    ['an unknown method', 'BREW /pot HTTP/1.1\r\nHost: shop.example\r\n\r\n', 400],
    [
      'headers over the size limit',
      `GET / HTTP/1.1\r\nHost: shop.example\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
  ])('answers %s with a JSON message and the API set', async (_name, request, status) => {
    const { received } = await exchangeRaw(port, request);
    const answer = parseAnswer(received);
    expect(answer.statusCode).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ message: expect.any(String) });
    expectSecurityHeaders(answer.headers, 'api');
  });

  it('still serves an HTTP/1.0 request without Host, which that version allows', async () => {
    const { received } = await exchangeRaw(port, 'GET /healthz HTTP/1.0\r\n\r\n');
    expect(parseAnswer(received).statusCode).toBe(200);
  });

  it('still honours Expect: 100-continue', async () => {
    const { received } = await exchangeRaw(
      port,
      'GET /healthz HTTP/1.1\r\nHost: shop.example\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n',
    );
    expect(received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK/);
  });
});
