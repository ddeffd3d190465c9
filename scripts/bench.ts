/**
 * `npm run bench [catalog] [pages] [cart] [checkout] [admin] [desk] [catalog-scale] [home-js]` (all when none is named): builds the shop fresh
 * for production, then
 * 1. catalog: GET /api/products on the shop exactly as shipped (`npm start`, NODE_ENV=production, LOG_LEVEL at
 *    its default) against a bare Fastify server answering the same bytes from memory, each in a process of its
 *    own, as browsers ask (`br, gzip`) and without compression, in alternating rounds, median and spread
 *    (scripts/bench/against-bare-fastify.ts);
 * 2. pages (scripts/bench/pages.ts): a product page's HTML the same way, and the memory the kept pages hold;
 * 3. cart: POST /api/cart/add and GET /api/cart for many logged-in customers, on PGlite and on PostgreSQL,
 *    against the same server's GET /healthz (one `select 1` through the same database client);
 * 4. checkout (scripts/bench/checkout.ts): 20 guest shoppers each starting a payment session, paying on the
 *    built-in test page and verifying, on PGlite and on PostgreSQL, against the same server's GET /healthz;
 *    afterwards the database must hold one order per paid session;
 * 5. admin (scripts/bench/admin.ts): the owner's order list with 10,000 orders, p50 and p95 one request at a time,
 *    on PGlite and on PostgreSQL, against the same server's GET /healthz;
 * 6. desk (scripts/bench/desk.ts): the owner's reports and packing list at 10,000 orders, p95 one request at a time
 *    against a bare Fastify answering the same bytes, on PGlite and on PostgreSQL, within the budgets it states;
 * 7. catalog-scale (scripts/bench/catalog-scale.ts): a 5,000-product catalog: sizes and p95 of the list, the list
 *    page, a search page and a product page against a bare Fastify with the same bytes;
 * 8. home-js: the home page's first-load JS in that build against its 125 KB gzip budget.
 * The load generator shares the machine's two cores, so only ratios within one run mean anything.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { cartLines, products, productWeights } from '../src/server/db/schema.ts';
import { compareWithBareFastify, median, spread } from './bench/against-bare-fastify.ts';
import { benchAdmin } from './bench/admin.ts';
import { benchCatalogScale } from './bench/catalog-scale.ts';
import { benchCheckout } from './bench/checkout.ts';
import { benchDesk } from './bench/desk.ts';
import { logInAll, seedCustomers } from './bench/customers.ts';
import { benchFlood } from './bench/flood.ts';
import { benchPages } from './bench/pages.ts';
import { connections, createBenchDatabase, load, type Round, root, startShop, stop, waitFor } from './bench/shop.ts';
import { reportHomeFirstLoadJs } from './lib/home-js.mjs';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const SECTIONS = [
  'catalog',
  'pages',
  'flood',
  'cart',
  'checkout',
  'admin',
  'desk',
  'catalog-scale',
  'home-js',
] as const;
type Section = (typeof SECTIONS)[number];

async function benchCatalog(): Promise<boolean> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-bench-'));
  const port = 3300;
  const shop = startShop(port, { DATA_DIR: dataDir });
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`, shop);
    return await compareWithBareFastify({
      shopOrigin: `http://127.0.0.1:${port}`,
      path: '/api/products',
      referencePort: port + 1,
      workDir: dataDir,
    });
  } finally {
    await stop(shop);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Cart section settings: many customers, a few lines each, as a busy shop would have. */
const CART_CUSTOMERS = Number(process.env.BENCH_CART_CUSTOMERS ?? 200);
const CART_LINES_PER_CUSTOMER = 3;
const CART_PORT = 3400;

interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** A load that rotates through customers' tokens, one per request, across all 50 connections. */
async function loadAsCustomers(
  baseUrl: string,
  tokens: string[],
  nextRequest: (requestIndex: number) => LoadRequest,
  duration: number,
): Promise<Round> {
  let requestIndex = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          const index = requestIndex++;
          const { method, path: requestPath, body } = nextRequest(index);
          const headers = { ...request.headers, authorization: `Bearer ${tokens[index % tokens.length]}` };
          if (body !== undefined) headers['content-type'] = 'application/json';
          return { ...request, method, path: requestPath, headers, ...(body === undefined ? {} : { body }) };
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${baseUrl}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

interface CartChoice {
  _id: string;
  selectedWeight: string;
}

/**
 * Verified customers, each with a cart of a few lines, written straight into the database before the shop starts
 * (for PGlite the server will hold the folder's lock, so nothing else may open it then). Migrates and seeds the
 * catalog first, as the shop would. The lines are the catalog's first products in their second weight.
 */
async function seedCustomersWithCarts(target: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<{ emails: string[]; choices: CartChoice[] }> {
  const handle = await openDatabase(target);
  try {
    await handle.prepare();
    const firstProducts = await handle.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .orderBy(asc(products.position), asc(products.name), asc(products.id))
      .limit(CART_LINES_PER_CUSTOMER);
    const secondWeights = await handle.db
      .select({ productId: productWeights.productId, label: productWeights.label })
      .from(productWeights)
      .where(
        and(
          inArray(
            productWeights.productId,
            firstProducts.map((product) => product.id),
          ),
          eq(productWeights.position, 1),
        ),
      );
    const choices = firstProducts.map((product) => ({
      _id: product.id,
      name: product.name,
      selectedWeight: secondWeights.find((weight) => weight.productId === product.id)!.label,
    }));

    const customers = await seedCustomers(handle.db, CART_CUSTOMERS);
    await handle.db.insert(cartLines).values(
      customers.flatMap((customer) =>
        choices.map((choice) => ({
          userId: customer.id,
          productId: choice._id,
          selectedWeight: choice.selectedWeight,
          qty: 1,
          productName: choice.name,
        })),
      ),
    );
    return {
      emails: customers.map((customer) => customer.email),
      choices: choices.map(({ _id, selectedWeight }) => ({ _id, selectedWeight })),
    };
  } finally {
    await handle.close();
  }
}

async function benchCartOn(engine: 'PGlite' | 'PostgreSQL'): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-bench-cart-'));
  const database = engine === 'PostgreSQL' ? await createBenchDatabase('cart') : undefined;
  if (engine === 'PostgreSQL' && !database) return;
  let shop: ChildProcess | undefined;
  try {
    const { emails, choices } = await seedCustomersWithCarts({
      dataDir,
      ...(database ? { databaseUrl: database.url } : {}),
    });
    // Logins go through the API, so the tokens are the shop's own; the rate limits are raised for the bench.
    shop = startShop(CART_PORT, { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', RATE_LIMIT_FACTOR: '10000' });
    const baseUrl = `http://127.0.0.1:${CART_PORT}`;
    await waitFor(`${baseUrl}/healthz`, shop);
    const tokens = await logInAll(baseUrl, emails);

    // Adds go to lines the customers already have, so every cart keeps its size while quantities grow (to 99).
    const addBodies = choices.map((choice) => JSON.stringify({ ...choice, qty: 1 }));
    const loads = {
      'POST /api/cart/add': (duration: number) =>
        loadAsCustomers(
          baseUrl,
          tokens,
          (index) => ({ method: 'POST', path: '/api/cart/add', body: addBodies[index % addBodies.length]! }),
          duration,
        ),
      'GET /api/cart': (duration: number) =>
        loadAsCustomers(baseUrl, tokens, () => ({ method: 'GET', path: '/api/cart' }), duration),
      'GET /healthz (reference)': (duration: number) => load(`${baseUrl}/healthz`, {}, duration),
    };
    const names = Object.keys(loads) as (keyof typeof loads)[];
    console.log(
      `\nCart on ${engine}: ${CART_CUSTOMERS} customers with ${CART_LINES_PER_CUSTOMER} lines each, tokens rotating per request, ${connections} connections, ${rounds} alternating rounds of ${durationSeconds}s`,
    );
    for (const name of names) await loads[name](2);
    const figures = new Map<string, Round[]>(names.map((name) => [name, []]));
    for (let round = 0; round < rounds; round++) {
      for (const name of names) figures.get(name)!.push(await loads[name](durationSeconds));
    }
    const reference = figures.get('GET /healthz (reference)')!;
    console.log(
      '  (ratios: each round against /healthz in the same round, median; req/s higher and p99 lower is better)',
    );
    for (const name of names) {
      const measured = figures.get(name)!;
      const rps = measured.map((figure) => figure.requestsPerSecond);
      const p99 = measured.map((figure) => figure.p99Ms);
      let line = `  ${name.padEnd(26)} median ${median(rps).toFixed(0).padStart(6)} req/s (spread ${spread(rps)})   p99 median ${median(p99).toFixed(0).padStart(4)} ms`;
      if (measured !== reference) {
        const rpsRatio = median(
          measured.map((figure, index) => figure.requestsPerSecond / reference[index]!.requestsPerSecond),
        );
        const p99Ratio = median(measured.map((figure, index) => figure.p99Ms / Math.max(reference[index]!.p99Ms, 1)));
        line += `   vs reference: req/s ×${rpsRatio.toFixed(2)}, p99 ×${p99Ratio.toFixed(2)}`;
      }
      console.log(line);
    }
  } finally {
    await stop(shop);
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The cart has no target yet: its figures and ratios are printed for comparison between runs and engines. */
async function benchCart(): Promise<boolean> {
  await benchCartOn('PGlite');
  await benchCartOn('PostgreSQL');
  return true;
}

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`Unknown bench section(s): ${unknown.join(', ')}. Sections: ${SECTIONS.join(', ')}.`);
  process.exit(2);
}
const sections = new Set<Section>(requested.length > 0 ? (requested as Section[]) : SECTIONS);

const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
let allMet = true;
if (sections.has('catalog')) allMet = (await benchCatalog()) && allMet;
if (sections.has('pages')) allMet = (await benchPages()) && allMet;
if (sections.has('flood')) allMet = (await benchFlood()) && allMet;
if (sections.has('cart')) allMet = (await benchCart()) && allMet;
if (sections.has('checkout')) allMet = (await benchCheckout()) && allMet;
if (sections.has('admin')) allMet = (await benchAdmin()) && allMet;
if (sections.has('desk')) allMet = (await benchDesk()) && allMet;
// Figures only, no target yet: the list and search answers are not yet paged.
if (sections.has('catalog-scale')) allMet = (await benchCatalogScale()) && allMet;
if (sections.has('home-js')) {
  console.log('');
  allMet = reportHomeFirstLoadJs() && allMet;
}
process.exitCode = allMet ? 0 : 1;
