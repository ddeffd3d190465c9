/**
 * The owner's reports (decision 099) against a seeded set of orders with worked totals: both VAT rates, a delivery
 * charge whose VAT follows the goods, and a refund in a later week; sales by week and day, the best sellers, the VAT
 * by rate with boxes 1 and 6, and the VAT CSV. Staff are refused. Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, orderLines, orders, refunds } from '#server/db/schema';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { guestAddress } from '#tests/checkout';

let testApp: TestApp;
let admin: TestCustomer;
let staff: TestCustomer;

interface SeedLine {
  productId: string;
  name: string;
  qty: number;
  unitPricePence: number;
  vatRate: 0 | 20;
}

/** An order as the books keep it, placed at `at`; answers its id. */
async function seedOrder(at: string, lines: SeedLine[], deliveryPence = 0): Promise<string> {
  const { db } = testApp.app;
  const subtotalPence = lines.reduce((sum, line) => sum + line.unitPricePence * line.qty, 0);
  const address = guestAddress();
  const checkoutId = randomUUID();
  const orderId = randomUUID();
  const stored = lines.map((line) => ({ ...line, selectedWeight: '250g' }));
  await db.insert(checkouts).values({
    id: checkoutId,
    provider: 'local',
    guestEmail: address.email,
    email: address.email,
    lines: stored,
    amountPence: subtotalPence + deliveryPence,
    subtotalPence,
    deliveryPence,
    shippingAddress: address,
    paidAt: new Date(at),
    createdAt: new Date(at),
  });
  await db.insert(orders).values({
    id: orderId,
    checkoutId,
    guestEmail: address.email,
    email: address.email,
    shippingAddress: address,
    totalPence: subtotalPence + deliveryPence,
    subtotalPence,
    deliveryPence,
    createdAt: new Date(at),
    shopNotifiedAt: new Date(at),
  });
  await db.insert(orderLines).values(stored.map((line, position) => ({ orderId, position, ...line })));
  return orderId;
}

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await insertCustomer(testApp, { role: 'admin' });
  staff = await insertCustomer(testApp, { role: 'staff' });
  const cashews = { productId: 'roasted-cashew-nuts', name: 'Roasted Cashew Nuts', vatRate: 20 as const };
  const dates = { productId: 'medjool-dates', name: 'Medjool Dates', vatRate: 0 as const };
  // Monday 2 March 2026: 2 × £8.09 at 20%, 1 × £4.19 at 0%, £3.95 delivery: £24.32.
  await seedOrder(
    '2026-03-02T10:00:00Z',
    [
      { ...cashews, qty: 2, unitPricePence: 809 },
      { ...dates, qty: 1, unitPricePence: 419 },
    ],
    395,
  );
  // Wednesday 4 March: 1 × £10.00 at 20%, refunded in full on Wednesday 11 March.
  const refunded = await seedOrder('2026-03-04T23:30:00Z', [{ ...cashews, qty: 1, unitPricePence: 1000 }]);
  await testApp.app.db.insert(refunds).values({
    orderId: refunded,
    amountPence: 1000,
    reason: 'Arrived split',
    status: 'succeeded',
    provider: 'local',
    actorEmail: admin.email,
    createdAt: new Date('2026-03-11T09:00:00Z'),
    succeededAt: new Date('2026-03-11T09:00:00Z'),
  });
  // Tuesday 10 March: 3 × £5.00 at 0%.
  await seedOrder('2026-03-10T12:00:00Z', [{ ...dates, qty: 3, unitPricePence: 500 }]);
  // Outside the period; the last on 1 July by London's clock.
  await seedOrder('2026-06-30T23:30:00Z', [{ ...dates, qty: 1, unitPricePence: 419 }]);
  await seedOrder('2026-04-01T12:00:00Z', [{ ...cashews, qty: 9, unitPricePence: 809 }]);
});
afterAll(async () => {
  await testApp?.close();
});

const get = (url: string, token = admin.token) => testApp.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('sales', () => {
  it('sums each week: orders, takings, refunds, VAT with delivery’s share, and what is left without VAT', async () => {
    const response = await get('/api/admin/reports/sales?from=2026-03-02&to=2026-03-15&interval=week');
    expect(response.statusCode).toBe(200);
    expect(response.json().points).toEqual([
      // Delivery £3.95 split 1618 : 419 gives the 20% goods £3.14: VAT on £19.32 is £3.22; £10.00 holds £1.67.
      { start: '2026-03-02', orders: 2, gross: 34.32, refunds: 0, vat: 4.89, net: 29.43 },
      // The refund gives back £1.67 of VAT: the week's VAT is below nothing, its net what is left of £15 after £8.33.
      { start: '2026-03-09', orders: 1, gross: 15, refunds: 10, vat: -1.67, net: 6.67 },
    ]);
  });

  it('answers every day of the range, on London days, and the best sellers by packs', async () => {
    const report = (await get('/api/admin/reports/sales?from=2026-03-01&to=2026-03-05&interval=day')).json();
    const days = (points: { start: string; orders: number }[]) => points.map((point) => [point.start, point.orders]);
    // 23:30 UTC on 4 March is still the 4th in London (GMT until the end of March).
    expect(days(report.points)).toEqual([
      ['2026-03-01', 0],
      ['2026-03-02', 1],
      ['2026-03-03', 0],
      ['2026-03-04', 1],
      ['2026-03-05', 0],
    ]);
    // 23:30 UTC on 30 June is half past midnight on 1 July in London (BST).
    const summer = (await get('/api/admin/reports/sales?from=2026-06-30&to=2026-07-01&interval=day')).json();
    expect(days(summer.points)).toEqual([
      ['2026-06-30', 0],
      ['2026-07-01', 1],
    ]);
    expect(report.bestSellers).toEqual([
      { _id: 'roasted-cashew-nuts', name: 'Roasted Cashew Nuts', units: 3, gross: 26.18 },
      { _id: 'medjool-dates', name: 'Medjool Dates', units: 1, gross: 4.19 },
    ]);
  });

  it('refuses a range past its points, a bad interval or date, naming the field', async () => {
    const many = await get('/api/admin/reports/sales?from=2020-01-01&to=2026-01-01&interval=day');
    expect(many.statusCode).toBe(400);
    expect(many.json().errors[0].field).toBe('to');
    expect((await get('/api/admin/reports/sales?from=2026-03-01&to=2026-03-05&interval=year')).statusCode).toBe(400);
    expect((await get('/api/admin/reports/sales?from=2026-02-30&to=2026-03-05')).statusCode).toBe(400);
  });
});

describe('VAT', () => {
  it('gives the period by rate, refunds deducted and delivery included, with boxes 1 and 6', async () => {
    const report = (await get('/api/admin/reports/vat?from=2026-03-01&to=2026-03-31')).json();
    expect(report).toEqual({
      byRate: [
        { rate: 20, gross: 19.32, vat: 3.22, net: 16.1 },
        { rate: 0, gross: 20, vat: 0, net: 20 },
      ],
      box1: 3.22,
      box6: 36,
    });
    const csv = await get('/api/admin/reports/vat.csv?from=2026-03-01&to=2026-03-31');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain('20%,16.10,3.22,19.32\r\n');
    expect(csv.body).toContain('Box 1: VAT due on sales,3.22\r\n');
    expect(csv.body).toContain('Box 6: total sales excluding VAT (whole pounds),36\r\n');
  });

  it('is the owner’s: staff are refused', async () => {
    expect((await get('/api/admin/reports/vat?from=2026-03-01&to=2026-03-31', staff.token)).statusCode).toBe(403);
    expect((await get('/api/admin/reports/sales?from=2026-03-01&to=2026-03-31', staff.token)).statusCode).toBe(403);
  });
});
