/**
 * The owner's refunds and cancellations with the built-in test checkout (docs/api.md, Refunds and cancellations;
 * decision 093): full, partial and line refunds with restock, never more than was paid whatever arrives at once, a
 * retried Idempotency-Key answering the same refund, cancelling before and after dispatch, the buyer's mails, My
 * Orders, and the audit. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { checkoutCalls, paidOrder as placeOrder } from '#tests/checkout';
import { queryRows } from '#tests/db';
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

/** A paid order: a guest's, or the customer's when `customer` is given; its confirmation taken from the sink. */
const paidOrder = (customer?: TestCustomer) => placeOrder(testApp, { customer, sink });

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(admin.token), ...headers },
    ...(payload ? { payload } : {}),
  });
const refund = (id: string, payload: object, key?: string) =>
  post(`/api/admin/orders/${id}/refunds`, payload, key ? { 'idempotency-key': key } : {});
const cancel = (id: string, payload: object) => post(`/api/admin/orders/${id}/cancel`, payload);
const detail = async (id: string) =>
  (await testApp.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: bearer(admin.token) })).json();

async function stockOf(productId: string, label: string): Promise<number | null> {
  const [row] = await queryRows<{ stock: number | null }>(
    testApp,
    sql`select stock from product_weights where product_id = ${productId} and label = ${label}`,
  );
  return row?.stock ?? null;
}
async function setStock(productId: string, label: string, stock: number | null) {
  await testApp.app.db.execute(
    sql`update product_weights set stock = ${stock} where product_id = ${productId} and label = ${label}`,
  );
  await testApp.app.catalog.refresh();
}

describe('a refund', () => {
  it('gives back the whole amount once, mails the buyer, and shows on the order, My Orders and the audit', async () => {
    const customer = await insertCustomer(testApp, { name: 'Rhea Refund' });
    const order = await paidOrder(customer);
    const response = await refund(order.id, { amount: 20.37, reason: 'Arrived damaged' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'processing',
      refundedTotal: 20.37,
      refunds: [{ amount: 20.37, reason: 'Arrived damaged', restock: false, status: 'succeeded', by: admin.email }],
    });

    const mail = await sink.nextMailTo(order.email);
    expect(mail.subject).toBe(`Your Roast & Co. refund for order ${order.number}`);
    expect(mail.text).toContain('£20.37');
    expect(mail.text).toContain('Arrived damaged');
    expect(mail.text).toContain('within 5-10 days');

    const mine = (await checkoutCalls(testApp, customer.token).myOrders()).json();
    expect(mine[0]).toMatchObject({ _id: order.id, refundedTotal: 20.37, status: 'processing' });

    const again = await refund(order.id, { amount: 0.01, reason: 'More' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Order ${order.number} has nothing left to refund.`);

    const audit = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/audit?target=${encodeURIComponent(`order:${order.number}`)}`,
      headers: bearer(admin.token),
    });
    expect(audit.json().items).toEqual([
      expect.objectContaining({
        action: 'order.refunded',
        actor: expect.objectContaining({ email: admin.email }),
        after: expect.objectContaining({ amount: '£20.37', reason: 'Arrived damaged' }),
      }),
    ]);
  });

  it('may be partial, several times, and never more than is left', async () => {
    const order = await paidOrder();
    expect((await refund(order.id, { amount: 5, reason: 'One bag split' })).statusCode).toBe(201);
    const tooMuch = await refund(order.id, { amount: 15.38, reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(`Only £15.37 is left to refund on order ${order.number}.`);
    const rest = await refund(order.id, { amount: 15.37, reason: 'The rest' });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().refundedTotal).toBe(20.37);
    expect(rest.json().refunds.map((each: { amount: number }) => each.amount)).toEqual([5, 15.37]);
  });

  it('puts the packs of the lines it names back in stock, and refuses packs already refunded', async () => {
    await setStock('roasted-cashew-nuts', '500g', 40);
    const order = await paidOrder();
    expect(await stockOf('roasted-cashew-nuts', '500g')).toBe(38);
    const response = await refund(order.id, {
      amount: 8.09,
      reason: 'One bag returned unopened',
      restock: true,
      lines: [{ index: 0, qty: 1 }],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().refunds[0]).toMatchObject({ restock: true, lines: [{ index: 0, qty: 1 }] });
    expect(await stockOf('roasted-cashew-nuts', '500g')).toBe(39);

    const twoMore = await refund(order.id, { amount: 8.09, reason: 'Again', lines: [{ index: 0, qty: 2 }] });
    expect(twoMore.statusCode).toBe(409);
    expect(twoMore.json().message).toBe('Only 1 pack of Roasted Cashew Nuts (500g) is left to refund.');
    await setStock('roasted-cashew-nuts', '500g', null);
  });

  it('refuses what cannot be right with 400 naming the field', async () => {
    const order = await paidOrder();
    const cases: [object, string][] = [
      [{ amount: 0, reason: 'x' }, 'amount'],
      [{ amount: 1.234, reason: 'x' }, 'amount'],
      [{ amount: 1, reason: '  ' }, 'reason'],
      [{ amount: 1, reason: 'x', restock: true }, 'lines'],
      [{ amount: 1, reason: 'x', lines: [{ index: 2, qty: 1 }] }, 'lines.0.index'],
      [
        {
          amount: 1,
          reason: 'x',
          lines: [
            { index: 0, qty: 1 },
            { index: 0, qty: 1 },
          ],
        },
        'lines',
      ],
    ];
    for (const [payload, field] of cases) {
      const response = await refund(order.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors ?? [{ field: 'lines.0.index' }], JSON.stringify(payload)).toEqual(
        expect.arrayContaining([expect.objectContaining({ field })]),
      );
    }
    expect((await refund('no-such-order', { amount: 1, reason: 'x' })).statusCode).toBe(404);
    expect((await detail(order.id)).refunds).toEqual([]);
  });

  it('is made once for 20 calls at once for the whole amount', async () => {
    const order = await paidOrder();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => refund(order.id, { amount: 20.37, reason: 'Whole order' })),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(19);
    const after = await detail(order.id);
    expect(after.refunds).toHaveLength(1);
    expect(after.refundedTotal).toBe(20.37);
    await sink.nextMailTo(order.email);
    expect(sink.mailsTo(order.email).filter((mail) => mail.subject.includes('refund'))).toHaveLength(1);
  });

  it('answers the same refund to a retried Idempotency-Key, at once or later, and refuses the key for another', async () => {
    const order = await paidOrder();
    const body = { amount: 3.5, reason: 'Late delivery' };
    const together = await Promise.all(Array.from({ length: 10 }, () => refund(order.id, body, 'key-late-1')));
    expect(together.map((response) => response.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const later = await refund(order.id, body, 'key-late-1');
    expect(later.statusCode).toBe(200);
    expect(later.json().refunds).toHaveLength(1);
    const other = await refund(order.id, { amount: 4, reason: 'Late delivery' }, 'key-late-1');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(
      'This Idempotency-Key was used for a different refund. Send a new key for a new refund.',
    );
    expect((await detail(order.id)).refundedTotal).toBe(3.5);
  });
});

describe('cancelling', () => {
  it('refunds what is left, puts the packs back, and mails the buyer once; My Orders says cancelled', async () => {
    await setStock('medjool-dates', '250g', 10);
    const customer = await insertCustomer(testApp, { name: 'Cass Cancel' });
    const order = await paidOrder(customer);
    expect(await stockOf('medjool-dates', '250g')).toBe(9);
    expect((await refund(order.id, { amount: 2, reason: 'Goodwill' })).statusCode).toBe(201);
    await sink.nextMailTo(order.email);

    const response = await cancel(order.id, { reason: 'Asked by the customer' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'cancelled',
      refundedTotal: 20.37,
      history: [{ status: 'cancelled', by: admin.email }],
    });
    expect(response.json().refunds[1]).toMatchObject({ amount: 18.37, status: 'succeeded' });
    expect(await stockOf('medjool-dates', '250g')).toBe(10);

    const mail = await sink.nextMailTo(order.email);
    expect(mail.subject).toBe(`Your Roast & Co. order ${order.number} has been cancelled`);
    expect(mail.text).toContain('£18.37');
    expect(mail.text).toContain('Asked by the customer');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.mailsTo(order.email)).toHaveLength(3);

    const mine = (await checkoutCalls(testApp, customer.token).myOrders()).json();
    expect(mine[0]).toMatchObject({ status: 'cancelled', refundedTotal: 20.37, isDelivered: false });
    await setStock('medjool-dates', '250g', null);
  });

  it('keeps the packs off the shelf when told, and refuses a second cancel or any move after', async () => {
    await setStock('medjool-dates', '250g', 10);
    const order = await paidOrder();
    const response = await cancel(order.id, { reason: 'Fraud check failed', restock: false });
    expect(response.statusCode).toBe(200);
    expect(await stockOf('medjool-dates', '250g')).toBe(9);
    const twice = await cancel(order.id, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`Order ${order.number} is cancelled already.`);
    const move = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}`,
      headers: bearer(admin.token),
      payload: { status: 'dispatched' },
    });
    expect(move.statusCode).toBe(409);
    await setStock('medjool-dates', '250g', null);
  });

  it('is refused after dispatch, leaving a refund as the way', async () => {
    const order = await paidOrder();
    await testApp.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}`,
      headers: bearer(admin.token),
      payload: { status: 'dispatched' },
    });
    const response = await cancel(order.id, { reason: 'Too late' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `Order ${order.number} has been dispatched, so it can no longer be cancelled. Refund it instead.`,
    );
    expect((await detail(order.id)).refunds).toEqual([]);
  });

  it('puts back only the packs a line refund has not already put back', async () => {
    await setStock('roasted-cashew-nuts', '500g', 20);
    const order = await paidOrder();
    await refund(order.id, { amount: 8.09, reason: 'Returned', restock: true, lines: [{ index: 0, qty: 1 }] });
    expect(await stockOf('roasted-cashew-nuts', '500g')).toBe(19);
    await cancel(order.id, { reason: 'Rest not wanted' });
    expect(await stockOf('roasted-cashew-nuts', '500g')).toBe(20);
    await setStock('roasted-cashew-nuts', '500g', null);
  });
});

describe('the books', () => {
  it('carry each refund as its own negative row, split by VAT rate, and the takings are net of refunds', async () => {
    const summaryBefore = (
      await testApp.app.inject({ method: 'GET', url: '/api/admin/summary', headers: bearer(admin.token) })
    ).json();
    const order = await paidOrder();
    await refund(order.id, { amount: 8.09, reason: 'One bag', lines: [{ index: 0, qty: 1 }] });
    await refund(order.id, { amount: 4.19, reason: 'Dates' });
    const summary = (
      await testApp.app.inject({ method: 'GET', url: '/api/admin/summary', headers: bearer(admin.token) })
    ).json();
    expect(Math.round((summary.takingsToday - summaryBefore.takingsToday) * 100)).toBe(2037 - 809 - 419);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const csv = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/orders.csv?from=${today}&to=${today}`,
      headers: bearer(admin.token),
    });
    const rows = csv.body
      .split('\r\n')
      .filter((row) => row.startsWith(`${order.number},`) || row.startsWith(`${order.number} `));
    expect(rows).toHaveLength(3);
    // The line refund is all at 20%: £8.09 with £1.35 VAT. The amount refund splits as the order does: £16.18 at 20%
    // and £4.19 at 0% of £20.37, so £3.33 (£0.56 VAT) at 20% and £0.86 at 0%.
    expect(rows[1]).toMatch(/,-8\.09,-1\.35,0\.00,0\.00,,,,-8\.09$/);
    expect(rows[2]).toMatch(/,-3\.33,-0\.56,-0\.86,0\.00,,,,-4\.19$/);
  });
});
