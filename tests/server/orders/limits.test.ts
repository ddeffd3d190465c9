/**
 * The checkout's rate limits at RATE_LIMIT_FACTOR 1: starting a checkout per client address and per customer,
 * never per the e-mail typed in the address, which anyone can type.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyAttemptsMessage } from '../../../src/server/plugins/external/rate-limit.ts';
import { checkoutAttemptLimits } from '../../../src/server/routes/api/orders/index.ts';
import { bearer, createCustomer, uniqueEmail } from '../../support/accounts.ts';
import { buildTestApp, type TestApp } from '../../support/build-test-app.ts';
import { cartPayload, shippingAddress } from '../../support/checkout.ts';

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

function expectTooMany(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ message: tooManyAttemptsMessage });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('POST /api/orders/create-stripe-session', () => {
  it('does not let anyone block a shopper by naming their e-mail, as a guest or logged in', async () => {
    const victim = await createCustomer(testApp);
    const attacker = newAddress();
    const wrongTotal = { ...cartPayload(shippingAddress({ email: victim.email })), totalPrice: 0.01 };
    for (let attempt = 0; attempt <= checkoutAttemptLimits.perAccount; attempt += 1)
      expect((await createSession(wrongTotal, attacker)).statusCode).toBe(409);

    const asCustomer = cartPayload(shippingAddress({ email: victim.email }));
    expect((await createSession(asCustomer, newAddress(), victim.token)).statusCode).toBe(200);
    expect((await createSession(asCustomer, newAddress())).statusCode).toBe(200);
  });

  it('limits one customer, from however many addresses', async () => {
    const customer = await createCustomer(testApp);
    const wrongTotal = { ...cartPayload(), totalPrice: 0.01 };
    for (let attempt = 0; attempt < checkoutAttemptLimits.perAccount; attempt += 1)
      expect((await createSession(wrongTotal, newAddress(), customer.token)).statusCode).toBe(409);
    expectTooMany(await createSession(cartPayload(), newAddress(), customer.token));
    // Another customer is unaffected.
    const other = await createCustomer(testApp);
    expect((await createSession(cartPayload(), newAddress(), other.token)).statusCode).toBe(200);
  });

  it('limits one client address, whatever e-mails it names', async () => {
    const address = newAddress();
    for (let attempt = 0; attempt < checkoutAttemptLimits.perAddress; attempt += 1) {
      const wrongTotal = { ...cartPayload(shippingAddress({ email: uniqueEmail() })), totalPrice: 0.01 };
      expect((await createSession(wrongTotal, address)).statusCode).toBe(409);
    }
    expectTooMany(await createSession(cartPayload(), address));
    expect((await createSession(cartPayload(), newAddress())).statusCode).toBe(200);
  });
});
