/**
 * Pages through the web build's renderer (decision 055), with a stand-in renderer beside a stand-in build: the
 * rendered parts land in the page, the renderer gets the catalog from memory and the reviews only for /reviews,
 * unknown products keep their 404, and a renderer that throws leaves the empty shell, never a 5xx.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app';

const shell =
  '<!doctype html><html><head><link rel="preload" href="/api/products" as="fetch" crossorigin="anonymous" />' +
  '<title>Shell title</title></head><body><div id="root"></div></body></html>';

// Echoes what it was given, so the test can see it; throws for /contact.
const standInRenderer = `
export async function renderPage({ url, origin, products, reviews }) {
  if (url.startsWith('/contact')) throw new Error('render failed on purpose');
  return {
    head: '<title>Rendered ' + url + '</title><meta name="description" content="d"/>',
    body: '<main>' + url + ' products=' + products.length + ' reviews=' + (reviews ? reviews.length : 'none') + '</main>',
    afterRoot: '<noscript><footer>f</footer></noscript>',
    data: JSON.stringify({ origin }),
  };
}
`;

let root: string;
let testApp: TestApp;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'roast-ssr-'));
  await mkdir(path.join(root, 'web'));
  await mkdir(path.join(root, 'ssr'));
  await writeFile(path.join(root, 'web', 'index.html'), shell);
  await writeFile(path.join(root, 'ssr', 'entry-server.js'), standInRenderer);
  testApp = await buildTestApp({ webDistDir: path.join(root, 'web'), publicUrl: 'https://shop.example' });
});
afterAll(async () => {
  await testApp.close();
  await rm(root, { recursive: true, force: true });
});

const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('pages rendered on the server', () => {
  it('puts the rendered metadata in the head, the markup in the root, then what goes after it and the page data', async () => {
    const response = await get('/about');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const products = testApp.app.catalog.products().length;
    expect(products).toBeGreaterThan(0);
    expect(response.body).toBe(
      '<!doctype html><html><head><title>Rendered /about</title><meta name="description" content="d"/></head>' +
        `<body><div id="root"><main>/about products=${products} reviews=none</main></div>` +
        '<noscript><footer>f</footer></noscript>' +
        '<script type="application/json" id="page-data">{"origin":"https://shop.example"}</script></body></html>',
    );
  });

  it('hands the reviews to the reviews page only', async () => {
    expect((await get('/reviews')).body).toContain('reviews=0');
    expect((await get('/')).body).toContain('reviews=none');
  });

  it('answers an unknown product 404 with its rendered page', async () => {
    const response = await get('/product/no-such-nut');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Rendered /product/no-such-nut</title>');
  });

  it('answers the empty shell when rendering throws', async () => {
    const response = await get('/contact');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(shell);
  });
});
