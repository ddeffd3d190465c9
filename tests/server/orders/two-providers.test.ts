/**
 * Two server processes on one database, one on the built-in test checkout and one on Stripe (the stand-in): each
 * confirms only the checkouts its own provider made, so the test page's 4242 never pays for a Stripe session.
 */
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '#server/features/orders/messages';
import { buildTestAppsOnOneDatabase, type TestApp } from '#tests/build-test-app';
import { cartPayload, checkoutCalls, orderPayload, payOnTestPage, startCheckout } from '#tests/checkout';
import { queryRows } from '#tests/db';
import { stripeStandInConfig } from '#tests/stripe-test-app';
import { STAND_IN_WEBHOOK_SECRET, type StripeStandIn, startStripeStandIn } from '#tests/stripe-stand-in';

let standIn: StripeStandIn;
let apps: { apps: TestApp[]; close(): Promise<void> };
let local: TestApp;
let stripe: TestApp;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  apps = await buildTestAppsOnOneDatabase([{ paymentProvider: 'local' }, stripeStandInConfig(standIn)]);
  [local, stripe] = apps.apps as [TestApp, TestApp];
});
afterAll(async () => {
  await apps?.close();
  await standIn?.close();
});

async function ordersFor(sessionId: string) {
  const [row] = await queryRows<{ count: number; paid: number }>(
    local,
    sql`select (select count(*)::int from orders o where o.checkout_id = c.id) as count,
               (case when c.paid_at is null then 0 else 1 end) as paid
        from checkouts c where c.session_id = ${sessionId}`,
  );
  return row;
}

describe('a Stripe checkout seen by the process on the test checkout', () => {
  it('is unknown to the test payment page: no page, and 4242 neither pays it nor makes an order', async () => {
    const sessionId = await startCheckout(stripe);
    expect(sessionId).toMatch(/^cs_test_/);

    const page = await local.app.inject({ method: 'GET', url: `/pay/${sessionId}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('We could not find this payment.');
    const paid = await payOnTestPage(local, sessionId);
    expect(paid.statusCode).toBe(404);
    expect(paid.body).toContain('We could not find this payment.');
    expect(await ordersFor(sessionId)).toEqual({ count: 0, paid: 0 });
  });

  it('is unknown to its verify and order calls, even once paid at Stripe; the Stripe process makes the one order', async () => {
    const payload = cartPayload();
    const sessionId = await startCheckout(stripe, payload);
    standIn.pay(sessionId);

    const verify = await checkoutCalls(local).verify(sessionId);
    expect(verify.statusCode).toBe(404);
    expect(verify.json()).toEqual({ message: orderMessages.unknownSession });
    expect((await checkoutCalls(local).placeGuestOrder(orderPayload(sessionId, payload))).statusCode).toBe(404);
    expect(await ordersFor(sessionId)).toEqual({ count: 0, paid: 0 });

    const confirmed = await checkoutCalls(stripe).verify(sessionId);
    expect(confirmed.statusCode).toBe(200);
    expect(await ordersFor(sessionId)).toEqual({ count: 1, paid: 1 });
  });
});

describe('a test-checkout session seen by the process on Stripe', () => {
  it('is unknown to its verify call, which asks Stripe nothing, and to a signed webhook naming it', async () => {
    const sessionId = await startCheckout(local);
    expect(sessionId).toMatch(/^cs_local_/);
    const requestsBefore = standIn.requests.length;

    expect((await checkoutCalls(stripe).verify(sessionId)).statusCode).toBe(404);
    expect(standIn.requests.length).toBe(requestsBefore);

    // A genuinely signed event saying it is paid (Stripe's word is about Stripe's sessions only).
    const payload = JSON.stringify({
      id: 'evt_test_other_provider',
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', metadata: {} } },
    });
    const hook = await stripe.app.inject({
      method: 'POST',
      url: '/api/orders/stripe-webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: STAND_IN_WEBHOOK_SECRET }),
      },
      payload,
    });
    expect(hook.statusCode).toBe(200);
    expect(await ordersFor(sessionId)).toEqual({ count: 0, paid: 0 });

    // Paid on its own provider's page, it is that process's order.
    expect((await payOnTestPage(local, sessionId)).statusCode).toBe(303);
    expect((await checkoutCalls(local).verify(sessionId)).statusCode).toBe(200);
    expect(await ordersFor(sessionId)).toEqual({ count: 1, paid: 1 });
  });
});
