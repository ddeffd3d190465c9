/**
 * Fuzz of every route the app registers (issue 13, item 0): generated requests full of NULs, control characters,
 * odd unicode, huge numbers, deep or malformed JSON and wrong types must each get an answer below 500 and leave no
 * error in the log. FUZZ_RUNS sets the number of requests per app (default 300, so `npm test` stays quick; CI's
 * long run sets 10,000); FUZZ_SEED replays a run fast-check reported.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { stripeStandInConfig } from '#tests/stripe-test-app';
import { cartPayload, orderPayload, startCheckout, testCard } from '#tests/checkout';
import { type FuzzContext, fuzzRequest, type RegisteredRoute, registeredRoutes } from '#tests/fuzz-requests';
import { type StripeStandIn, startStripeStandIn } from '#tests/stripe-stand-in';
import { createWebDist, type WebDist } from '#tests/web-dist';

function positiveWhole(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0, not ${raw}`);
  return value;
}

const runs = positiveWhole('FUZZ_RUNS', 300);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** The error-level lines an app logs, as pino writes them. */
function errorLog() {
  const lines: string[] = [];
  return { lines, logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } };
}

interface FuzzedApp {
  testApp: TestApp;
  routes: RegisteredRoute[];
  context: FuzzContext;
  errors: string[];
}

async function fuzzedApp(overrides: Parameters<typeof buildTestApp>[0]): Promise<FuzzedApp> {
  const log = errorLog();
  const testApp = await buildTestApp(overrides, { logger: log.logger });
  const customer = await insertCustomer(testApp);
  const address = cartPayload().shippingAddress;
  const sessionId = await startCheckout(testApp, cartPayload(address));
  const context: FuzzContext = {
    params: {
      id: ['roasted-cashew-nuts', 'medjool-dates'],
      productId: ['roasted-cashew-nuts'],
      sessionId: [sessionId],
      token: [randomBytes(32).toString('hex')],
    },
    bodies: {
      'POST /api/auth/signup': { name: 'Fuzz Tester', email: 'fuzz@example.com', password: 'long-enough-1' },
      'POST /api/auth/verify-otp': { userId: customer.id, otp: '123456' },
      'POST /api/auth/resend-otp': { userId: customer.id },
      'POST /api/auth/login': { email: customer.email, password: 'not-the-password' },
      'POST /api/auth/forgot-password': { email: customer.email },
      'PUT /api/auth/reset-password/:token': { password: 'long-enough-1' },
      'POST /api/cart/add': { _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '500g' },
      'DELETE /api/cart/remove/:id': { qtyToRemove: 1 },
      'PATCH /api/cart/:id': { selectedWeight: '250g' },
      'POST /api/cart/merge': { items: [{ _id: 'medjool-dates', qty: 2, selectedWeight: '250g' }] },
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
    },
    authorizations: [`Bearer ${customer.token}`, 'Bearer not-a-token', 'Basic Zm9vOmJhcg=='],
  };
  return { testApp, routes: registeredRoutes(testApp.app), context, errors: log.lines };
}

async function fuzz({ testApp, routes, context, errors }: FuzzedApp) {
  await fc.assert(
    fc.asyncProperty(fuzzRequest(routes, context), async (request: InjectOptions) => {
      errors.length = 0;
      const response = await testApp.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
      expect(errors, `${request.method} ${request.url}`).toEqual([]);
    }),
    { numRuns: runs, ...(seed === undefined ? {} : { seed }) },
  );
}

describe('every route, fuzzed (built-in payments, the web app served)', () => {
  let target: FuzzedApp;
  let webDist: WebDist;
  beforeAll(async () => {
    webDist = await createWebDist({ 'assets/index-abc123.js': 'console.log(1);' });
    target = await fuzzedApp({ webDistDir: webDist.dir });
  });
  afterAll(async () => {
    await target?.testApp.close();
    await webDist?.remove();
  });

  it('reads the routes from the app, pages and files included', () => {
    const urls = target.routes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/orders/verify-stripe/:sessionId',
        'POST /api/auth/verify-otp',
        'POST /pay/:sessionId',
        'GET /product/:productId',
        'GET /uploads/*',
        'GET /healthz',
      ]),
    );
  });

  it(`answers ${runs} generated requests below 500, with no error logged`, { timeout: 60_000 + runs * 200 }, () =>
    fuzz(target),
  );
});

describe('every route, fuzzed (Stripe, its webhook included)', () => {
  let target: FuzzedApp;
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    target = await fuzzedApp(stripeStandInConfig(standIn));
  });
  afterAll(async () => {
    await target?.testApp.close();
    await standIn?.close();
  });

  it('reads the webhook among the routes', () => {
    expect(target.routes).toContainEqual({ method: 'POST', url: '/api/orders/stripe-webhook' });
  });

  it(`answers ${runs} generated requests below 500, with no error logged`, { timeout: 60_000 + runs * 200 }, () =>
    fuzz(target),
  );
});
