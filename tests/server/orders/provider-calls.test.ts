/**
 * Calls to the payment provider (Stripe, as the stand-in counts them): an unpaid session is asked about at most
 * once per UNPAID_ANSWER_TTL_MS however many verify and order calls name it, one after another or all at once,
 * and a shopper who has paid sees the order within that window, at once when the webhook comes first.
 * Date is faked (timers are not), so the window ends exactly when a test moves the clock, not when the machine is slow.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNPAID_ANSWER_TTL_MS } from '#shared/constants';
import { orderMessages } from '#server/features/orders/messages';
import { buildStripeTestApp, type StripeTestApp } from '#tests/stripe-test-app';
import { cartPayload, checkoutCalls, orderPayload, startCheckout } from '#tests/checkout';
import { queryRows } from '#tests/db';
import { STAND_IN_WEBHOOK_SECRET, type StripeStandIn } from '#tests/stripe-stand-in';

let standIn: StripeStandIn;
let testApp: StripeTestApp;
beforeAll(async () => {
  testApp = await buildStripeTestApp();
  standIn = testApp.standIn;
});
afterAll(async () => {
  await testApp?.close();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const guest = () => checkoutCalls(testApp);
const endWindow = () => vi.setSystemTime(Date.now() + UNPAID_ANSWER_TTL_MS);

async function ordersFor(sessionId: string) {
  const [row] = await queryRows<{ count: number }>(
    testApp,
    sql`select count(*)::int as count from orders where checkout_id in (select id from checkouts where session_id = ${sessionId})`,
  );
  return row?.count ?? 0;
}

describe('an unpaid Stripe session', () => {
  it('is retrieved once for 100 verify calls one after another, and once more after the window', async () => {
    const sessionId = await startCheckout(testApp);
    for (let call = 0; call < 100; call += 1) {
      const response = await guest().verify(sessionId);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: orderMessages.unpaid });
    }
    expect(standIn.retrieves(sessionId)).toBe(1);

    endWindow();
    expect((await guest().verify(sessionId)).statusCode).toBe(409);
    expect(standIn.retrieves(sessionId)).toBe(2);
  });

  it('is retrieved once for 100 verify and order calls at once: they share the one call in flight', async () => {
    const payload = cartPayload();
    const sessionId = await startCheckout(testApp, payload);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, call) =>
        call % 2 === 0 ? guest().verify(sessionId) : guest().placeGuestOrder(orderPayload(sessionId, payload)),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(100).fill(409));
    expect(standIn.retrieves(sessionId)).toBe(1);
    expect(await ordersFor(sessionId)).toBe(0);
  });

  it('is asked about apart from every other session', async () => {
    const first = await startCheckout(testApp);
    const second = await startCheckout(testApp);
    await Promise.all([guest().verify(first), guest().verify(second), guest().verify(first)]);
    expect([standIn.retrieves(first), standIn.retrieves(second)]).toEqual([1, 1]);
  });
});

describe('a session paid at Stripe just after a verify found it unpaid', () => {
  it('still reads as not completed until the window ends (never longer), then as the one order', async () => {
    const payload = cartPayload();
    const sessionId = await startCheckout(testApp, payload);
    expect((await guest().verify(sessionId)).statusCode).toBe(409);
    standIn.pay(sessionId);

    const within = await guest().verify(sessionId);
    expect(within.statusCode).toBe(409);
    expect(within.json()).toEqual({ message: orderMessages.unpaid });
    expect(standIn.retrieves(sessionId)).toBe(1);

    vi.setSystemTime(Date.now() + UNPAID_ANSWER_TTL_MS - 1);
    expect((await guest().placeGuestOrder(orderPayload(sessionId, payload))).statusCode).toBe(409);
    vi.setSystemTime(Date.now() + 1);
    const after = await guest().verify(sessionId);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ success: true, totalPrice: 20.37 });
    expect(standIn.retrieves(sessionId)).toBe(2);

    // From then on the order is what every caller finds; Stripe is not asked again.
    const order = await guest().placeGuestOrder(orderPayload(sessionId, payload));
    expect(order.statusCode).toBe(200);
    expect(order.json()._id).toBe(after.json().order._id);
    expect(standIn.retrieves(sessionId)).toBe(2);
    expect(await ordersFor(sessionId)).toBe(1);
  });

  it('is the order at once when Stripe’s webhook arrives within the window', async () => {
    const sessionId = await startCheckout(testApp);
    expect((await guest().verify(sessionId)).statusCode).toBe(409);
    standIn.pay(sessionId);
    const event = standIn.signedEvent(sessionId, { secret: STAND_IN_WEBHOOK_SECRET });
    const hook = await testApp.app.inject({
      method: 'POST',
      url: '/api/orders/stripe-webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
    expect(hook.statusCode).toBe(200);

    const verify = await guest().verify(sessionId);
    expect(verify.statusCode).toBe(200);
    expect(standIn.retrieves(sessionId)).toBe(1);
    expect(await ordersFor(sessionId)).toBe(1);
  });
});
