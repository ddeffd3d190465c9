/**
 * The checkout's rate limits at RATE_LIMIT_FACTOR 1: starting a checkout per client address and per customer
 * (never per the e-mail typed in the address, which anyone can type), and the calls that may ask the payment
 * provider (verify, the order calls) per client address and per payment session, each answered 429 (docs/api.md,
 * Limits).
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tooManyAttemptsMessage } from '#server/plugins/app/attempt-limit';
import { checkoutAttemptLimits, checkoutDailyLimits, paymentCallLimits } from '#server/features/orders/routes';
import { bearer, insertCustomer, uniqueEmail } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { cartPayload, orderPayload, guestAddress } from '#tests/checkout';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ rateLimitFactor: 1 });
});
afterAll(() => testApp?.close());

let lastAddress = 0;
/** A client address no other request in this file has used. */
function newAddress(): string {
  lastAddress += 1;
  return `10.20.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
}

function call(
  method: 'GET' | 'POST',
  url: string,
  { payload, remoteAddress, token }: { payload?: object; remoteAddress: string; token?: string },
) {
  return testApp.app.inject({
    method,
    url,
    remoteAddress,
    ...(payload ? { payload } : {}),
    ...(token ? { headers: bearer(token) } : {}),
  });
}

const createSession = (payload: object, remoteAddress: string, token?: string) =>
  call('POST', '/api/orders/create-stripe-session', { payload, remoteAddress, token });
const verify = (sessionId: string, remoteAddress: string) =>
  call('GET', `/api/orders/verify-stripe/${encodeURIComponent(sessionId)}`, { remoteAddress });
const guestOrder = (sessionId: string, remoteAddress: string) =>
  call('POST', '/api/orders/guest-order', { payload: orderPayload(sessionId), remoteAddress });

function expectTooMany(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ message: tooManyAttemptsMessage });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

/** A checkout started from an address of its own, so starting it counts against no limit a test is about. */
async function newSession(): Promise<string> {
  const response = await createSession(cartPayload(), newAddress());
  expect(response.statusCode).toBe(200);
  return (response.json() as { id: string }).id;
}

const unknownSession = () => `cs_local_${randomBytes(12).toString('hex')}`;

describe('POST /api/orders/create-stripe-session', () => {
  it('does not let anyone block a shopper by naming their e-mail, as a guest or logged in', async () => {
    const victim = await insertCustomer(testApp);
    const attacker = newAddress();
    const wrongTotal = { ...cartPayload(guestAddress({ email: victim.email })), totalPrice: 0.01 };
    for (let attempt = 0; attempt <= checkoutAttemptLimits.perAccount; attempt += 1)
      expect((await createSession(wrongTotal, attacker)).statusCode).toBe(409);

    const asCustomer = cartPayload(guestAddress({ email: victim.email }));
    expect((await createSession(asCustomer, newAddress(), victim.token)).statusCode).toBe(200);
    expect((await createSession(asCustomer, newAddress())).statusCode).toBe(200);
  });

  it('limits one customer, from however many addresses', async () => {
    const customer = await insertCustomer(testApp);
    const wrongTotal = { ...cartPayload(), totalPrice: 0.01 };
    for (let attempt = 0; attempt < checkoutAttemptLimits.perAccount; attempt += 1)
      expect((await createSession(wrongTotal, newAddress(), customer.token)).statusCode).toBe(409);
    expectTooMany(await createSession(cartPayload(), newAddress(), customer.token));
    // Another customer is unaffected.
    const other = await insertCustomer(testApp);
    expect((await createSession(cartPayload(), newAddress(), other.token)).statusCode).toBe(200);
  });

  it('limits one client address, whatever e-mails it names', async () => {
    const address = newAddress();
    for (let attempt = 0; attempt < checkoutAttemptLimits.perAddress; attempt += 1) {
      const wrongTotal = { ...cartPayload(guestAddress({ email: uniqueEmail() })), totalPrice: 0.01 };
      expect((await createSession(wrongTotal, address)).statusCode).toBe(409);
    }
    expectTooMany(await createSession(cartPayload(), address));
    expect((await createSession(cartPayload(), newAddress())).statusCode).toBe(200);
  });
});

describe('starting checkouts, as a shopper and as a script', () => {
  it('lets a shopper start again several times, and stops a script within 30 in 15 minutes', async () => {
    const shopper = newAddress();
    for (let attempt = 0; attempt < 8; attempt += 1)
      expect((await createSession(cartPayload(), shopper)).statusCode).toBe(200);
    const script = newAddress();
    const answers: number[] = [];
    for (let attempt = 0; attempt < 40; attempt += 1)
      answers.push((await createSession(cartPayload(), script)).statusCode);
    expect(answers.filter((status) => status === 200)).toHaveLength(30);
    expect(answers.slice(30).every((status) => status === 429)).toBe(true);
  });
});

describe('starting checkouts over a day', () => {
  it('stops one address at 100 in a day however the starts are spread, and lets it start again the next day', async () => {
    const script = newAddress();
    const wrongTotal = () => ({ ...cartPayload(guestAddress({ email: uniqueEmail() })), totalPrice: 0.01 });
    // Only Date is faked: the limits' store reads the time from it, while the database and timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const perWindow = checkoutAttemptLimits.perAddress - 5;
      for (let started = 0; started < checkoutDailyLimits.perAddress; started += perWindow) {
        const inThisWindow = Math.min(perWindow, checkoutDailyLimits.perAddress - started);
        for (let attempt = 0; attempt < inThisWindow; attempt += 1)
          expect((await createSession(wrongTotal(), script)).statusCode).toBe(409);
        vi.advanceTimersByTime(16 * 60_000);
      }
      // A fresh 15 minutes, yet the day's ceiling is met; another address is unaffected.
      expectTooMany(await createSession(cartPayload(), script));
      expect((await createSession(cartPayload(), newAddress())).statusCode).toBe(200);

      vi.advanceTimersByTime(24 * 60 * 60_000);
      expect((await createSession(wrongTotal(), script)).statusCode).toBe(409);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('GET /api/orders/verify-stripe/{id}', () => {
  it('limits one payment session, from however many addresses', async () => {
    const sessionId = await newSession();
    for (let attempt = 0; attempt < paymentCallLimits.perSession; attempt += 1)
      expect((await verify(sessionId, newAddress())).statusCode).toBe(409);
    expectTooMany(await verify(sessionId, newAddress()));
    // Another session is unaffected, and so are the order calls for this one (counted apart).
    expect((await verify(await newSession(), newAddress())).statusCode).toBe(409);
    expect((await guestOrder(sessionId, newAddress())).statusCode).toBe(409);
  });

  it('limits one client address, whatever sessions it names', async () => {
    const address = newAddress();
    for (let attempt = 0; attempt < paymentCallLimits.perAddress; attempt += 1)
      expect((await verify(unknownSession(), address)).statusCode).toBe(404);
    expectTooMany(await verify(unknownSession(), address));
    expect((await verify(unknownSession(), newAddress())).statusCode).toBe(404);
  });
});

describe('the order calls', () => {
  it('limit one payment session, from however many addresses, for guests and customers alike', async () => {
    const sessionId = await newSession();
    for (let attempt = 0; attempt < paymentCallLimits.perSession; attempt += 1)
      expect((await guestOrder(sessionId, newAddress())).statusCode).toBe(409);
    expectTooMany(await guestOrder(sessionId, newAddress()));
    const customer = await insertCustomer(testApp);
    expectTooMany(
      await call('POST', '/api/orders', {
        payload: orderPayload(sessionId),
        remoteAddress: newAddress(),
        token: customer.token,
      }),
    );
    expect((await guestOrder(await newSession(), newAddress())).statusCode).toBe(409);
  });

  it('limit one client address, whatever sessions it names', async () => {
    const address = newAddress();
    for (let attempt = 0; attempt < paymentCallLimits.perAddress; attempt += 1)
      expect((await guestOrder(unknownSession(), address)).statusCode).toBe(404);
    expectTooMany(await guestOrder(unknownSession(), address));
    expect((await guestOrder(unknownSession(), newAddress())).statusCode).toBe(404);
  });
});
