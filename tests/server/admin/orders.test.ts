/**
 * The owner moving orders on (decision 072): an order's detail and history, processing → dispatched →
 * delivered and never back, each move in one transaction with a mail to the buyer and an audit record; the
 * customer's My Orders then reads delivered. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
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

const detail = (id: string) =>
  testApp.app.inject({
    method: 'GET',
    url: `/api/admin/orders/${encodeURIComponent(id)}`,
    headers: bearer(admin.token),
  });
const move = (id: string, payload: unknown) =>
  testApp.app.inject({
    method: 'PATCH',
    url: `/api/admin/orders/${encodeURIComponent(id)}`,
    headers: bearer(admin.token),
    payload: payload as object,
  });
const auditOf = async (number: string) =>
  (
    await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/audit?target=${encodeURIComponent(`order:${number}`)}`,
      headers: bearer(admin.token),
    })
  ).json();

describe('an order on the owner’s side', () => {
  it('shows its lines, VAT by rate, address, e-mail and an empty history while processing', async () => {
    const order = await paidOrder();
    const response = await detail(order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: order.id,
      orderNumber: order.number,
      status: 'processing',
      email: order.email,
      totalPrice: 20.37,
      history: [],
      orderItems: [
        { name: 'Roasted Cashew Nuts', qty: 2, price: 8.09 },
        { qty: 1, price: 4.19 },
      ],
      vat: expect.arrayContaining([expect.objectContaining({ rate: 20 })]),
      shippingAddress: expect.objectContaining({ email: order.email }),
    });
    expect((await detail('no-such-order')).statusCode).toBe(404);
  });

  it('is dispatched with a tracking number: one mail to the guest saying so, its history and the audit record it', async () => {
    const order = await paidOrder();
    const response = await move(order.id, { status: 'dispatched', trackingNumber: ' RM123456785GB ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'dispatched',
      trackingNumber: 'RM123456785GB',
      isDelivered: false,
      dispatchedAt: expect.any(String),
    });

    const mail = await sink.nextMailTo(order.email);
    expect(mail.subject).toBe(`Your Roast & Co. order ${order.number} is on its way`);
    expect(mail.text).toContain('Your tracking number is RM123456785GB.');
    expect(mail.html).toContain('RM123456785GB');

    const shown = (await detail(order.id)).json();
    expect(shown.history).toEqual([
      { status: 'dispatched', at: expect.any(String), by: admin.email, trackingNumber: 'RM123456785GB' },
    ]);
    const audit = await auditOf(order.number);
    expect(audit).toEqual({
      total: 1,
      items: [
        {
          _id: expect.any(String),
          at: expect.any(String),
          actor: { _id: admin.id, email: admin.email },
          action: 'order.dispatched',
          target: `order:${order.number}`,
          before: { status: 'processing', trackingNumber: null, isDelivered: false },
          after: { status: 'dispatched', trackingNumber: 'RM123456785GB', isDelivered: false },
        },
      ],
    });
  });

  it("is delivered after dispatch, keeps its tracking number, and the customer's My Orders reads delivered", async () => {
    const customer = await insertCustomer(testApp);
    const order = await paidOrder(customer);
    expect((await move(order.id, { status: 'dispatched' })).statusCode).toBe(200);
    expect((await sink.nextMailTo(order.email)).text).toContain('without a tracking number');
    const delivered = await move(order.id, { status: 'delivered' });
    expect(delivered.json()).toMatchObject({ status: 'delivered', isDelivered: true, deliveredAt: expect.any(String) });
    expect((await sink.nextMailTo(order.email)).subject).toBe(
      `Your Roast & Co. order ${order.number} has been delivered`,
    );

    const mine = (await checkoutCalls(testApp, customer.token).myOrders()).json();
    expect(mine.find((shown: { _id: string }) => shown._id === order.id)).toMatchObject({ isDelivered: true });
    expect((await detail(order.id)).json().history.map((change: { status: string }) => change.status)).toEqual([
      'dispatched',
      'delivered',
    ]);
  });

  it('takes { isDelivered: true } for delivery straight from processing', async () => {
    const order = await paidOrder();
    const response = await move(order.id, { isDelivered: true });
    expect(response.json()).toMatchObject({ status: 'delivered', isDelivered: true });
  });

  it('never moves back or stands still: 409 with a message, no mail, no audit record, nothing changed', async () => {
    const order = await paidOrder();
    await move(order.id, { status: 'delivered' });
    await sink.nextMailTo(order.email);
    for (const body of [{ status: 'dispatched' }, { status: 'delivered' }, { isDelivered: true }]) {
      const refused = await move(order.id, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `Order ${order.number} is already delivered: an order only moves forward, from processing to dispatched to delivered.`,
      );
    }
    expect((await auditOf(order.number)).total).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.mailsTo(order.email)).toHaveLength(2);
    expect((await detail(order.id)).json().status).toBe('delivered');
  });

  it('makes one move when several admins press at once: one 200, the rest 409, one mail, one audit record', async () => {
    const order = await paidOrder();
    const answers = await Promise.all(
      ['A1', 'B2', 'C3', 'D4', 'E5', 'F6'].map((trackingNumber) =>
        move(order.id, { status: 'dispatched', trackingNumber }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await auditOf(order.number)).total).toBe(1);
    await sink.nextMailTo(order.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.mailsTo(order.email)).toHaveLength(2);
    const rows = await queryRows<{ count: number }>(
      testApp,
      sql`select count(*)::int as count from order_status_changes where order_id = ${order.id}`,
    );
    expect(rows[0]?.count).toBe(1);
  });

  it('answers 400 with a message for a body it cannot take, and 404 for an order it does not have', async () => {
    const order = await paidOrder();
    for (const body of [
      {},
      { status: 'processing' },
      { status: 'lost' },
      { isDelivered: false },
      { status: 'dispatched', trackingNumber: 'x'.repeat(101) },
      { status: 'dispatched', trackingNumber: 'RM1\nRM2' },
      { status: 'dispatched', extra: 1 },
      { status: 'dispatched', trackingNumber: 42 },
    ]) {
      const response = await move(order.id, body);
      expect([JSON.stringify(body), response.statusCode]).toEqual([JSON.stringify(body), 400]);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await move('no-such-order', { status: 'dispatched' })).statusCode).toBe(404);
    expect((await detail(order.id)).json().status).toBe('processing');
  });

  it('lists orders by their status', async () => {
    const order = await paidOrder();
    await move(order.id, { status: 'dispatched' });
    const list = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/admin/orders?status=dispatched&limit=200',
        headers: bearer(admin.token),
      })
    ).json();
    expect(list.items.map((shown: { _id: string }) => shown._id)).toContain(order.id);
    expect(list.items.every((shown: { status: string }) => shown.status === 'dispatched')).toBe(true);
  });
});

describe('GET /api/admin/orders.csv', () => {
  const londonToday = () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
  const csv = (query: string) =>
    testApp.app.inject({ method: 'GET', url: `/api/admin/orders.csv${query}`, headers: bearer(admin.token) });

  it("streams the day's orders for the books: number, London time, e-mail, lines, goods and VAT by rate, subtotal, discount, delivery, total", async () => {
    const order = await paidOrder();
    const today = londonToday();
    const response = await csv(`?from=${today}&to=${today}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="roast-and-co-orders-${today}-to-${today}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const rows = response.body.split('\r\n');
    expect(rows[0]).toBe(
      'Order,Date (London),E-mail,Lines,Goods at 20% (incl. VAT),VAT at 20%,Goods at 0% (incl. VAT),VAT at 0%,Subtotal,Discount,Delivery,Total',
    );
    const row = rows.find((line) => line.startsWith(`${order.number},`));
    expect(row).toMatch(
      new RegExp(
        `^${order.number},${today} \\d\\d:\\d\\d,${order.email},2 × Roasted Cashew Nuts 500g; 1 × [^,]+ 250g,16\\.18,2\\.70,4\\.19,0\\.00,20\\.37,0\\.00,0\\.00,20\\.37$`,
      ),
    );
    expect(rows.at(-1)).toBe('');
  });

  it('has only the header for days without orders, and answers 400 for dates it cannot read', async () => {
    expect((await csv('?from=2001-01-01&to=2001-01-31')).body).toBe(
      'Order,Date (London),E-mail,Lines,Goods at 20% (incl. VAT),VAT at 20%,Goods at 0% (incl. VAT),VAT at 0%,Subtotal,Discount,Delivery,Total\r\n',
    );
    expect((await csv('?from=0001-01-01&to=9999-12-31')).statusCode).toBe(200);
    for (const query of [
      '',
      '?from=2026-01-01',
      '?from=2026-02-30&to=2026-03-01',
      '?from=2026-03-02&to=2026-03-01',
      '?from=1/2/2026&to=2026-03-01',
      // Year 0 (found by the fuzz): JavaScript reads it, PostgreSQL has no such year, and the CSV broke off after its 200.
      '?from=0000-01-01&to=0000-12-31',
      '?from=0000-12-31&to=2026-03-01',
    ]) {
      const response = await csv(query);
      expect([query, response.statusCode]).toEqual([query, 400]);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});

describe('GET /api/admin/summary', () => {
  const summary = async () =>
    (await testApp.app.inject({ method: 'GET', url: '/api/admin/summary', headers: bearer(admin.token) })).json();

  it("counts the orders to dispatch and new messages, and adds up today's and this month's takings", async () => {
    const before = await summary();
    const order = await paidOrder();
    const afterOrder = await summary();
    expect(afterOrder.ordersToDispatch).toBe(before.ordersToDispatch + 1);
    expect(afterOrder.takingsToday).toBeCloseTo(before.takingsToday + 20.37, 2);
    expect(afterOrder.takingsThisMonth).toBeCloseTo(before.takingsThisMonth + 20.37, 2);
    expect(afterOrder.takingsThisMonth).toBeGreaterThanOrEqual(afterOrder.takingsToday);

    await move(order.id, { status: 'dispatched' });
    expect((await summary()).ordersToDispatch).toBe(before.ordersToDispatch);

    const contact = await testApp.app.inject({
      method: 'POST',
      url: '/api/contact/submit',
      payload: { name: 'Nell New', email: 'nell@example.com', phone: '', message: 'Hello there.' },
    });
    expect(contact.statusCode).toBe(201);
    expect((await summary()).newMessages).toBe(before.newMessages + 1);
  });
});
