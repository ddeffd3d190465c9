/**
 * Refunds with PAYMENT_PROVIDER=stripe (decision 093): the real SDK against the Stripe stand-in. `refunds.create` on
 * the session's payment intent with one idempotency key per try, whatever arrives at once; a pending refund settled
 * by Stripe's webhook and mailed once; a failed one saying why and tried again; refunds made in Stripe's dashboard
 * recorded once from `charge.refunded`; a payment that completes after its packs were sold cancelled and refunded.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { cartPayload, checkoutCalls, guestAddress, orderPayload, startCheckout } from '#tests/checkout';
import { queryRows } from '#tests/db';
import { SmtpSink } from '#tests/smtp-sink';
import { STAND_IN_WEBHOOK_SECRET, type SignedEvent, type StripeStandIn } from '#tests/stripe-stand-in';
import { buildStripeTestApp, type StripeTestApp } from '#tests/stripe-test-app';

let sink: SmtpSink;
let testApp: StripeTestApp;
let standIn: StripeStandIn;
let admin: TestCustomer;
beforeAll(async () => {
  sink = await SmtpSink.start();
  testApp = await buildStripeTestApp({}, { smtpUrl: sink.url });
  standIn = testApp.standIn;
  admin = await insertCustomer(testApp, { name: 'Olive Owner', role: 'admin' });
});
afterAll(async () => {
  await testApp?.close();
  await sink?.stop();
});
beforeEach(() => {
  standIn.refundOutcome('succeeded');
});

/** A guest's order of `cartPayload`'s lines (£20.37), paid at Stripe; its confirmation taken from the sink. */
async function paidOrder() {
  const address = guestAddress();
  const payload = cartPayload(address);
  const sessionId = await startCheckout(testApp, payload);
  standIn.pay(sessionId);
  const placed = await checkoutCalls(testApp).placeGuestOrder({
    ...orderPayload(sessionId, payload),
    guestEmail: address.email,
  });
  expect(placed.statusCode).toBe(201);
  await sink.nextMailTo(address.email);
  return {
    id: placed.json()._id as string,
    number: placed.json().orderNumber as string,
    email: address.email,
    sessionId,
  };
}

const refund = (id: string, payload: object, key?: string) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/refunds`,
    headers: { ...bearer(admin.token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const detail = async (id: string) =>
  (await testApp.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: bearer(admin.token) })).json();
const deliver = ({ payload, signature }: SignedEvent) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/orders/stripe-webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
const paymentIntentOf = (sessionId: string) =>
  standIn.sessions.find((each) => each.session.id === sessionId)?.session.payment_intent;
const stripeRefundsOf = (sessionId: string) =>
  standIn.refunds.filter((each) => each.refund.payment_intent === paymentIntentOf(sessionId));
const refundMailsTo = (address: string) => sink.mailsTo(address).filter((mail) => mail.subject.includes('refund'));
const secret = STAND_IN_WEBHOOK_SECRET;

describe('a refund through Stripe', () => {
  it('is refunds.create on the payment intent, keyed by the refund and its try, and mailed once', async () => {
    const order = await paidOrder();
    const response = await refund(order.id, { amount: 5, reason: 'One bag split' }, 'owner-key-1');
    expect(response.statusCode).toBe(201);
    const [made] = response.json().refunds;
    expect(made).toMatchObject({ amount: 5, status: 'succeeded' });
    expect(stripeRefundsOf(order.sessionId)).toEqual([
      expect.objectContaining({
        idempotencyKey: `refund-${made._id}-1`,
        refund: expect.objectContaining({ amount: 500, metadata: expect.objectContaining({ refundId: made._id }) }),
      }),
    ]);
    expect((await sink.nextMailTo(order.email)).subject).toBe(`Your Roast & Co. refund for order ${order.number}`);

    // The owner's retry of the same call, and Stripe telling of the refund: still one refund, one mail.
    expect((await refund(order.id, { amount: 5, reason: 'One bag split' }, 'owner-key-1')).statusCode).toBe(200);
    const providerId = stripeRefundsOf(order.sessionId)[0]!.refund.id;
    expect((await deliver(standIn.refundEvent(providerId, { secret }))).statusCode).toBe(200);
    expect((await deliver(standIn.chargeRefundedEvent(order.sessionId, { secret }))).statusCode).toBe(200);
    expect(stripeRefundsOf(order.sessionId)).toHaveLength(1);
    expect((await detail(order.id)).refunds).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(refundMailsTo(order.email)).toHaveLength(1);
  });

  it('asks Stripe once for 20 calls at once for the whole amount', async () => {
    const order = await paidOrder();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => refund(order.id, { amount: 20.37, reason: 'Whole order' })),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(19);
    expect(stripeRefundsOf(order.sessionId)).toHaveLength(1);
    expect((await detail(order.id)).refundedTotal).toBe(20.37);
  });

  it('stays pending until Stripe settles it, then is mailed once however often Stripe says so', async () => {
    const order = await paidOrder();
    standIn.refundOutcome('pending');
    const response = await refund(order.id, { amount: 4.19, reason: 'Dates missing' });
    expect(response.json().refunds[0]).toMatchObject({ status: 'pending' });
    expect(response.json().refundedTotal).toBe(0);
    // Pending still counts against what is left.
    expect((await refund(order.id, { amount: 16.19, reason: 'Too much' })).statusCode).toBe(409);

    const providerId = stripeRefundsOf(order.sessionId)[0]!.refund.id;
    standIn.settleRefund(providerId, 'succeeded');
    const event = standIn.refundEvent(providerId, { secret });
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    const after = await detail(order.id);
    expect(after.refunds[0]).toMatchObject({ status: 'succeeded' });
    expect(after.refundedTotal).toBe(4.19);
    await sink.nextMailTo(order.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(refundMailsTo(order.email)).toHaveLength(1);
  });

  it('says why it failed, frees the amount, and succeeds when tried again under a new key', async () => {
    const order = await paidOrder();
    standIn.refundOutcome('failed');
    const response = await refund(order.id, { amount: 3, reason: 'Late' });
    expect(response.statusCode).toBe(201);
    const [failed] = response.json().refunds;
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Stripe: expired or canceled card' });
    expect(response.json().refundedTotal).toBe(0);

    standIn.refundOutcome('succeeded');
    const retried = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds/${failed._id}/retry`,
      headers: bearer(admin.token),
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().refunds[0]).toMatchObject({ status: 'succeeded' });
    expect(stripeRefundsOf(order.sessionId).map((each) => each.idempotencyKey)).toEqual([
      `refund-${failed._id}-1`,
      `refund-${failed._id}-2`,
    ]);
    const again = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds/${failed._id}/retry`,
      headers: bearer(admin.token),
    });
    expect(again.statusCode).toBe(409);
  });

  it('records Stripe’s refusal as a failed try with Stripe’s words', async () => {
    const order = await paidOrder();
    standIn.refundOutcome({
      refuse: { code: 'charge_already_refunded', message: 'Charge has already been refunded.' },
    });
    const response = await refund(order.id, { amount: 1, reason: 'Goodwill' });
    expect(response.json().refunds[0]).toMatchObject({
      status: 'failed',
      failureReason: 'Stripe: Charge has already been refunded.',
    });
  });
});

describe('a refund made in Stripe’s dashboard', () => {
  it('is recorded once, by Stripe, and mailed, from charge.refunded and refund.updated alike', async () => {
    const order = await paidOrder();
    const made = standIn.dashboardRefund(order.sessionId, 300);
    const charge = standIn.chargeRefundedEvent(order.sessionId, { secret });
    expect((await deliver(charge)).statusCode).toBe(200);
    expect((await deliver(charge)).statusCode).toBe(200);
    expect((await deliver(standIn.refundEvent(made.id, { secret }))).statusCode).toBe(200);
    const after = await detail(order.id);
    expect(after.refunds).toEqual([
      expect.objectContaining({ amount: 3, status: 'succeeded', by: 'Stripe', restock: false }),
    ]);
    expect(after.refundedTotal).toBe(3);
    expect((await sink.nextMailTo(order.email)).text).toContain('£3.00');
    // What is left for the owner is what Stripe has not given back.
    expect((await refund(order.id, { amount: 17.38, reason: 'Too much' })).statusCode).toBe(409);
    expect((await refund(order.id, { amount: 17.37, reason: 'The rest' })).statusCode).toBe(201);
  });
});

describe('cancelling with Stripe', () => {
  it('refunds what is left through Stripe', async () => {
    const order = await paidOrder();
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/cancel`,
      headers: bearer(admin.token),
      payload: { reason: 'Asked by the customer' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled', refundedTotal: 20.37 });
    expect(stripeRefundsOf(order.sessionId).map((each) => each.refund.amount)).toEqual([2037]);
  });

  it('cancels and refunds a payment that completed after its packs were sold to someone else', async () => {
    const productId = 'hulled-hemp-seeds';
    await testApp.app.db.execute(
      sql`update product_weights set stock = 1 where product_id = ${productId} and label = '250g'`,
    );
    await testApp.app.catalog.refresh();
    const address = guestAddress();
    const payload = {
      orderItems: [{ _id: productId, qty: 1, selectedWeight: '250g', price: 4.49 }],
      shippingAddress: address,
      totalPrice: 4.49,
    };
    const late = await startCheckout(testApp, payload);
    await testApp.app.db.execute(
      sql`update checkouts set created_at = now() - interval '31 minutes' where session_id = ${late}`,
    );
    await testApp.app.checkout.releaseAbandoned();
    // The pack the late shopper held is sold to someone else meanwhile.
    const other = await startCheckout(testApp, { ...payload, shippingAddress: guestAddress() });
    standIn.pay(other);
    expect((await checkoutCalls(testApp).verify(other)).statusCode).toBe(200);

    standIn.pay(late);
    const verified = await checkoutCalls(testApp).verify(late);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().order).toMatchObject({ status: 'cancelled', refundedTotal: 4.49 });
    const mail = await sink.nextMailTo(address.email);
    expect(mail.subject).toMatch(/has been cancelled$/);
    expect(mail.text).toContain('the last packs were sold while your payment was completing');
    expect(stripeRefundsOf(late).map((each) => each.refund.amount)).toEqual([449]);
    const [left] = await queryRows<{ stock: number }>(
      testApp,
      sql`select stock from product_weights where product_id = ${productId} and label = '250g'`,
    );
    expect(left?.stock).toBe(0);
  });
});
