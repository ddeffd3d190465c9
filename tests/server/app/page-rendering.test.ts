/**
 * Pages through the web build's renderer (decision 055), with a stand-in renderer beside a stand-in build: the
 * rendered parts land in the page, the renderer gets the catalog from memory and the reviews only for /reviews,
 * unknown products keep their 404, and a renderer that throws leaves the empty shell, never a 5xx. Pages at their
 * own address are rendered once per catalog (and reviews) version and kept with ETag and compressed forms
 * (decision 058).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app';

const shell =
  '<!doctype html><html><head>' + '<title>Shell title</title></head><body><div id="root"></div></body></html>';

// Echoes what it was given, so the test can see it, and numbers its calls, so a test sees which answers were
// rendered afresh; throws for /contact; takes 20 ms for a search, as a real render of one takes tens of them.
const standInRenderer = `
let calls = 0;
export async function renderPage({ url, origin, products, reviews }) {
  calls += 1;
  if (url.startsWith('/contact')) throw new Error('render failed on purpose, call ' + calls);
  if (url.startsWith('/search')) await new Promise((resolve) => setTimeout(resolve, 20));
  return {
    head: '<title>Rendered ' + url + '</title><meta name="description" content="d"/>',
    body: '<main>' + url + ' products=' + products.length + ' reviews=' + (reviews ? reviews.items.length + ' of ' + reviews.total : 'none') +
      ' call=' + calls + '</main>',
    afterRoot: '<noscript><footer>f</footer></noscript>',
    data: JSON.stringify(reviews ? { origin, reviews } : { origin }),
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

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
/** The renderer's call number the page was rendered on. */
const renderCall = (body: string) => Number(/ call=(\d+)</.exec(body)?.[1]);

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
        `<body><div id="root"><main>/about products=${products} reviews=none call=${renderCall(response.body)}</main></div>` +
        '<noscript><footer>f</footer></noscript>' +
        '<script type="application/json" id="page-data">{"origin":"https://shop.example"}</script></body></html>',
    );
  });

  it('hands the reviews to the reviews page only', async () => {
    expect((await get('/reviews')).body).toContain('reviews=0 of 0');
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

describe('pages kept prepared for every visitor', () => {
  it('renders a page once and answers it again from memory, with an ETag and a 304 for a browser that holds it', async () => {
    const first = await get('/about');
    const second = await get('/about');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers['cache-control']).toBe('no-cache');

    const revalidated = await get('/about', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('sends the same page in brotli and gzip, compressed in advance', async () => {
    const identity = await get('/product');
    const brotli = await get('/product', { 'accept-encoding': 'br' });
    const gzip = await get('/product', { 'accept-encoding': 'gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(identity.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(identity.body);
  });

  it('renders a product page once per catalog version: a catalog change shows at once', async () => {
    const [product] = testApp.app.catalog.products();
    const url = `/product/${encodeURIComponent(product!._id)}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(renderCall((await get(url)).body)).toBe(renderCall(first.body));

    await testApp.app.catalog.refresh();
    const afterChange = await get(url);
    expect(renderCall(afterChange.body)).toBeGreaterThan(renderCall(first.body));
    expect(afterChange.headers.etag).not.toBe(first.headers.etag);
  });

  it('renders the reviews page again when a review is added, and not before', async () => {
    const first = await get('/reviews');
    expect(renderCall((await get('/reviews')).body)).toBe(renderCall(first.body));
    const posted = await testApp.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { name: 'Ada', rating: 5, message: 'Lovely almonds.' },
    });
    expect(posted.statusCode).toBe(201);
    const afterReview = await get('/reviews');
    expect(afterReview.body).toContain(`reviews=${Number(/reviews=(\d+)/.exec(first.body)?.[1]) + 1} of`);
    expect(renderCall(afterReview.body)).toBeGreaterThan(renderCall(first.body));
  });

  it('renders for the request alone what is not a page at its own address', async () => {
    for (const url of ['/search?query=cashew', '/product?category=Nuts', '/product/no-such-nut']) {
      const first = renderCall((await get(url)).body);
      expect(renderCall((await get(url)).body), url).toBe(first + 1);
    }
  });

  it('keeps no failed render: the next visitor gets another try', async () => {
    expect((await get('/contact')).body).toBe(shell);
    const before = renderCall((await get('/search?query=again')).body);
    expect((await get('/contact')).body).toBe(shell);
    expect(renderCall((await get('/search?query=again')).body)).toBe(before + 2);
  });
});

describe('query parameters a page does not read', () => {
  const random = () => Math.random().toString(36).slice(2);

  it('serve the page kept at its own address: rendered once, the same bytes as the plain page', async () => {
    for (const page of [
      '/',
      '/about',
      '/reviews',
      `/product/${encodeURIComponent(testApp.app.catalog.products()[0]!._id)}`,
    ]) {
      const plain = await get(page);
      for (let visit = 0; visit < 20; visit += 1) {
        const tagged = await get(`${page}?utm_source=${random()}&utm_campaign=${random()}&gclid=${random()}&fbclid=x`);
        expect(tagged.statusCode).toBe(200);
        expect(tagged.body, page).toBe(plain.body);
        expect(tagged.headers.etag).toBe(plain.headers.etag);
      }
    }
  });

  it('are left out of a page that reads others: the list keeps its category, the search its words', async () => {
    const list = await get(`/product?utm_source=${random()}&category=Nuts&gclid=${random()}`);
    expect(list.body).toContain('<main>/product?category=Nuts products=');
    const search = await get(`/search?query=cashew&fbclid=${random()}`);
    expect(search.body).toContain('<main>/search?query=cashew products=');
    expect(renderCall((await get(`/product?utm_source=${random()}`)).body)).toBe(
      renderCall((await get('/product')).body),
    );
  });
});

describe('renders for one request alone', () => {
  it('take turns: 40 distinct searches at once render at most one running and eight waiting, the rest get the shell', async () => {
    const before = renderCall((await get('/search?query=before')).body);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => get(`/search?query=flood-${index}-${Math.random()}`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(200));
    const rendered = answers.filter((answer) => answer.body !== shell);
    expect(rendered.length).toBeGreaterThanOrEqual(1);
    expect(rendered.length).toBeLessThanOrEqual(9);
    const after = renderCall((await get('/search?query=after')).body);
    // The renderer ran for the rendered answers and the one after, no more.
    expect(after - before - 1).toBe(rendered.length);
    // Kept pages are answered meanwhile, from memory.
    expect((await get('/about')).body).not.toBe(shell);
  });
});

describe('the reviews page at 5,000 reviews', () => {
  it('holds the first 20 reviews and the count, in a few kilobytes', async () => {
    await testApp.app.db.execute(
      sql`insert into reviews (id, name, rating, message)
          select 'many-' || n, 'Shopper ' || n, 1 + n % 5, 'A review of some length, number ' || n || '.'
          from generate_series(1, 5000) as n`,
    );
    const page = await get('/reviews');
    expect(page.body).toMatch(/reviews=20 of 50\d\d/);
    expect(page.rawPayload.length).toBeLessThan(12_000);
  });
});
