/**
 * The checkout section of `npm run bench`: 20 guest shoppers each going round
 * POST /api/orders/create-stripe-session, the test card on POST /pay/{id} and GET /api/orders/verify-stripe/{id},
 * on PGlite and on PostgreSQL, against the same server's GET /healthz; once the shop has stopped, its database must
 * hold exactly one order per paid session.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.ts';
import { penceToPounds, poundsToPence } from '../../src/shared/money.ts';
import type { Product } from '../../src/shared/schemas/product.ts';
import { createBenchDatabase, load, type Round, startShop, stop, waitFor } from './shop.ts';

/** Checkout section settings: the issue's 20 shoppers, each going round start, pay, verify as fast as answered. */
const CHECKOUT_SHOPPERS = 20;
const CHECKOUT_SECONDS = Number(process.env.BENCH_CHECKOUT_SECONDS ?? 10);
const CHECKOUT_WARM_UP_SECONDS = 2;
const CHECKOUT_PORT = 3500;
const CHECKOUT_STEPS = ['create-stripe-session', 'pay', 'verify-stripe'] as const;
type CheckoutStep = (typeof CHECKOUT_STEPS)[number];
/** Stripe's test card as the built-in payment page takes it, sent as its form does. */
export const TEST_CARD_FORM = new URLSearchParams({
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 34',
  cvc: '123',
  nameOnCard: 'Bench Shopper',
}).toString();

/** What one run of shoppers saw: timings of the complete round trips only, failures by step and answer. */
interface CheckoutTally {
  roundTripsMs: number[];
  stepMs: Record<CheckoutStep, number[]>;
  /** The payment page's 303 answers: sessions the shop holds as paid, each of which must have its order. */
  paidSessions: number;
  failures: Map<string, number>;
  seconds: number;
}

/** The nearest-rank percentile of `values` (p from 0 to 100); 0 for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The catalog as the shop serves it, so the shoppers send the prices, and hence the total, it will charge. */
export async function fetchCatalog(baseUrl: string): Promise<Product[]> {
  const response = await fetch(`${baseUrl}/api/products`);
  if (!response.ok) throw new Error(`GET /api/products: ${response.status}`);
  return (await response.json()) as Product[];
}

/**
 * Shopper `n`'s checkout: 1 to 3 different products in varying weights and quantities at the catalog's prices,
 * and an e-mail of its own (the checkout is rate-limited per e-mail as well as per address).
 */
export function checkoutBody(catalog: Product[], n: number): string {
  const orderItems = Array.from({ length: 1 + (n % 3) }, (_, k) => {
    const product = catalog[(n * 7 + k) % catalog.length]!;
    const weight = product.weights[(n + k) % product.weights.length]!;
    return { _id: product._id, selectedWeight: weight.label, qty: 1 + ((n + k) % 3), price: weight.price };
  });
  // In pence, as the server adds them up, so no binary fraction makes the total differ by a penny.
  const totalPence = orderItems.reduce((sum, item) => sum + poundsToPence(item.price) * item.qty, 0);
  return JSON.stringify({
    orderItems,
    shippingAddress: {
      name: 'Bench Shopper',
      phone: '7700900123',
      email: `bench-shopper-${n}@example.com`,
      address: '12 Harbour Street',
      city: 'Bristol',
      postalCode: 'BS1 4DJ',
      country: 'United Kingdom',
    },
    totalPrice: penceToPounds(totalPence),
  });
}

/** The answer's body when its status is the expected one; otherwise throws the status and the start of the body. */
async function expectStatus(response: Response, status: number): Promise<string> {
  // Read in full either way, so the keep-alive connection is free for the shopper's next request.
  const text = await response.text();
  if (response.status !== status) throw new Error(`${response.status} ${text.slice(0, 120)}`);
  return text;
}

/** One shopper's round trip: start a payment session, pay on the test page, verify. Counted in `tally`. */
async function checkoutOnce(baseUrl: string, body: string, tally: CheckoutTally): Promise<void> {
  const stepMs = {} as Record<CheckoutStep, number>;
  let step: CheckoutStep = 'create-stripe-session';
  const started = performance.now();
  let stepStarted = started;
  const timed = async (name: CheckoutStep, call: () => Promise<string>) => {
    step = name;
    const text = await call();
    const now = performance.now();
    stepMs[name] = now - stepStarted;
    stepStarted = now;
    return text;
  };
  try {
    const session = await timed('create-stripe-session', async () =>
      expectStatus(
        await fetch(`${baseUrl}/api/orders/create-stripe-session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }),
        200,
      ),
    );
    const sessionId = encodeURIComponent((JSON.parse(session) as { id: string }).id);
    // The good card: the page answers 303 to /success (a refusal would be a 303 back to /pay, decision 065); not
    // followed, as a browser would only load the shop's page there.
    await timed('pay', async () =>
      expectStatus(
        await fetch(`${baseUrl}/pay/${sessionId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: TEST_CARD_FORM,
          redirect: 'manual',
        }),
        303,
      ),
    );
    tally.paidSessions++;
    const verified = await timed('verify-stripe', async () =>
      expectStatus(await fetch(`${baseUrl}/api/orders/verify-stripe/${sessionId}`), 200),
    );
    if ((JSON.parse(verified) as { success?: unknown }).success !== true) throw new Error('200 without success: true');
  } catch (error) {
    const { message, cause } = error as Error & { cause?: Error };
    const key = `${step}: ${message}${cause?.message ? ` (${cause.message})` : ''}`;
    tally.failures.set(key, (tally.failures.get(key) ?? 0) + 1);
    return;
  }
  tally.roundTripsMs.push(performance.now() - started);
  for (const name of CHECKOUT_STEPS) tally.stepMs[name].push(stepMs[name]);
}

/** The shoppers, each starting round trips one after another until `seconds` have passed; `shoppers` numbers them. */
async function runShoppers(
  baseUrl: string,
  catalog: Product[],
  seconds: number,
  shoppers: { next: number },
): Promise<CheckoutTally> {
  const tally: CheckoutTally = {
    roundTripsMs: [],
    stepMs: { 'create-stripe-session': [], pay: [], 'verify-stripe': [] },
    paidSessions: 0,
    failures: new Map(),
    seconds: 0,
  };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CHECKOUT_SHOPPERS }, async () => {
      while (performance.now() < deadline) await checkoutOnce(baseUrl, checkoutBody(catalog, shoppers.next++), tally);
    }),
  );
  // Until the last round trip begun before the deadline has ended, so every order counted is in the time.
  tally.seconds = (performance.now() - started) / 1000;
  return tally;
}

/** Read once the shop has stopped (PGlite's folder is the server's alone while it runs). */
async function countOrders(target: { databaseUrl?: string; dataDir: string }) {
  const handle = await openDatabase(target);
  try {
    const count = async (query: SQL) =>
      ((await handle.db.execute(query)) as unknown as { rows: { count: number }[] }).rows[0]!.count;
    return {
      orders: await count(sql`select count(*)::int as count from orders`),
      paidWithoutOrder: await count(
        sql`select count(*)::int as count from checkouts c where c.paid_at is not null and not exists (select 1 from orders o where o.checkout_id = c.id)`,
      ),
    };
  } finally {
    await handle.close();
  }
}

/**
 * Without SMTP_URL the shop writes each mail it sends to DATA_DIR/outbox, one file each: counts them until every
 * paid session's confirmation is there (or a minute has passed), to show how far the mail sender lags.
 */
async function waitForConfirmationMails(outbox: string, expected: number) {
  const sent = async () => (await readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml')).length;
  const sentWhenShoppersStopped = await sent();
  const started = performance.now();
  let count = sentWhenShoppersStopped;
  while (count < expected && performance.now() - started < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    count = await sent();
  }
  return { sentWhenShoppersStopped, sent: count, seconds: (performance.now() - started) / 1000 };
}

function printCheckoutFailures(label: string, tally: CheckoutTally) {
  for (const [failure, count] of [...tally.failures].sort((a, b) => b[1] - a[1]))
    console.log(`    ${label} ×${count}  ${failure}`);
}

/** True when the database holds exactly one order per paid session and some orders were made at all. */
async function benchCheckoutOn(engine: 'PGlite' | 'PostgreSQL'): Promise<boolean> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-bench-checkout-'));
  const database = engine === 'PostgreSQL' ? await createBenchDatabase('checkout') : undefined;
  if (engine === 'PostgreSQL' && !database) return true;
  const target = { dataDir, ...(database ? { databaseUrl: database.url } : {}) };
  let shop: ChildProcess | undefined;
  try {
    // The checkout's limits per address and per e-mail are raised: every shopper comes from 127.0.0.1. No SMTP_URL,
    // so the confirmation mails go to the outbox, where they can be counted.
    shop = startShop(CHECKOUT_PORT, {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      RATE_LIMIT_FACTOR: '10000',
      SMTP_URL: '',
    });
    const baseUrl = `http://127.0.0.1:${CHECKOUT_PORT}`;
    const healthz = `${baseUrl}/healthz`;
    await waitFor(healthz, shop);
    const catalog = await fetchCatalog(baseUrl);
    console.log(
      `\nCheckout on ${engine}: ${CHECKOUT_SHOPPERS} guest shoppers, each round trip POST /api/orders/create-stripe-session (1–3 lines), POST /pay/{id}, GET /api/orders/verify-stripe/{id}; ${CHECKOUT_SECONDS}s after a ${CHECKOUT_WARM_UP_SECONDS}s warm-up, between two runs of GET /healthz on ${CHECKOUT_SHOPPERS} connections as long`,
    );
    // The reference brackets the shoppers, so a change in the machine's load during the run shows and is
    // averaged out; the second waits for the confirmation mails, which go on being sent after the shoppers stop.
    await load(healthz, {}, CHECKOUT_WARM_UP_SECONDS, CHECKOUT_SHOPPERS);
    const referenceBefore = await load(healthz, {}, CHECKOUT_SECONDS, CHECKOUT_SHOPPERS);
    const shoppers = { next: 1 };
    const warmUp = await runShoppers(baseUrl, catalog, CHECKOUT_WARM_UP_SECONDS, shoppers);
    const run = await runShoppers(baseUrl, catalog, CHECKOUT_SECONDS, shoppers);
    const paidSessions = warmUp.paidSessions + run.paidSessions;
    const mails = await waitForConfirmationMails(path.join(dataDir, 'outbox'), paidSessions);
    const referenceAfter = await load(healthz, {}, CHECKOUT_SECONDS, CHECKOUT_SHOPPERS);
    await stop(shop);
    const inDatabase = await countOrders(target);

    const orders = run.roundTripsMs.length;
    const ordersPerSecond = orders / run.seconds;
    const failures = [...run.failures.values()].reduce((sum, count) => sum + count, 0);
    const p99 = percentile(run.roundTripsMs, 99);
    console.log(
      `  ${'checkout round trip'.padEnd(26)} ${ordersPerSecond.toFixed(1).padStart(8)} orders/s   p50 ${percentile(run.roundTripsMs, 50).toFixed(0).padStart(4)} ms   p99 ${p99.toFixed(0).padStart(4)} ms   (${orders} orders in ${run.seconds.toFixed(1)}s, ${failures} failures)`,
    );
    printCheckoutFailures('failed', run);
    printCheckoutFailures('failed in the warm-up', warmUp);
    const steps = CHECKOUT_STEPS.map(
      (name) => `${name} ${percentile(run.stepMs[name], 50).toFixed(0)}/${percentile(run.stepMs[name], 99).toFixed(0)}`,
    );
    console.log(`    steps p50/p99 ms: ${steps.join(', ')}`);
    const referenceRps = (referenceBefore.requestsPerSecond + referenceAfter.requestsPerSecond) / 2;
    const referenceP99 = (referenceBefore.p99Ms + referenceAfter.p99Ms) / 2;
    const referenceRow = ({ requestsPerSecond, p99Ms }: Round) =>
      `${requestsPerSecond.toFixed(0).padStart(6)} req/s, p99 ${p99Ms.toFixed(0)} ms`;
    console.log(
      `  ${'GET /healthz (reference)'.padEnd(26)} before ${referenceRow(referenceBefore)}; after ${referenceRow(referenceAfter)}`,
    );
    console.log(
      `  vs reference (mean of before and after): orders/s ÷ req/s ×${(ordersPerSecond / referenceRps).toFixed(4)}, p99 ×${(p99 / Math.max(referenceP99, 1)).toFixed(1)} (no target: a checkout is 3 requests and several database writes)`,
    );
    console.log(
      `  confirmation mails: ${mails.sentWhenShoppersStopped} of ${paidSessions} sent when the shoppers stopped; ${mails.sent >= paidSessions ? `all ${mails.seconds.toFixed(1)}s later` : `${mails.sent} after waiting ${mails.seconds.toFixed(0)}s`}`,
    );
    const matches = inDatabase.orders === paidSessions && inDatabase.paidWithoutOrder === 0;
    console.log(
      `  database: ${inDatabase.orders} orders, ${paidSessions} paid sessions (303 answers, warm-up included), ${inDatabase.paidWithoutOrder} paid checkouts without an order`,
    );
    console.log(`  orders in database = paid sessions: ${matches ? 'yes' : 'NO'}`);
    if (orders === 0) console.log('  no round trip completed: NO orders measured');
    return matches && orders > 0;
  } finally {
    await stop(shop);
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** No speed target: the figures and ratios are for comparison; the section fails when the orders do not add up. */
export async function benchCheckout(): Promise<boolean> {
  const onPglite = await benchCheckoutOn('PGlite');
  const onPostgres = await benchCheckoutOn('PostgreSQL');
  return onPglite && onPostgres;
}
