/**
 * `npm run bench desk`: the owner's desk at 10,000 orders, on PGlite and on PostgreSQL (decision 100). A year of
 * orders is written straight into the database (scripts/bench/admin.ts), one in twenty delivered orders with a
 * refund of a pack, and the newest 5% still waiting to be packed. Each answer the owner's phone asks for is timed one
 * request at a time against a bare Fastify in a process of its own answering the same bytes with the same headers
 * from memory (scripts/bench-reference-server.mjs), in alternating rounds, so the ratio is what the shop's own work
 * costs (queries, sums, checks, serialising) rather than what sending the answer costs. Each p95 must stay within
 * its budget below; the figures are printed either way.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.ts';
import { orders } from '../../src/server/db/schema.ts';
import { median, type Reference, startReference } from './against-bare-fastify.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, seedOrders } from './admin.ts';
import { percentile } from './checkout.ts';
import { createBenchDatabase, startShop, stop, waitFor } from './shop.ts';

const ORDER_COUNT = Number(process.env.BENCH_DESK_ORDERS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_DESK_REQUESTS ?? 60);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PORT = 3600;
const REFERENCE_PORT = 3601;
const DAY_MS = 86_400_000;

/** A London calendar day, `days` before today. */
const londonDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() - days * DAY_MS));

/**
 * What the owner asks for, each with its budget: the p95 of the shop's answers at most `budget` times the
 * reference's p95 for the same bytes. A report sums a year of orders in the database where the reference sends a
 * buffer, so the budgets are wide multiples of a fraction of a millisecond; what they catch is a report or a
 * packing list that grows with the shop (a query per order, a sum in JavaScript over every line), which costs
 * tens of times more at 10,000 orders.
 */
const ASKED = [
  {
    name: 'sales by day, last 30 days',
    path: `/api/admin/reports/sales?from=${londonDay(29)}&to=${londonDay(0)}&interval=day`,
    budget: 60,
  },
  {
    name: 'sales by week, last year',
    path: `/api/admin/reports/sales?from=${londonDay(364)}&to=${londonDay(0)}&interval=week`,
    // Reads every order of the year and its lines (decision 100): the widest budget, and the one to bring down.
    budget: 250,
  },
  {
    name: 'VAT figures, last quarter',
    path: `/api/admin/reports/vat?from=${londonDay(90)}&to=${londonDay(0)}`,
    budget: 60,
  },
  { name: 'packing list (500 orders)', path: '/api/admin/packing', budget: 60 },
] as const;

/** One in twenty delivered orders had its Medjool Dates (line 1, £4.19) refunded a day after it was placed. */
async function seedRefunds(db: Awaited<ReturnType<typeof openDatabase>>['db'], orderIds: string[]) {
  const refunded = orderIds.filter((_, index) => index % 20 === 0);
  await db.execute(sql`
    insert into refunds (id, order_id, amount_pence, reason, lines, status, provider, actor_email, created_at, succeeded_at)
    select gen_random_uuid()::text, orders.id, 419, 'Squashed dates', '[{"index":1,"qty":1}]'::jsonb, 'succeeded',
      'local', ${ADMIN_EMAIL}, least(orders.created_at + interval '1 day', now()),
      least(orders.created_at + interval '1 day', now())
    from orders where ${inArray(orders.id, refunded)}`);
  return refunded.length;
}

/** The p95 in ms of `REQUESTS` GETs one after another, as the browser asks (`br, gzip`). */
async function p95Of(url: string, headers: Record<string, string>): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < REQUESTS; index++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { ...headers, 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return percentile(times, 95);
}

async function benchDeskOn(engine: 'PGlite' | 'PostgreSQL'): Promise<boolean> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-bench-desk-'));
  const database = engine === 'PostgreSQL' ? await createBenchDatabase('desk') : undefined;
  if (engine === 'PostgreSQL' && !database) return true;
  let shop: ReturnType<typeof startShop> | undefined;
  let allMet = true;
  try {
    const seedStarted = performance.now();
    const handle = await openDatabase({ dataDir, ...(database ? { databaseUrl: database.url } : {}) });
    let refunds = 0;
    try {
      await handle.prepare();
      const ids = await seedOrders(handle.db, ORDER_COUNT);
      refunds = await seedRefunds(handle.db, ids.delivered);
    } finally {
      await handle.close();
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    shop = startShop(PORT, {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      RATE_LIMIT_FACTOR: '10000',
    });
    const origin = `http://127.0.0.1:${PORT}`;
    await waitFor(`${origin}/healthz`, shop);
    const login = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    console.log(
      `\nThe owner's desk on ${engine}: ${ORDER_COUNT.toLocaleString('en-GB')} orders and ${refunds} refunds (seeded in ${seedSeconds.toFixed(1)} s); ` +
        `${ROUNDS} alternating rounds of ${REQUESTS} requests one at a time, p95 per round, median of the rounds`,
    );
    for (const asked of ASKED) {
      let reference: Reference | undefined;
      try {
        reference = await startReference({
          shopOrigin: origin,
          path: asked.path,
          referencePort: REFERENCE_PORT,
          workDir: dataDir,
          headers: auth,
        });
        // Warm-up: the first requests compile queries and fill caches, on both sides.
        await p95Of(`${origin}${asked.path}`, auth);
        await p95Of(reference.url, {});
        const shopRounds: number[] = [];
        const referenceRounds: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          shopRounds.push(await p95Of(`${origin}${asked.path}`, auth));
          referenceRounds.push(await p95Of(reference.url, {}));
        }
        const shopP95 = median(shopRounds);
        const referenceP95 = median(referenceRounds);
        const ratio = shopP95 / Math.max(referenceP95, 0.1);
        const met = ratio <= asked.budget;
        allMet &&= met;
        console.log(
          `  ${asked.name.padEnd(28)} ${(reference.bytes.length / 1024).toFixed(0).padStart(4)} KB   ` +
            `p95 ${shopP95.toFixed(1).padStart(6)} ms   reference p95 ${referenceP95.toFixed(1).padStart(5)} ms   ` +
            `×${ratio.toFixed(1)} (budget ≤ ×${asked.budget}) ${met ? 'met' : 'MISSED'}`,
        );
      } finally {
        await reference?.stop();
      }
    }
    return allMet;
  } finally {
    await stop(shop);
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchDesk(): Promise<boolean> {
  const pglite = await benchDeskOn('PGlite');
  const postgres = await benchDeskOn('PostgreSQL');
  return pglite && postgres;
}
