/**
 * `npm run bench admin`: the owner's order list with 10,000 orders, on PGlite and on PostgreSQL. The orders are
 * written straight into the database before the shop starts (as a year of a busy small shop would leave them), an
 * admin comes from ADMIN_EMAIL/ADMIN_PASSWORD, and each list is asked for one request at a time, as the owner's
 * phone would: p50 and p95 of the first page, of a search and of a status filter, against the same server's
 * GET /healthz (one `select 1` through the same database client) measured between them.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client.ts';
import type { Database } from '../../src/server/db/database.ts';
import { checkouts, orderLines, orders } from '../../src/server/db/schema.ts';
import { cartPayloadLines } from '../../tests/support/checkout.ts';
import { createBenchDatabase, startShop, stop, waitFor } from './shop.ts';

const ORDER_COUNT = Number(process.env.BENCH_ADMIN_ORDERS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 300);
const PORT = 3500;
export const ADMIN_EMAIL = 'bench-owner@example.com';
export const ADMIN_PASSWORD = 'bench-owner-password';
const BATCH = 500;

type OrderStatus = 'processing' | 'dispatched' | 'delivered';

/** A busy small shop's year: the newest 5% still processing, the next 10% dispatched, the rest delivered. */
const yearOfOrders = (index: number, count: number): OrderStatus =>
  index > count * 0.95 ? 'processing' : index > count * 0.85 ? 'dispatched' : 'delivered';

/**
 * `count` paid orders (guests `buyer-N@example.com`) over the last year, two lines each, written straight into the
 * database, as are their checkouts (with no payment session: the shop never saw them paid). Answers their ids by
 * status, oldest first.
 */
export async function seedOrders(
  db: Database,
  count: number,
  statusOf: (index: number, count: number) => OrderStatus = yearOfOrders,
): Promise<Record<OrderStatus, string[]>> {
  const ids: Record<OrderStatus, string[]> = { processing: [], dispatched: [], delivered: [] };
  const yearMs = 365 * 24 * 3600 * 1000;
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) => {
      const index = start + offset;
      const email = `buyer-${index}@example.com`;
      const address = {
        name: `Buyer Number${index}`,
        phone: '07700 900123',
        email,
        address: `${index} Roastery Lane`,
        landmark: '',
        city: 'London',
        postalCode: 'E1 6AN',
        country: 'United Kingdom',
      };
      const createdAt = new Date(Date.now() - yearMs + (yearMs * index) / count);
      const status = statusOf(index, count);
      return { checkoutId: randomUUID(), orderId: randomUUID(), email, address, createdAt, status } as const;
    });
    await db.insert(checkouts).values(
      batch.map((order) => ({
        id: order.checkoutId,
        provider: 'local' as const,
        guestEmail: order.email,
        email: order.email,
        lines: cartPayloadLines,
        amountPence: 2037,
        subtotalPence: 2037,
        shippingAddress: order.address,
        paidAt: order.createdAt,
        createdAt: order.createdAt,
      })),
    );
    await db.insert(orders).values(
      batch.map((order) => ({
        id: order.orderId,
        checkoutId: order.checkoutId,
        guestEmail: order.email,
        email: order.email,
        shippingAddress: order.address,
        totalPence: 2037,
        subtotalPence: 2037,
        status: order.status,
        isDelivered: order.status === 'delivered',
        createdAt: order.createdAt,
      })),
    );
    await db
      .insert(orderLines)
      .values(
        batch.flatMap((order) =>
          cartPayloadLines.map((line, position) => ({ ...line, orderId: order.orderId, position })),
        ),
      );
    for (const order of batch) ids[order.status].push(order.orderId);
  }
  return ids;
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;

/** p50 and p95 in ms of `REQUESTS` GETs one after another. */
async function timeSequential(url: string, headers: Record<string, string>): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let index = 0; index < REQUESTS; index++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

async function benchAdminOn(engine: 'PGlite' | 'PostgreSQL'): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-bench-admin-'));
  const database = engine === 'PostgreSQL' ? await createBenchDatabase('admin') : undefined;
  if (engine === 'PostgreSQL' && !database) return;
  const shop = { process: undefined as ReturnType<typeof startShop> | undefined };
  try {
    const seedStarted = performance.now();
    const handle = await openDatabase({ dataDir, ...(database ? { databaseUrl: database.url } : {}) });
    try {
      await handle.prepare();
      await seedOrders(handle.db, ORDER_COUNT);
    } finally {
      await handle.close();
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    shop.process = startShop(PORT, {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      RATE_LIMIT_FACTOR: '10000',
    });
    const baseUrl = `http://127.0.0.1:${PORT}`;
    await waitFor(`${baseUrl}/healthz`, shop.process);
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const lists = {
      'first page (50, newest first)': '/api/admin/orders',
      'search by name': '/api/admin/orders?q=number777',
      'status: processing': '/api/admin/orders?status=processing',
    };
    console.log(
      `\nAdmin order list on ${engine}: ${ORDER_COUNT.toLocaleString('en-GB')} orders (seeded in ${seedSeconds.toFixed(1)} s), ${REQUESTS} requests one at a time`,
    );
    // Warm-up: the first requests compile queries and fill caches.
    for (const listPath of Object.values(lists)) await timeSequential(`${baseUrl}${listPath}`, auth);
    const reference = await timeSequential(`${baseUrl}/healthz`, {});
    console.log(
      `  GET /healthz (reference)        p50 ${reference.p50.toFixed(1).padStart(6)} ms   p95 ${reference.p95.toFixed(1).padStart(6)} ms`,
    );
    for (const [name, listPath] of Object.entries(lists)) {
      const measured = await timeSequential(`${baseUrl}${listPath}`, auth);
      console.log(
        `  ${name.padEnd(31)} p50 ${measured.p50.toFixed(1).padStart(6)} ms   p95 ${measured.p95.toFixed(1).padStart(6)} ms   (p95 ×${(measured.p95 / Math.max(reference.p95, 0.1)).toFixed(1)} the reference)`,
      );
    }
  } finally {
    await stop(shop.process);
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** No target yet: the figures are printed, for the note and for comparison between runs. */
export async function benchAdmin(): Promise<boolean> {
  await benchAdminOn('PGlite');
  await benchAdminOn('PostgreSQL');
  return true;
}
