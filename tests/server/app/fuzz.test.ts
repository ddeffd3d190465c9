/**
 * Fuzz of every route the app registers, the owner's included generated requests full of NULs,
 * control characters, odd unicode, numbers at the edges, deep or malformed JSON, wrong types, `__proto__` keys and
 * SQL and HTML fragments, with a customer's token, an admin's, a bad one or none. Each must get an answer below 500
 * with no error logged; a 4xx from /api/ must be JSON with exactly `{ message, errors? }`; a refused request
 * (400 and up) must leave the database as it was; and no request may change what every object inherits.
 *
 * Counts (requests per app; FUZZ_RUNS sets them all): 1,000 on the built-in payments app and 500 on the Stripe app,
 * on either database, the short run `npm test` and `npm run test:quick` make (about 5 s on PGlite). The long run,
 * 10,000 per app on PGlite and 2,000 on PostgreSQL, is CI's own step, `npm run fuzz` (.ci/run, decision 091), so it
 * runs once rather than inside both API suites. A request takes about 4.5 ms on PGlite and 3.5 ms on PostgreSQL (the
 * write counters about 0.5 ms of it). The seed is fixed (42) unless FUZZ_SEED is given, and FUZZ_PATH with it replays
 * the one counterexample fast-check printed; `npm run fuzz -- --runs N` runs longer with a random seed
 * (scripts/fuzz.mjs).
 */
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, insertCustomer } from '#tests/accounts';
import { londonDay } from '#tests/batches';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { productInput } from '#tests/fixtures/product';
import { cartPayload, orderPayload, payOnTestPage, startCheckout, testCard } from '#tests/checkout';
import {
  Alternatives,
  type FuzzContext,
  fuzzRequest,
  ownerSettingsBodies,
  type RegisteredRoute,
  registeredRoutes,
} from '#tests/fuzz-requests';
import { png } from '#tests/images';
import { type StripeStandIn, startStripeStandIn } from '#tests/stripe-stand-in';
import { stripeStandInConfig } from '#tests/stripe-test-app';
import { createWebDist, type WebDist } from '#tests/web-dist';
import { type AllowedChange, type WriteWatch, watchWrites, writesBetween } from '#tests/write-watch';

function positiveWhole(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0, not ${raw}`);
  return value;
}

const runsGiven = positiveWhole('FUZZ_RUNS');
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 42;
const replayPath = process.env.FUZZ_PATH || undefined;
const builtInRuns = runsGiven ?? 1_000;
const stripeRuns = runsGiven ?? 500;
/** Ten times the 4 ms or so a request takes alone, for a machine busy with other suites. */
const timeoutFor = (runs: number) => 60_000 + runs * 40;

/**
 * Writes a refused request may make, by design. Anything else a request answered 400 or more writes is a bug.
 */
const allowedChanges: AllowedChange[] = [
  {
    table: 'signup_attempts',
    columns: ['tries'],
    why: 'a code check counts against its 5 tries whether the code is right or wrong (docs/api.md, Accounts and sessions), and a wrong one is refused',
  },
  {
    table: 'mail_queue',
    columns: ['attempts', 'locked_until', 'next_attempt_at', 'sent_at', 'failed_at', 'last_error', 'html', 'text'],
    why: 'the mail sender claims and delivers mail queued by earlier requests, in the background, whatever request is under way',
  },
];

/** The API's error (docs/api.md, Errors), exactly: a message for people, per-field messages for forms, nothing else. */
const ErrorAnswerSchema = z.strictObject({
  message: z.string().min(1),
  errors: z.array(z.strictObject({ field: z.string(), message: z.string().min(1) })).optional(),
});

interface DesignedRefusal {
  /** `METHOD /pattern`, as the route is registered. */
  route: string;
  status: number;
  /** What its body carries beside `{ message, errors? }`. */
  fields: string[];
  /** What it may write, as `table operation`. */
  writes: string[];
  why: string;
}

/** Refusals that answer or write more than the rule above, by design, and only these. */
const designedRefusals: DesignedRefusal[] = [
  {
    route: 'POST /api/auth/login',
    status: 403,
    fields: ['userId'],
    writes: ['signup_attempts update', 'mail_queue insert'],
    why: 'the right password of an address still waiting for its code answers "verify first" with the signup attempt for the code step, and mails a new code unless one went out within the cooldown',
  },
];

function designedRefusal(route: string, request: InjectOptions, status: number): DesignedRefusal | undefined {
  return designedRefusals.find(
    (designed) =>
      designed.route === route && designed.status === status && designed.route.startsWith(`${request.method} `),
  );
}

/** The error-level lines an app logs, as pino writes them. */
function errorLog() {
  const lines: string[] = [];
  return { lines, logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } };
}

/** A product the owner's routes may replace, hide and show, so the shoppers' seeded products keep their prices. */
const fuzzProduct = () => productInput({ name: 'Fuzzed Almonds', description: 'Almonds for the fuzz to edit.' });

interface FuzzedApp {
  testApp: TestApp;
  routes: RegisteredRoute[];
  context: FuzzContext;
  errors: string[];
  writes: WriteWatch;
}

/** The answer's body; throws unless its status is one of `statuses`. */
function bodyOf(response: LightMyRequestResponse, statuses: readonly number[], what: string) {
  if (!statuses.includes(response.statusCode)) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * The app, with what its routes act on: a customer and an admin, a signup waiting for its code, paid orders (`pay`
 * is the provider's way of paying a session), reviews, contact messages and a product of the fuzz's own.
 */
async function fuzzedApp(
  overrides: Parameters<typeof buildTestApp>[0],
  pay: (testApp: TestApp, sessionId: string) => Promise<unknown>,
): Promise<FuzzedApp> {
  const log = errorLog();
  const testApp = await buildTestApp(overrides, { logger: log.logger });
  const { app } = testApp;
  const customer = await insertCustomer(testApp);
  const admin = await insertCustomer(testApp, { name: 'Olive Owner', role: 'admin' });
  const staffMember = await insertCustomer(testApp, { name: 'Sam Packer', role: 'staff' });
  const waiting = await insertCustomer(testApp, { verified: false });
  const asAdmin = bearer(admin.token);
  const address = cartPayload().shippingAddress;
  const sessionId = await startCheckout(testApp, cartPayload(address));

  const orderIds: string[] = [];
  for (let count = 0; count < 3; count += 1) {
    const paidSession = await startCheckout(testApp, cartPayload(address));
    await pay(testApp, paidSession);
    const placed = await app.inject({
      method: 'POST',
      url: '/api/orders/guest-order',
      payload: { ...orderPayload(paidSession, cartPayload(address)), guestEmail: address.email },
    });
    orderIds.push(
      // 200 when paying made the order already (the test checkout does).
      bodyOf(placed, [200, 201], 'guest order')._id,
    );
  }
  const reviewIds: string[] = [];
  for (const name of ['Rita', 'Sam', 'Tess']) {
    const posted = await app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { name, location: 'Leeds', rating: 3, message: 'Crunchy.' },
    });
    reviewIds.push(bodyOf(posted, [201], 'review')._id);
  }
  for (const message of ['Do you ship to Orkney?', 'Are the almonds blanched?']) {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/contact/submit',
      payload: { name: 'Ada Asker', email: 'asker@example.com', phone: '', message },
    });
    bodyOf(sent, [201], 'contact message');
  }
  const messages = await app.inject({ method: 'GET', url: '/api/admin/messages', headers: asAdmin });
  const messageIds = bodyOf(messages, [200], 'messages').items.map((item: { _id: string }) => item._id);
  const created = await app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: asAdmin,
    payload: fuzzProduct(),
  });
  const productId: string = bodyOf(created, [201], 'product')._id;
  const promotion = await app.inject({
    method: 'POST',
    url: '/api/admin/promotions',
    headers: asAdmin,
    payload: { code: 'FUZZSEED', description: 'Seed', type: 'percent', value: 5 },
  });
  const promotionId: string = bodyOf(promotion, [201], 'promotion')._id;
  const batch = await app.inject({
    method: 'POST',
    url: `/api/admin/products/${productId}/batches`,
    headers: asAdmin,
    payload: { weight: '200g', code: 'FUZZ-SEED', bestBefore: londonDay(30), quantity: 5 },
  });
  const batchCode: string = bodyOf(batch, [201], 'batch').code;
  const savedAddress = await app.inject({
    method: 'POST',
    url: '/api/auth/addresses',
    headers: bearer(customer.token),
    payload: address,
  });
  const savedAddressId: string = bodyOf(savedAddress, [201], 'saved address')._id;

  const context: FuzzContext = {
    params: {
      id: ['roasted-cashew-nuts', 'medjool-dates'],
      productId: ['roasted-cashew-nuts'],
      sessionId: [sessionId],
      token: [randomBytes(32).toString('hex')],
    },
    routeParams: {
      '/api/admin/orders/:id': { id: orderIds },
      '/api/admin/orders/:id/refunds': { id: orderIds },
      '/api/admin/orders/:id/cancel': { id: orderIds },
      '/api/admin/orders/:id/refunds/:refundId/retry': { id: orderIds, refundId: [randomBytes(16).toString('hex')] },
      '/api/admin/reviews/:id': { id: reviewIds },
      '/api/admin/messages/:id': { id: messageIds },
      '/api/admin/messages/:id/reply': { id: messageIds },
      '/api/admin/products/:id': { id: [productId] },
      // The owner themself (refused: nobody removes themself) and a member of staff the fuzz may remove.
      '/api/admin/staff/:id': { id: [admin.id, staffMember.id] },
      '/api/admin/promotions/:id': { id: [promotionId] },
      '/api/admin/products/:id/batches': { id: [productId] },
      '/api/admin/batches/:code': { code: [batchCode] },
      '/api/admin/batches/:code/recall': { code: [batchCode] },
      '/api/orders/:id': { id: orderIds },
      '/api/auth/addresses/:id': { id: [savedAddressId] },
    },
    bodies: {
      ...ownerSettingsBodies(),
      'POST /api/auth/signup': new Alternatives(
        { name: 'Fuzz Tester', email: 'fuzz@example.com', password: 'long-enough-1' },
        { name: 'Fuzz Tester', email: customer.email, password: 'long-enough-1' },
      ),
      'POST /api/auth/verify-otp': { userId: waiting.id, otp: '123456' },
      'POST /api/auth/resend-otp': { userId: waiting.id },
      'POST /api/auth/login': new Alternatives(
        { email: customer.email, password: 'not-the-password' },
        { email: customer.email, password: customer.password },
        // An address still waiting for its code: 403, "verify first", and a new code (see designedRefusals).
        { email: waiting.email, password: waiting.password },
      ),
      'POST /api/auth/forgot-password': { email: customer.email },
      'PUT /api/auth/reset-password/:token': { password: 'long-enough-1' },
      // Wrong passwords: the right one would end the session the fuzz goes on using.
      'PUT /api/auth/password': { currentPassword: 'not-the-password', password: 'long-enough-1' },
      'DELETE /api/auth/me': { password: 'not-the-password' },
      'POST /api/auth/addresses': new Alternatives(address, { ...address, country: 'France' }),
      'POST /api/cart/add': { _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '500g' },
      'DELETE /api/cart/remove/:id': { qtyToRemove: 1 },
      'PATCH /api/cart/:id': { selectedWeight: '250g' },
      'POST /api/cart/merge': { items: [{ _id: 'medjool-dates', qty: 2, selectedWeight: '250g' }] },
      'POST /api/cart/quote': {
        orderItems: cartPayload(address).orderItems,
        postcode: 'IV1 1AA',
        promoCode: 'SPRING10',
      },
      'POST /api/contact/submit': { name: 'Fuzz Tester', email: 'fuzz@example.com', phone: '', message: 'Hello' },
      'POST /api/orders/create-stripe-session': cartPayload(address),
      'POST /api/orders': orderPayload(sessionId, cartPayload(address)),
      'POST /api/orders/guest-order': { ...orderPayload(sessionId, cartPayload(address)), guestEmail: address.email },
      'POST /api/orders/stripe-webhook': {
        id: 'evt_1',
        type: 'checkout.session.completed',
        data: { object: { id: sessionId } },
      },
      'POST /api/reviews': { name: 'Fuzz Tester', location: 'Leeds', rating: 4, message: 'Crunchy.' },
      'POST /pay/:sessionId': testCard,
      'POST /api/admin/products': fuzzProduct(),
      'PUT /api/admin/products/:id': {
        ...fuzzProduct(),
        weights: fuzzProduct().weights.map((weight) => ({ ...weight, stockSeen: weight.stock })),
      },
      'PATCH /api/admin/products/:id': new Alternatives({ hidden: false }, { hidden: true }),
      'PATCH /api/admin/orders/:id': new Alternatives(
        { status: 'dispatched', trackingNumber: 'RM123456785GB' },
        { status: 'dispatched', trackingNumber: 'RM123456785GB', carrier: 'royal-mail' },
        { status: 'delivered' },
        { isDelivered: true },
      ),
      'POST /api/admin/orders/:id/refunds': new Alternatives(
        { amount: 0.5, reason: 'A bag arrived split' },
        { amount: 8.09, reason: 'Returned unopened', restock: true, lines: [{ index: 0, qty: 1 }] },
      ),
      'POST /api/admin/orders/:id/cancel': new Alternatives(
        { reason: 'Asked by the customer' },
        { reason: 'x', restock: false },
      ),
      // Takes no body; the fuzz sends one anyway, and the test checkout's refunds never fail, so none can be retried.
      'POST /api/admin/orders/:id/refunds/:refundId/retry': { again: true },
      'POST /api/admin/staff': new Alternatives(
        { email: 'fuzz-staff@example.com', name: 'Fuzz Staff', role: 'staff' },
        { email: 'fuzz-admin@example.com', name: 'Fuzz Admin', role: 'admin' },
      ),
      'POST /api/staff/accept/:token': { password: 'long-enough-1' },
      'POST /api/admin/packing/dispatch': {
        orders: [{ id: orderIds[0], trackingNumber: 'RM123456785GB', carrier: 'dpd' }],
      },
      'PATCH /api/admin/reviews/:id': new Alternatives({ hidden: true }, { hidden: false }),
      'PATCH /api/admin/messages/:id': new Alternatives({ status: 'read' }, { status: 'answered' }, { status: 'new' }),
      'POST /api/admin/messages/:id/reply': { message: 'Yes, we do.' },
    },
    queries: {
      'GET /api/products': { ids: 'roasted-cashew-nuts,medjool-dates' },
      'GET /api/products/browse': {
        category: 'Nuts',
        collection: 'new',
        q: 'almnods',
        sort: 'price-asc',
        'free-from': 'Peanuts,Sesame',
        limit: '48',
        offset: '0',
      },
      'GET /api/admin/orders': { status: 'processing', q: 'RC-', limit: '50', offset: '0' },
      'GET /api/admin/orders.csv': { from: '2024-01-01', to: '2030-12-31' },
      'GET /api/admin/reports/sales': { from: '2026-01-01', to: '2026-12-31', interval: 'week' },
      'GET /api/admin/reports/vat': { from: '2026-01-01', to: '2026-03-31' },
      'GET /api/admin/reports/vat.csv': { from: '2026-01-01', to: '2026-03-31' },
      'GET /api/admin/reviews': { hidden: 'false', limit: '50', offset: '0' },
      'GET /api/admin/messages': { status: 'new', limit: '50', offset: '0' },
      'GET /api/admin/audit': { action: 'order.dispatched', target: `order:${orderIds[0]}`, limit: '50', offset: '0' },
      'GET /success': { session_id: sessionId },
    },
    uploads: {
      'POST /api/admin/products/images': {
        field: 'image',
        filename: 'almonds.png',
        contentType: 'image/png',
        content: await png({ width: 40, height: 30 }),
      },
    },
    authorizations: {
      usual: { '': `Bearer ${customer.token}`, '/api/admin/': `Bearer ${admin.token}` },
      others: [`Bearer ${customer.token}`, `Bearer ${admin.token}`, 'Bearer not-a-token', 'Basic Zm9vOmJhcg=='],
    },
  };
  const writes = await watchWrites(testApp, allowedChanges);
  return { testApp, routes: registeredRoutes(app), context, errors: log.lines, writes };
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** The answer's body as text, undone from the compression the request asked for. */
function bodyText(response: LightMyRequestResponse): string {
  const encoding = String(response.headers['content-encoding'] ?? '');
  // A HEAD's answer names the encoding its GET would have, and has no body.
  if (response.rawPayload.length === 0) return '';
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.body;
}

/** What is wrong with the answer to `request`, beyond its status; nothing when all is well. */
function contractBreaches(
  request: InjectOptions,
  response: LightMyRequestResponse,
  text: string,
  designed: DesignedRefusal | undefined,
): string[] {
  const url = String(request.url);
  // A 5xx is a failure of its own; it may carry a request id beside its message.
  if (!isApi(url) || response.statusCode < 400 || response.statusCode >= 500) return [];
  const type = String(response.headers['content-type'] ?? '');
  if (!/^application\/json(;|$)/.test(type)) return [`a ${response.statusCode} from the API as ${type || 'no type'}`];
  if (request.method === 'HEAD') return [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`a ${response.statusCode} whose body is not JSON`];
  }
  const schema = designed
    ? ErrorAnswerSchema.extend(Object.fromEntries(designed.fields.map((field) => [field, z.unknown()])))
    : ErrorAnswerSchema;
  return schema.safeParse(body).success ? [] : [`a ${response.statusCode} not shaped { message, errors? }`];
}

const inherited = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');

async function fuzz({ testApp, routes, context, errors, writes }: FuzzedApp, runs: number) {
  const { app } = testApp;
  const prototypeBefore = inherited();
  const answered = new Map<string, Map<string, number>>();
  // One reading per request, taken once what the request left running (a reset mail prepared after the answer, then
  // sent) is done: the difference from the last holds all the request wrote and nothing of the next.
  let counted = await writes.counts();
  const property = fc.asyncProperty(fuzzRequest(routes, context), async ({ route, request }) => {
    errors.length = 0;
    const response = await app.inject(request);
    await app.background.settled();
    await app.mailer.settled();
    const counts = await writes.counts();
    const text = bodyText(response);
    const status = response.statusCode;
    const byStatus = answered.get(route) ?? new Map<string, number>();
    answered.set(route, byStatus.set(String(status), (byStatus.get(String(status)) ?? 0) + 1));
    const designed = designedRefusal(route, request, status);
    const written = status >= 400 ? writesBetween(counted, counts) : [];
    counted = counts;
    const problems = [
      ...(status >= 500 ? [`answered ${status}`] : []),
      ...contractBreaches(request, response, text, designed),
      ...written
        .filter((write) => !designed?.writes.some((allowed) => write.startsWith(`${allowed} ×`)))
        .map((write) => `refused, yet wrote ${write}`),
      ...(inherited() === prototypeBefore && ({} as Record<string, unknown>).polluted === undefined
        ? []
        : ['changed what every object inherits']),
      ...errors.map((line) => `logged an error: ${line.slice(0, 500)}`),
    ];
    if (problems.length > 0)
      throw new Error(`${problems.join('; ')}\n${request.method} ${request.url} → ${status} ${text.slice(0, 500)}`);
  });
  const details = await fc.check(property, { numRuns: runs, seed, ...(replayPath ? { path: replayPath } : {}) });
  console.log(
    `fuzz: ${details.numRuns} requests, seed ${details.seed}, ${details.failed ? `1 failure (path "${details.counterexamplePath}")` : '0 failures'}`,
  );
  if (process.env.FUZZ_STATS)
    for (const [route, byStatus] of [...answered].sort(([a], [b]) => a.localeCompare(b)))
      console.log(`${route}: ${[...byStatus].map(([status, count]) => `${status}×${count}`).join(' ')}`);
  if (details.failed) {
    const cause =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(`${fc.defaultReportMessage(details) ?? 'the fuzz failed'}\n${cause}`);
  }
}

describe('every route, fuzzed (built-in payments, the web app served)', () => {
  let target: FuzzedApp;
  let webDist: WebDist;
  beforeAll(async () => {
    webDist = await createWebDist({ 'assets/index-abc123.js': 'console.log(1);' });
    target = await fuzzedApp({ webDistDir: webDist.dir }, (testApp, sessionId) => payOnTestPage(testApp, sessionId));
  });
  afterAll(async () => {
    await target?.testApp.close();
    await webDist?.remove();
  });

  it('reads the routes from the app, pages, files and the owner’s included', () => {
    const urls = target.routes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/orders/verify-stripe/:sessionId',
        'POST /api/auth/verify-otp',
        'POST /pay/:sessionId',
        'GET /product/:productId',
        'GET /uploads/*',
        'GET /healthz',
        'PUT /api/admin/products/:id',
        'POST /api/admin/products/images',
        'PATCH /api/admin/orders/:id',
      ]),
    );
  });

  it('has a template for every owner’s route that takes a body, and real ids for its parameters', () => {
    const { bodies, uploads = {}, routeParams = {} } = target.context;
    const owners = target.routes.filter((route) => route.url.startsWith('/api/admin/'));
    const key = (route: RegisteredRoute) => `${route.method} ${route.url}`;
    const withBody = owners.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
    expect(withBody.filter((route) => !(key(route) in bodies) && !(key(route) in uploads)).map(key)).toEqual([]);
    const withId = owners.filter((route) => route.url.includes(':id'));
    expect(withId.filter((route) => !routeParams[route.url]?.id?.length).map(key)).toEqual([]);
  });

  it('counts a write as the fuzz reads it: committed rows, not rolled-back ones, unchanged ones or allowed columns', async () => {
    const { app } = target.testApp;
    const reading = await target.writes.counts();
    await app.db.execute(
      sql`insert into contact_messages (id, name, email, message) values ('watch-1', 'Watch', 'watch@example.com', 'Counted?')`,
    );
    expect(writesBetween(reading, await target.writes.counts())).toEqual(['contact_messages insert ×1']);

    const quiet = await target.writes.counts();
    await app.db.execute(sql`update contact_messages set name = name where email = 'watch@example.com'`);
    await app.db.execute(sql`update signup_attempts set tries = tries + 1`);
    await app.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from contact_messages where email = 'watch@example.com'`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(writesBetween(quiet, await target.writes.counts())).toEqual([]);

    const changed = await target.writes.counts();
    await app.db.execute(sql`update signup_attempts set tries = tries + 1, name = name || '!'`);
    await app.db.execute(sql`delete from contact_messages where email = 'watch@example.com'`);
    expect(writesBetween(changed, await target.writes.counts())).toEqual([
      'contact_messages delete ×1',
      'signup_attempts update ×1',
    ]);
  });

  it(
    `answers ${builtInRuns} generated requests below 500, JSON errors from the API, no write when refused`,
    {
      timeout: timeoutFor(builtInRuns),
    },
    () => fuzz(target, builtInRuns),
  );
});

describe('every route, fuzzed (Stripe, its webhook included)', () => {
  let target: FuzzedApp;
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    target = await fuzzedApp(stripeStandInConfig(standIn), async (_testApp, sessionId) => standIn.pay(sessionId));
  });
  afterAll(async () => {
    await target?.testApp.close();
    await standIn?.close();
  });

  it('reads the webhook among the routes', () => {
    expect(target.routes).toContainEqual({ method: 'POST', url: '/api/orders/stripe-webhook' });
  });

  it(
    `answers ${stripeRuns} generated requests below 500, JSON errors from the API, no write when refused`,
    {
      timeout: timeoutFor(stripeRuns),
    },
    () => fuzz(target, stripeRuns),
  );
});
