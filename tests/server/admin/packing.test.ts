/**
 * Packing for the owner (docs/api.md, The owner's API): every processing order, oldest first, each line with its
 * allergens, and the pick list summed over them; several orders dispatched at once, each mailed and audited, the
 * ones that cannot move refused by name while the rest go. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL
 * is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Packing } from '#shared/schemas/packing';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { paidOrder as placeOrder } from '#tests/checkout';
import { SmtpSink } from '#tests/smtp-sink';

let sink: SmtpSink;
let testApp: TestApp;
let admin: TestCustomer;
let customer: TestCustomer;
beforeAll(async () => {
  sink = await SmtpSink.start();
  testApp = await buildTestApp({ smtpUrl: sink.url });
  admin = await insertCustomer(testApp, { role: 'admin' });
  customer = await insertCustomer(testApp);
});
afterAll(async () => {
  await testApp?.close();
  await sink?.stop();
});

const paidOrder = () => placeOrder(testApp, { sink });
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = admin.token) =>
  testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const packing = async (): Promise<Packing> => (await call('GET', '/api/admin/packing')).json();
const picked = (list: Packing, id: string, weight: string) =>
  list.picks.find((pick) => pick._id === id && pick.selectedWeight === weight)?.qty ?? 0;

describe('the packing list', () => {
  it('lists processing orders oldest first with their allergens, and sums what to pick', async () => {
    const before = await packing();
    const first = await paidOrder();
    const second = await paidOrder();

    const list = await packing();
    const numbers = list.orders.map((order) => order.orderNumber);
    expect(numbers.indexOf(first.number)).toBeGreaterThanOrEqual(0);
    expect(numbers.indexOf(second.number)).toBeGreaterThan(numbers.indexOf(first.number));
    expect(list.total).toBe(before.total + 2);
    expect(list.orders.every((order) => order.status === 'processing')).toBe(true);
    // Each test order is 2 × cashews 500g and 1 × dates 250g.
    expect(picked(list, 'roasted-cashew-nuts', '500g') - picked(before, 'roasted-cashew-nuts', '500g')).toBe(4);
    expect(picked(list, 'medjool-dates', '250g') - picked(before, 'medjool-dates', '250g')).toBe(2);
    const sum = list.orders
      .flatMap((order) => order.orderItems)
      .filter((line) => line._id === 'roasted-cashew-nuts' && line.selectedWeight === '500g')
      .reduce((total, line) => total + line.qty, 0);
    expect(picked(list, 'roasted-cashew-nuts', '500g')).toBe(sum);

    const cashews = list.orders
      .find((order) => order.orderNumber === first.number)
      ?.orderItems.find((line) => line._id === 'roasted-cashew-nuts');
    expect(cashews?.allergens).toContain('Tree nuts');
    expect(list.orders.find((order) => order.orderNumber === first.number)?.shippingAddress.name).toBeTruthy();
  });

  it('is the owner’s: a customer is refused', async () => {
    expect((await call('GET', '/api/admin/packing', undefined, customer.token)).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/packing' })).statusCode).toBe(401);
  });
});

describe('dispatching several orders at once', () => {
  it('moves each it can, mails and audits each, and names the ones it cannot', async () => {
    const one = await paidOrder();
    const two = await paidOrder();
    const done = await paidOrder();
    expect((await call('PATCH', `/api/admin/orders/${done.id}`, { status: 'dispatched' })).statusCode).toBe(200);
    await sink.nextMailTo(done.email);

    const response = await call('POST', '/api/admin/packing/dispatch', {
      orders: [
        { id: one.id, trackingNumber: 'RM123456785GB' },
        { id: done.id },
        { id: two.id },
        { id: 'no-such-order' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      dispatched: [
        { _id: one.id, orderNumber: one.number },
        { _id: two.id, orderNumber: two.number },
      ],
      refused: [
        { _id: done.id, message: expect.stringContaining(done.number) },
        { _id: 'no-such-order', message: expect.any(String) },
      ],
    });

    expect((await sink.nextMailTo(one.email)).text).toContain('RM123456785GB');
    expect((await sink.nextMailTo(two.email)).subject).toBe(`Your Roast & Co. order ${two.number} is on its way`);
    const audit = (await call('GET', `/api/admin/audit?target=${encodeURIComponent(`order:${two.number}`)}`)).json()
      .items;
    expect(audit[0]).toMatchObject({ action: 'order.dispatched', actor: { email: admin.email } });
    const left = (await packing()).orders.map((order) => order.orderNumber);
    expect(left).not.toContain(one.number);
    expect(left).not.toContain(two.number);
  });

  it('refuses a body naming nothing, or one order twice, with the field', async () => {
    const order = await paidOrder();
    for (const [body, words] of [
      [{ orders: [] }, 'at least one'],
      [{ orders: [{ id: order.id }, { id: order.id }] }, 'once'],
      [{ orders: [{ id: order.id, trackingNumber: 'a\nb' }] }, 'one line'],
    ] as const) {
      const refused = await call('POST', '/api/admin/packing/dispatch', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(words);
    }
    expect((await packing()).orders.map((each) => each.orderNumber)).toContain(order.number);
  });
});
