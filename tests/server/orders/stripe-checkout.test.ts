/** Checkout with PAYMENT_PROVIDER=stripe: the real SDK against the Stripe stand-in, verify, the webhook, one order. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNPAID_ANSWER_TTL_MS } from '#shared/constants';
import { CheckoutSessionAnswerSchema, PaymentConfigSchema } from '#shared/schemas/order';
import { insertCustomer } from '#tests/accounts';
import { buildTestApp } from '#tests/build-test-app';
import { buildStripeTestApp, type StripeTestApp } from '#tests/stripe-test-app';
import { cartPayload, checkoutCalls, orderPayload, startCheckout } from '#tests/checkout';
import { queryRows } from '#tests/db';
import { STAND_IN_PUBLISHABLE_KEY, STAND_IN_WEBHOOK_SECRET, type StripeStandIn } from '#tests/stripe-stand-in';

let standIn: StripeStandIn;
let testApp: StripeTestApp;
beforeAll(async () => {
  testApp = await buildStripeTestApp();
  standIn = testApp.standIn;
});
afterAll(async () => {
  await testApp?.close();
});

const guest = () => checkoutCalls(testApp);

function webhook(payload: string, signature: string | undefined) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/orders/stripe-webhook',
    headers: {
      // As Stripe's deliveries carry it.
      'content-type': 'application/json; charset=utf-8',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

async function ordersFor(sessionId: string) {
  const [row] = await queryRows<{ count: number }>(
    testApp,
    sql`select count(*)::int as count from orders where checkout_id in (select id from checkouts where session_id = ${sessionId})`,
  );
  return row?.count ?? 0;
}

describe('POST /api/orders/create-stripe-session with Stripe', () => {
  it('answers the Stripe session’s url and id, for the amount and checkout the server recorded', async () => {
    const payload = cartPayload();
    const response = await guest().createSession(payload);
    expect(response.statusCode).toBe(200);
    const answer = CheckoutSessionAnswerSchema.parse(response.json());
    const made = standIn.sessions.find((each) => each.session.id === answer.id);
    expect(made).toBeDefined();
    expect(answer.url).toBe(made!.session.url);

    const [checkout] = await queryRows<{ id: string; amount_pence: number }>(
      testApp,
      sql`select id, amount_pence from checkouts where session_id = ${answer.id}`,
    );
    expect(checkout?.amount_pence).toBe(2037);
    expect(made!.session).toMatchObject({
      currency: 'gbp',
      amount_total: 2037,
      customer_email: payload.shippingAddress.email,
      metadata: { checkoutId: checkout!.id },
      success_url: `${testApp.config.publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${testApp.config.publicUrl}/cancel`,
    });
    expect(made!.lineItems.map((line) => [line.unitAmount, line.quantity, line.taxBehavior])).toEqual([
      [809, 2, 'inclusive'],
      [419, 1, 'inclusive'],
    ]);
  });
});

describe('GET /api/orders/verify-stripe/{sessionId} with Stripe', () => {
  it('answers 4xx before payment and makes no order; after payment answers success and makes one', async () => {
    // Stripe's "unpaid" stands for a few seconds (provider-calls.test.ts): the clock moves past it here.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const sessionId = await startCheckout(testApp);

      const before = await guest().verify(sessionId);
      expect(before.statusCode).toBeGreaterThanOrEqual(400);
      expect(before.statusCode).toBeLessThan(500);
      expect(await ordersFor(sessionId)).toBe(0);

      standIn.pay(sessionId);
      vi.setSystemTime(Date.now() + UNPAID_ANSWER_TTL_MS);
      const after = await guest().verify(sessionId);
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({ success: true, totalPrice: 20.37 });
      expect(await ordersFor(sessionId)).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('GET /api/orders/verify-stripe/{sessionId} of a customer’s Stripe session', () => {
  it('refuses anyone but that customer before asking Stripe anything', async () => {
    const owner = await insertCustomer(testApp);
    const stranger = await insertCustomer(testApp);
    const sessionId = await startCheckout(testApp, cartPayload(), owner.token);

    expect((await guest().verify(sessionId)).statusCode).toBe(403);
    expect((await checkoutCalls(testApp, stranger.token).verify(sessionId)).statusCode).toBe(403);
    expect((await checkoutCalls(testApp, 'not-a-token').verify(sessionId)).statusCode).toBe(401);
    expect(standIn.retrieves(sessionId)).toBe(0);

    standIn.pay(sessionId);
    expect((await checkoutCalls(testApp, owner.token).verify(sessionId)).statusCode).toBe(200);
    expect(standIn.retrieves(sessionId)).toBe(1);
  });
});

describe('POST /api/orders/stripe-webhook', () => {
  it('makes the order for a paid session when nobody verifies (the shopper closed the tab)', async () => {
    const sessionId = await startCheckout(testApp);
    standIn.pay(sessionId);
    const { payload, signature } = standIn.signedEvent(sessionId, { secret: STAND_IN_WEBHOOK_SECRET });

    const response = await webhook(payload, signature);
    expect(response.statusCode).toBe(200);
    expect(await ordersFor(sessionId)).toBe(1);

    // The shopper who comes back later finds that order.
    const verify = await guest().verify(sessionId);
    expect(verify.statusCode).toBe(200);
    expect(await ordersFor(sessionId)).toBe(1);
  });

  it('answers 400 to a bad signature and makes nothing', async () => {
    const sessionId = await startCheckout(testApp);
    standIn.pay(sessionId);
    const { payload, signature } = standIn.signedEvent(sessionId, { secret: 'whsec_not_the_shops' });

    expect((await webhook(payload, signature)).statusCode).toBe(400);
    const genuine = standIn.signedEvent(sessionId, { secret: STAND_IN_WEBHOOK_SECRET });
    expect((await webhook(genuine.payload.replace('"paid"', '"unpaid"'), genuine.signature)).statusCode).toBe(400);
    expect((await webhook(genuine.payload, undefined)).statusCode).toBe(400);
    expect(await ordersFor(sessionId)).toBe(0);
  });

  it('answers 400 to a signature header with an empty or missing signature (found by the fuzz: it was a 500)', async () => {
    const sessionId = await startCheckout(testApp);
    standIn.pay(sessionId);
    const { payload, signature } = standIn.signedEvent(sessionId, { secret: STAND_IN_WEBHOOK_SECRET });
    const timestamp = signature.split(',')[0];
    for (const header of ['t=,v1=', `${timestamp},v1=`, `${timestamp},v1`, `${timestamp},v1=,v1`, 'v1=']) {
      const response = await webhook(payload, header);
      expect(response.statusCode, header).toBe(400);
      expect(response.json().message, header).toEqual(expect.any(String));
    }
    expect(await ordersFor(sessionId)).toBe(0);
  });

  it('acknowledges a completed but unpaid session, and other events, without making an order', async () => {
    const sessionId = await startCheckout(testApp);
    const unpaid = standIn.signedEvent(sessionId, { secret: STAND_IN_WEBHOOK_SECRET });
    expect((await webhook(unpaid.payload, unpaid.signature)).statusCode).toBe(200);
    const expired = standIn.signedEvent(sessionId, {
      type: 'checkout.session.expired',
      secret: STAND_IN_WEBHOOK_SECRET,
    });
    expect((await webhook(expired.payload, expired.signature)).statusCode).toBe(200);
    expect(await ordersFor(sessionId)).toBe(0);
  });

  it('makes exactly one order when the webhook, verify and the order call arrive together', async () => {
    const payload = cartPayload();
    const sessionId = await startCheckout(testApp, payload);
    standIn.pay(sessionId);
    const event = standIn.signedEvent(sessionId, { secret: STAND_IN_WEBHOOK_SECRET });

    const [hook, verify, order, again] = await Promise.all([
      webhook(event.payload, event.signature),
      guest().verify(sessionId),
      guest().placeGuestOrder(orderPayload(sessionId, payload)),
      webhook(event.payload, event.signature),
    ]);
    expect([hook.statusCode, verify.statusCode, again.statusCode]).toEqual([200, 200, 200]);
    expect([200, 201]).toContain(order.statusCode);
    expect(order.json()._id).toBe(verify.json().order._id);
    expect(await ordersFor(sessionId)).toBe(1);
  });
});

describe('GET /api/orders/payment-config', () => {
  it('gives the publishable key with Stripe, and none with the built-in test provider', async () => {
    const stripe = await testApp.app.inject({ method: 'GET', url: '/api/orders/payment-config' });
    expect(PaymentConfigSchema.parse(stripe.json())).toEqual({
      provider: 'stripe',
      publishableKey: STAND_IN_PUBLISHABLE_KEY,
    });

    // Stripe keys left in the settings while the test provider takes payments must not reach the browser.
    const local = await buildTestApp({ paymentProvider: 'local', stripe: testApp.config.stripe });
    try {
      const answer = await local.app.inject({ method: 'GET', url: '/api/orders/payment-config' });
      expect(answer.json()).toEqual({ provider: 'local' });
      expect(answer.body).not.toContain(STAND_IN_PUBLISHABLE_KEY);
    } finally {
      await local.close();
    }
  });
});
