/**
 * `npm run bench:load`: the shop as shipped under autocannon on loopback, on PGlite and on PostgreSQL, at 50 and 200
 * connections (BENCH_LOAD_ENGINES, BENCH_LOAD_CONNECTIONS), each scenario bounded to BENCH_LOAD_SECONDS (8):
 * - browsing: pages and the API behind them (scripts/bench/load.ts BROWSING_PATHS);
 * - shopping: logged-in customers' cart adds, then a guest's checkout, test-card payment and verify;
 * - owner: the admin's order list and status changes on seeded orders;
 * each with req/s, p50, p99, 4xx/5xx answers and connection errors, against GET /healthz on the same server at the
 * same connections. The shop runs with RATE_LIMIT_FACTOR=100000, so the shop's rate limits do not turn the load into
 * a 429 test. Once it has stopped, the invariants (scripts/bench/invariants.ts) are checked on its database; the
 * exit code is 1 when one fails. The load generator shares the machine's two cores: compare ratios within a run.
 */
import type { ChildProcess } from 'node:child_process';
import { openDatabase } from '../src/server/db/client.ts';
import { checkInvariants } from './bench/invariants.ts';
import {
  FIGURES_HEADING,
  figuresRow,
  LOAD_SHOP_SETTINGS,
  type LoadFixture,
  LoadRun,
  seedLoadDatabase,
} from './bench/load.ts';
import { createBenchTarget, ensureBuilt, freePort, startShop, stop, waitFor } from './bench/shop.ts';

const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 8);
const connectionCounts = (process.env.BENCH_LOAD_CONNECTIONS ?? '50,200').split(',').map(Number);
const warmUpSeconds = Math.min(2, seconds);
const seed = {
  customers: Number(process.env.BENCH_LOAD_CUSTOMERS ?? 200),
  orders: Number(process.env.BENCH_LOAD_ORDERS ?? 10_000),
  stockPerWeight: Number(process.env.BENCH_LOAD_STOCK ?? 40),
};

/** The scenarios at each connection count on one engine, then its invariants; true when they hold. */
async function loadOn(engine: 'PGlite' | 'PostgreSQL'): Promise<boolean> {
  const target = await createBenchTarget('load', engine);
  if (!target) return true;
  let shop: ChildProcess | undefined;
  try {
    const seedHandle = await openDatabase(target);
    let fixture: LoadFixture;
    try {
      fixture = await seedLoadDatabase(seedHandle, seed);
    } finally {
      await seedHandle.close();
    }
    const port = await freePort();
    shop = startShop(port, { DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl ?? '', ...LOAD_SHOP_SETTINGS });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitFor(`${baseUrl}/healthz`, shop);
    const run = await LoadRun.open(baseUrl, fixture);
    console.log(
      `\nLoad on ${engine}: ${seed.customers} logged-in customers, ${seed.orders.toLocaleString('en-GB')} seeded orders for the owner to move on, ${fixture.countedProductId}'s stock counted (${seed.stockPerWeight} a weight) so checkouts sell it out; RATE_LIMIT_FACTOR=${LOAD_SHOP_SETTINGS.RATE_LIMIT_FACTOR}, so the shop's rate limits stay out of the way; ${warmUpSeconds}s warm-up of each scenario first`,
    );
    await run.browsing(connectionCounts[0]!, warmUpSeconds);
    await run.shopping(connectionCounts[0]!, warmUpSeconds);
    await run.owner(connectionCounts[0]!, warmUpSeconds);
    for (const connections of connectionCounts) {
      console.log(`\n  ${connections} connections, ${seconds}s a scenario`.padEnd(46) + FIGURES_HEADING.trimStart());
      const reference = await run.reference(connections, seconds);
      console.log(figuresRow('GET /healthz (reference)', reference));
      console.log(figuresRow('browsing: pages and API GETs', await run.browsing(connections, seconds), reference));
      const shopping = await run.shopping(connections, seconds);
      console.log(figuresRow('shopping: 2 cart adds, checkout, pay, verify', shopping.figures, reference));
      for (const step of shopping.steps) console.log(`      ${step}`);
      const owner = await run.owner(connections, seconds);
      console.log(figuresRow('owner: order list, status change', owner.figures, reference));
      for (const step of owner.steps) console.log(`      ${step}`);
    }
    if (run.cartFull) console.log('  NOTE: every planned cart line reached its cap; later adds were GET /api/cart.');
    if (run.movesRanOut) console.log('  NOTE: the seeded orders ran out; later owner rounds were order lists only.');
    await stop(shop);
    console.log(`  Invariants on ${engine}, the shop stopped:`);
    const checkHandle = await openDatabase(target);
    try {
      return await checkInvariants(checkHandle, run);
    } finally {
      await checkHandle.close();
    }
  } finally {
    await stop(shop);
    await target.remove();
  }
}

const ENGINES = ['PGlite', 'PostgreSQL'] as const;
const engines = (process.env.BENCH_LOAD_ENGINES ?? ENGINES.join(','))
  .split(',')
  .map((name) => ENGINES.find((engine) => engine.toLowerCase() === name.trim().toLowerCase()));
if (engines.some((engine) => engine === undefined)) {
  console.error(`BENCH_LOAD_ENGINES names ${ENGINES.join(' and/or ')}, comma-separated.`);
  process.exit(2);
}
ensureBuilt();
let allHold = true;
for (const engine of engines) allHold = (await loadOn(engine!)) && allHold;
console.log(
  '\nThe load generator shares the machine’s cores with the shop: compare the ratios to the reference, not the figures.',
);
process.exitCode = allHold ? 0 : 1;
