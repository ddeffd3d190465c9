/**
 * `npm run bench pages`: a product page's HTML from the shop as shipped against a bare Fastify answering the same
 * bytes (both encodings, target 0.8), then what keeping every page prepared costs: the same renderer and pages
 * loaded in this process, every storefront page and product page rendered once, the bytes kept and the heap grown.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pageRoutes } from '../../src/shared/page-routes.ts';
import type { Product } from '../../src/shared/schemas/product.ts';
import type { ReviewPage } from '../../src/shared/schemas/review.ts';
import { loadPageHtml } from '../../src/server/lib/page-html.ts';
import { compareWithBareFastify } from './against-bare-fastify.ts';
import { root, startShop, stop, waitFor } from './shop.ts';

const PORT = 3500;

/** A logger that says only what goes wrong, for the renderer run in this process. */
const quietLog = {
  error: console.error,
  warn: console.warn,
  info() {},
  debug() {},
  trace() {},
  fatal: console.error,
  child: () => quietLog,
  level: 'warn',
  silent() {},
} as unknown as FastifyBaseLogger;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function reportCacheMemory(origin: string) {
  const products = (await (await fetch(`${origin}/api/products`)).json()) as Product[];
  const reviews = (await (await fetch(`${origin}/api/reviews`)).json()) as ReviewPage;
  const pageHtml = await loadPageHtml(path.join(root, 'dist/web'), {
    publicUrl: origin,
    products: () => products,
    reviews: async () => reviews,
  });
  if (!pageHtml) throw new Error('the build has no page renderer (dist/ssr)');
  const fixedPages = Object.values(pageRoutes).filter((url) => !url.includes(':'));
  const productPages = products.map((product) => `/product/${encodeURIComponent(product._id)}`);

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  for (const url of [...fixedPages, ...productPages]) {
    if (typeof (await pageHtml.page(url, quietLog, { cacheKey: url })) !== 'object')
      throw new Error(`${url} was not kept`);
  }
  const renderMs = performance.now() - started;
  global.gc?.();
  const heapGrown = process.memoryUsage().heapUsed - heapBefore;
  const { pages, bytes } = pageHtml.cacheStats();
  console.log(
    `\nPages kept prepared: ${pages} (${fixedPages.length} pages, ${productPages.length} products) rendered and ` +
      `compressed in ${(renderMs / 1000).toFixed(1)} s; they hold ${megabytes(bytes)} (HTML, gzip, brotli), ` +
      `heap grew ${megabytes(heapGrown)}${global.gc ? '' : ' (without --expose-gc: a rough figure)'}`,
  );
}

export async function benchPages(): Promise<boolean> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-bench-pages-'));
  const origin = `http://127.0.0.1:${PORT}`;
  const shop = startShop(PORT, { DATA_DIR: dataDir, PUBLIC_URL: origin });
  try {
    await waitFor(`${origin}/healthz`, shop);
    const [product] = (await (await fetch(`${origin}/api/products`)).json()) as Product[];
    if (!product) throw new Error('the catalog is empty');
    const met = await compareWithBareFastify({
      shopOrigin: origin,
      path: `/product/${encodeURIComponent(product._id)}`,
      referencePort: PORT + 1,
      workDir: dataDir,
    });
    await reportCacheMemory(origin);
    return met;
  } finally {
    await stop(shop);
    await rm(dataDir, { recursive: true, force: true });
  }
}
