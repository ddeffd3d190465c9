/**
 * An order's own page (docs/api.md, Orders; decisions 112, 113): `GET /api/orders/{id}` answers the customer's own
 * order with its lines, VAT by rate as the owner's VAT report counts it, delivery, discount, refunds, history and
 * tracking, and 404 for anyone else, staff and admin included; the carrier chosen at dispatch links the tracking
 * number on the page and in the mail; a checkout to anywhere but the United Kingdom is refused naming the field.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths';
import { COUNTRY_MESSAGE } from '#shared/schemas/shipping-address';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { cartPayload, checkoutCalls, guestAddress, paidOrder } from '#tests/checkout';
import { SmtpSink } from '#tests/smtp-sink';

let sink: SmtpSink;
let testApp: TestApp;
let admin: TestCustomer;
beforeAll(async () => {
  sink = await SmtpSink.start();
  testApp = await buildTestApp({ smtpUrl: sink.url });
  admin = await insertCustomer(testApp, { name: 'Olive Owner', role: 'admin' });
});
afterAll(async () => {
  await testApp?.close();
  await sink?.stop();
});

const orderPage = (id: string, token: string | undefined) =>
  testApp.app.inject({ method: 'GET', url: apiPaths.orders.one(id), headers: bearer(token) });
const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });

describe('an order’s own page', () => {
  it('answers the customer’s order with its lines, VAT by rate, delivery, discount and history', async () => {
    const customer = await insertCustomer(testApp, { name: 'Pia Page' });
    const placed = await paidOrder(testApp, { customer, sink });
    const answer = await orderPage(placed.id, customer.token);
    expect(answer.statusCode).toBe(200);
    const order = answer.json();
    expect(order).toMatchObject({
      _id: placed.id,
      orderNumber: placed.number,
      status: 'processing',
      orderItems: [
        { name: 'Roasted Cashew Nuts', selectedWeight: '500g', qty: 2, price: 8.09, vatRate: 20, discount: 0 },
        { name: 'Medjool Dates', selectedWeight: '250g', qty: 1, price: 4.19, vatRate: 0, discount: 0 },
      ],
      subtotal: 20.37,
      discount: 0,
      delivery: 0,
      totalPrice: 20.37,
      // 2 × £8.09 at 20% holds £16.18 × 20/120 = £2.70 of VAT; the dates are zero-rated.
      vat: [
        { rate: 20, total: 16.18, vat: 2.7 },
        { rate: 0, total: 4.19, vat: 0 },
      ],
      refunds: [],
      refundedTotal: 0,
      history: [{ status: 'processing', at: order.createdAt }],
    });
    expect(order.trackingNumber).toBeUndefined();
  });

  it('shows the same VAT by rate as the owner’s VAT report counts for that order', async () => {
    const customer = await insertCustomer(testApp);
    const placed = await paidOrder(testApp, { customer, sink });
    // A London day of its own, so the report counts this order alone.
    await testApp.app.db.execute(sql`update orders set created_at = '2031-05-14T11:00:00Z' where id = ${placed.id}`);
    const order = (await orderPage(placed.id, customer.token)).json();
    const report = (await asAdmin('GET', '/api/admin/reports/vat?from=2031-05-14&to=2031-05-14')).json();
    expect(
      report.byRate.map((rate: { rate: number; gross: number; vat: number }) => [rate.rate, rate.gross, rate.vat]),
    ).toEqual(order.vat.map((rate: { rate: number; total: number; vat: number }) => [rate.rate, rate.total, rate.vat]));
  });

  it('lists a refund and its status beside the order’s own figures', async () => {
    const customer = await insertCustomer(testApp);
    const placed = await paidOrder(testApp, { customer, sink });
    const refunded = await asAdmin('POST', `/api/admin/orders/${placed.id}/refunds`, {
      amount: 4.19,
      reason: 'Dates arrived crushed',
      lines: [{ index: 1, qty: 1 }],
    });
    expect(refunded.statusCode).toBe(201);
    const order = (await orderPage(placed.id, customer.token)).json();
    expect(order.refunds).toEqual([
      expect.objectContaining({ amount: 4.19, reason: 'Dates arrived crushed', status: 'succeeded' }),
    ]);
    expect(order.refundedTotal).toBe(4.19);
    expect(order.totalPrice).toBe(20.37);
  });

  it('answers 404 for another customer’s order, for staff and the owner, and 401 without a session', async () => {
    const customer = await insertCustomer(testApp);
    const placed = await paidOrder(testApp, { customer, sink });
    const stranger = await insertCustomer(testApp);
    const staff = await insertCustomer(testApp, { role: 'staff' });
    for (const token of [stranger.token, staff.token, admin.token]) {
      const refused = await orderPage(placed.id, token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: 'Order not found.' });
    }
    expect((await orderPage('no-such-order', customer.token)).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: apiPaths.orders.one(placed.id) })).statusCode).toBe(401);
  });

  it('shows a guest order placed with the address the customer later proved', async () => {
    const customer = await insertCustomer(testApp);
    const placed = await paidOrder(testApp, { sink });
    await testApp.app.db.execute(sql`update orders set guest_email = ${customer.email} where id = ${placed.id}`);
    expect((await orderPage(placed.id, customer.token)).statusCode).toBe(200);
  });
});

describe('tracking', () => {
  it('links the tracking number to the carrier chosen at dispatch, on the page and in the mail', async () => {
    const customer = await insertCustomer(testApp, { name: 'Tom Track' });
    const placed = await paidOrder(testApp, { customer, sink });
    const moved = await asAdmin('PATCH', `/api/admin/orders/${placed.id}`, {
      status: 'dispatched',
      trackingNumber: 'AB123456789GB',
      carrier: 'royal-mail',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().carrier).toBe('royal-mail');

    const order = (await orderPage(placed.id, customer.token)).json();
    const url = 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB';
    expect(order).toMatchObject({ status: 'dispatched', trackingNumber: 'AB123456789GB', carrier: 'royal-mail' });
    expect(order.trackingUrl).toBe(url);
    expect(order.history.map((step: { status: string }) => step.status)).toEqual(['processing', 'dispatched']);

    const mail = await sink.nextMailTo(customer.email);
    expect(mail.text).toContain('Your Royal Mail tracking number is AB123456789GB.');
    expect(mail.text).toContain(`Track it: ${url}`);
    expect(mail.html).toContain(`href="${url}"`);
  });

  it('leaves the number as plain text when no carrier was given', async () => {
    const customer = await insertCustomer(testApp);
    const placed = await paidOrder(testApp, { customer, sink });
    await asAdmin('PATCH', `/api/admin/orders/${placed.id}`, { status: 'dispatched', trackingNumber: 'XY-42' });
    const order = (await orderPage(placed.id, customer.token)).json();
    expect(order.trackingNumber).toBe('XY-42');
    expect(order.trackingUrl).toBeUndefined();
    const mail = await sink.nextMailTo(customer.email);
    expect(mail.text).toContain('Your tracking number is XY-42.');
    expect(mail.html).not.toContain('Track your parcel');
  });

  it('refuses a carrier the shop does not know, naming the field', async () => {
    const customer = await insertCustomer(testApp);
    const placed = await paidOrder(testApp, { customer, sink });
    const refused = await asAdmin('PATCH', `/api/admin/orders/${placed.id}`, {
      status: 'dispatched',
      carrier: 'pigeon',
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('carrier');
  });
});

describe('a checkout’s country', () => {
  it('is refused with 400 naming shippingAddress.country unless it is the United Kingdom', async () => {
    const refused = await checkoutCalls(testApp).createSession(
      cartPayload(guestAddress({ city: 'Paris', country: 'France' })),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'shippingAddress.country', message: COUNTRY_MESSAGE }]);
  });
});
