/**
 * `npm run bench catalog-scale`: the shop with a catalog of BENCH_CATALOG_PRODUCTS (5,000) products on PGlite, the
 * launch 25 and made-up ones beside them: for the home page, the whole list, pages of search results (one with a
 * typo) and of a sorted, allergen-filtered list, the list page, sorted and filtered too, search pages and a product
 * page, the size as a browser gets it (brotli) and p50/p95 of one request at a time, against
 * a bare Fastify answering the same bytes. The sizes are what a shopper's first load carries (budget 50 KB
 * br, the whole-catalog API aside); the ratios say what the server adds (target p95 ≤ 4×).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client.ts';
import { addMadeUpProducts } from '../../src/server/db/seed/made-up-products.ts';
import { startReference } from './against-bare-fastify.ts';
import { startShop, stop, waitFor } from './shop.ts';

const PRODUCT_COUNT = Number(process.env.BENCH_CATALOG_PRODUCTS ?? 5000);
const REQUESTS = Number(process.env.BENCH_CATALOG_REQUESTS ?? 100);
const PORT = 3500;
/** The launch catalog, then made-up products up to PRODUCT_COUNT. */
async function seedLargeCatalog(dataDir: string): Promise<void> {
  const handle = await openDatabase({ dataDir });
  try {
    await handle.prepare();
    await addMadeUpProducts(handle, PRODUCT_COUNT);
  } finally {
    await handle.close();
  }
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;

async function timeSequential(url: string): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let index = 0; index < REQUESTS; index++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** What a page (or a page of the API) may weigh as a browser gets it at this size: a phone's first load stays small. */
const FIRST_LOAD_BUDGET_BYTES = 50 * 1024;
/** The shop's p95 against a bare Fastify sending the same bytes: what searching and rendering may add. */
const P95_RATIO_TARGET = 4;

/** True when every page met its size budget and p95 target. */
export async function benchCatalogScale(): Promise<boolean> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-bench-scale-'));
  const origin = `http://127.0.0.1:${PORT}`;
  let shop: ReturnType<typeof startShop> | undefined;
  try {
    const seeding = performance.now();
    await seedLargeCatalog(dataDir);
    console.log(
      `\nCatalog of ${PRODUCT_COUNT} products on PGlite (seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s); ` +
        `${REQUESTS} requests one at a time each, as browsers ask (br, gzip), against a bare Fastify with the same bytes`,
    );
    shop = startShop(PORT, { DATA_DIR: dataDir, PUBLIC_URL: origin });
    await waitFor(`${origin}/healthz`, shop);
    const paths = [
      '/',
      '/api/products',
      '/api/products/browse?q=cashew',
      // A typo searched near words across the catalog's vocabulary; a sort and an allergen filter over all of it.
      '/api/products/browse?q=almnods',
      '/api/products/browse?sort=name&free-from=Peanuts,Milk',
      '/product',
      '/product?sort=price-desc&free-from=Sesame',
      '/search?query=cashew',
      '/search?query=almnods&sort=price-asc',
      '/product/roasted-cashew-nuts',
    ];
    let met = true;
    for (const [index, urlPath] of paths.entries()) {
      const reference = await startReference({
        shopOrigin: origin,
        path: urlPath,
        referencePort: PORT + 1 + index,
        workDir: dataDir,
      });
      try {
        const referenceUrl = reference.url;
        // Warm both, then measure.
        await timeSequential(`${origin}${urlPath}`);
        const shopTimes = await timeSequential(`${origin}${urlPath}`);
        const bareTimes = await timeSequential(referenceUrl);
        // The whole catalog is the shop's original API, sent only to whoever asks for it: no page fetches it.
        const sizeMet = urlPath === '/api/products' || reference.brotli.length <= FIRST_LOAD_BUDGET_BYTES;
        // A floor under the reference: a sub-millisecond bare answer would make any ratio look large.
        const ratio = shopTimes.p95 / Math.max(bareTimes.p95, 1);
        const speedMet = ratio <= P95_RATIO_TARGET;
        met = met && sizeMet && speedMet;
        console.log(
          `  GET ${urlPath.padEnd(54)} ${kilobytes(reference.brotli.length).padStart(7)} br (${kilobytes(reference.bytes.length)} raw)${sizeMet ? '' : ' OVER BUDGET'}` +
            `   shop p50 ${shopTimes.p50.toFixed(1)} / p95 ${shopTimes.p95.toFixed(1)} ms` +
            `   bare p95 ${bareTimes.p95.toFixed(1)} ms   p95 ×${ratio.toFixed(2)} ${speedMet ? 'met' : 'MISSED'}`,
        );
      } finally {
        await reference.stop();
      }
    }
    console.log(
      `  targets: each page and API page ≤ ${kilobytes(FIRST_LOAD_BUDGET_BYTES)} br, p95 ≤ ${P95_RATIO_TARGET}× the bare server's: ${met ? 'met' : 'MISSED'}`,
    );
    return met;
  } finally {
    await stop(shop);
    await rm(dataDir, { recursive: true, force: true });
  }
}
