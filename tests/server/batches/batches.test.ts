/**
 * Food traceability (docs/api.md, Batches and recalls; decision 116): stock received as batches, sold first expiry
 * first and never past its best-before, each paid line recording its batches, a refund's restock back into the batch
 * it came from, and 30 checkouts at once over two batches leaving every count right. Runs on PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Batch, BatchList } from '#shared/schemas/batch';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { batchRow, buy, londonDay, productOf, receiveBatch, startBuying, weightStock } from '#tests/batches';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { queryRows } from '#tests/db';
import { SmtpSink } from '#tests/smtp-sink';

let sink: SmtpSink;
let testApp: TestApp;
let admin: TestCustomer;
beforeAll(async () => {
  sink = await SmtpSink.start();
  testApp = await buildTestApp({ smtpUrl: sink.url });
  admin = await insertCustomer(testApp, { role: 'admin' });
});
afterAll(async () => {
  await testApp?.close();
  await sink?.stop();
});

const receive = (productId: string, body: { weight: string; code: string; bestBefore: string; quantity: number }) =>
  receiveBatch(testApp, admin.token, productId, body);
const adminGet = (url: string) => testApp.app.inject({ method: 'GET', url, headers: bearer(admin.token) });
const adminOrder = async (orderId: string) => (await adminGet(`/api/admin/orders/${orderId}`)).json();
const weightOf = async (productId: string, label: string) =>
  (await productOf(testApp, productId)).weights.find((weight) => weight.label === label)!;

describe('receiving a batch', () => {
  it('adds its packs to the weight, lists it with what remains, shows the best-before and is audited', async () => {
    const productId = 'brazil-nuts';
    const first = await receive(productId, {
      weight: '250g',
      code: 'br-0001',
      bestBefore: londonDay(40),
      quantity: 12,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      code: 'BR-0001',
      product: productId,
      weight: '250g',
      quantity: 12,
      remaining: 12,
    });
    await receive(productId, { weight: '250g', code: 'BR-0002', bestBefore: londonDay(20), quantity: 5 });
    expect(await weightStock(testApp, productId, '250g')).toBe(17);

    const list = (await adminGet(`/api/admin/products/${productId}/batches`)).json() as BatchList;
    expect(list.items.map((batch: Batch) => [batch.code, batch.remaining])).toEqual([
      ['BR-0002', 5],
      ['BR-0001', 12],
    ]);
    // The shop shows the earliest best-before a sale would take.
    expect(await weightOf(productId, '250g')).toMatchObject({ inStock: true, bestBefore: londonDay(20) });
    const admins = (await adminGet('/api/admin/products')).json().items;
    expect(admins.find((p: { _id: string }) => p._id === productId).weights[0].stock).toBe(17);

    const audit = (await adminGet('/api/admin/audit?action=batch.received&target=batch:BR-0001')).json();
    expect(audit.items[0]).toMatchObject({ actor: { email: admin.email }, after: { quantity: 12, weight: '250g' } });
  });

  it('refuses what cannot be a batch, naming the field', async () => {
    const productId = 'brazil-nuts';
    const cases: [object, number, string][] = [
      [{ weight: '3kg', code: 'X-1', bestBefore: londonDay(10), quantity: 1 }, 400, 'weight'],
      [{ weight: '250g', code: 'no spaces', bestBefore: londonDay(10), quantity: 1 }, 400, 'code'],
      [{ weight: '250g', code: 'X-2', bestBefore: '2027-02-30', quantity: 1 }, 400, 'bestBefore'],
      [{ weight: '250g', code: 'X-3', bestBefore: londonDay(-1), quantity: 1 }, 400, 'bestBefore'],
      [{ weight: '250g', code: 'X-4', bestBefore: londonDay(10), quantity: 0 }, 400, 'quantity'],
      [{ weight: '250g', code: 'br-0001', bestBefore: londonDay(10), quantity: 1 }, 409, 'code'],
    ];
    for (const [body, status, field] of cases) {
      const response = await receive(productId, body as never);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(response.json()), JSON.stringify(body)).toContain(field);
    }
    expect(
      (await receive('no-such-nut', { weight: '250g', code: 'X-5', bestBefore: londonDay(9), quantity: 1 })).statusCode,
    ).toBe(404);
  });

  it('is the owner’s: a member of staff is refused', async () => {
    const staff = await insertCustomer(testApp, { role: 'staff' });
    const response = await receiveBatch(testApp, staff.token, 'brazil-nuts', {
      weight: '250g',
      code: 'ST-1',
      bestBefore: londonDay(10),
      quantity: 1,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('first expiry, first out', () => {
  it('takes from the earliest best-before across three batches, and each paid line records its batches', async () => {
    const productId = 'pecan-halves';
    await receive(productId, { weight: '250g', code: 'PC-LATE', bestBefore: londonDay(60), quantity: 2 });
    await receive(productId, { weight: '250g', code: 'PC-EARLY', bestBefore: londonDay(10), quantity: 2 });
    await receive(productId, { weight: '250g', code: 'PC-MID', bestBefore: londonDay(30), quantity: 2 });

    const order = await buy(testApp, productId, '250g', 3);
    expect(await batchRow(testApp, 'PC-EARLY')).toMatchObject({ remaining: 0 });
    expect(await batchRow(testApp, 'PC-MID')).toMatchObject({ remaining: 1 });
    expect(await batchRow(testApp, 'PC-LATE')).toMatchObject({ remaining: 2 });
    expect((await adminOrder(order.id)).orderItems[0].batches).toEqual([
      { code: 'PC-EARLY', bestBefore: londonDay(10), qty: 2 },
      { code: 'PC-MID', bestBefore: londonDay(30), qty: 1 },
    ]);
    // The confirmation mail tells the shopper the best-before of what they bought.
    const mail = await sink.nextMailTo(order.email);
    expect(mail.text).toContain('Best before');

    const next = await buy(testApp, productId, '250g', 2);
    expect((await adminOrder(next.id)).orderItems[0].batches).toEqual([
      { code: 'PC-MID', bestBefore: londonDay(30), qty: 1 },
      { code: 'PC-LATE', bestBefore: londonDay(60), qty: 1 },
    ]);
    expect(await weightStock(testApp, productId, '250g')).toBe(1);
    const packing = (await adminGet('/api/admin/packing')).json();
    const packed = packing.orders.find((each: { _id: string }) => each._id === next.id);
    expect(packed.orderItems[0].batches).toHaveLength(2);
  });

  it('never sells a batch past its best-before; the weight is out of stock when nothing else remains', async () => {
    const productId = 'pine-nuts';
    await receive(productId, { weight: '250g', code: 'PN-OLD', bestBefore: londonDay(5), quantity: 5 });
    await receive(productId, { weight: '250g', code: 'PN-NEW', bestBefore: londonDay(25), quantity: 1 });
    // Midnight has passed for the old batch: the server refuses it at once, whatever pages were prepared.
    await testApp.app.db.execute(sql`update stock_batches set best_before = ${londonDay(-1)} where code = 'PN-OLD'`);

    const two = await startBuying(testApp, productId, '250g', 2);
    expect(two.response.statusCode).toBe(409);
    expect(two.response.json().message).toContain('Pine Nuts');
    const order = await buy(testApp, productId, '250g', 1);
    expect((await adminOrder(order.id)).orderItems[0].batches).toEqual([
      { code: 'PN-NEW', bestBefore: londonDay(25), qty: 1 },
    ]);
    expect((await startBuying(testApp, productId, '250g', 1)).response.statusCode).toBe(409);
    expect(await batchRow(testApp, 'PN-OLD')).toMatchObject({ remaining: 5 });

    // The sweep takes the old packs off the count, and the shop shows the weight out of stock.
    expect(await testApp.app.batches.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await batchRow(testApp, 'PN-OLD')).toMatchObject({ remaining: 0, withdrawn: 5 });
    expect(await weightStock(testApp, productId, '250g')).toBe(0);
    expect(await weightOf(productId, '250g')).toMatchObject({ inStock: false, bestBefore: null });
  });

  it('gives a checkout not paid back to the batches it took from', async () => {
    const productId = 'golden-sultanas';
    await receive(productId, { weight: '250g', code: 'GS-A', bestBefore: londonDay(10), quantity: 1 });
    await receive(productId, { weight: '250g', code: 'GS-B', bestBefore: londonDay(20), quantity: 3 });
    const { response } = await startBuying(testApp, productId, '250g', 3);
    expect(response.statusCode).toBe(200);
    expect(await batchRow(testApp, 'GS-A')).toMatchObject({ remaining: 0 });
    expect(await batchRow(testApp, 'GS-B')).toMatchObject({ remaining: 1 });
    const [checkout] = await queryRows<{ id: string }>(
      testApp,
      sql`select id from checkouts where session_id = ${response.json().id}`,
    );
    await testApp.app.checkout.releaseCheckout(checkout!.id);
    expect(await batchRow(testApp, 'GS-A')).toMatchObject({ remaining: 1 });
    expect(await batchRow(testApp, 'GS-B')).toMatchObject({ remaining: 3 });
    expect(await weightStock(testApp, productId, '250g')).toBe(4);
  });
});

describe('refund with restock', () => {
  it('returns the packs to the batch they came from, the latest best-before first', async () => {
    const productId = 'dried-cranberries';
    await receive(productId, { weight: '250g', code: 'DC-1', bestBefore: londonDay(10), quantity: 2 });
    await receive(productId, { weight: '250g', code: 'DC-2', bestBefore: londonDay(20), quantity: 5 });
    const order = await buy(testApp, productId, '250g', 3);
    const price = (await weightOf(productId, '250g')).price;
    expect(await batchRow(testApp, 'DC-2')).toMatchObject({ remaining: 4 });

    const refund = (qty: number) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/refunds`,
        headers: bearer(admin.token),
        payload: { amount: price * qty, reason: 'Returned unopened', restock: true, lines: [{ index: 0, qty }] },
      });
    expect((await refund(1)).statusCode).toBe(201);
    expect(await batchRow(testApp, 'DC-2')).toMatchObject({ remaining: 5 });
    expect(await batchRow(testApp, 'DC-1')).toMatchObject({ remaining: 0 });
    expect((await refund(1)).statusCode).toBe(201);
    expect(await batchRow(testApp, 'DC-1')).toMatchObject({ remaining: 1 });
    expect(await weightStock(testApp, productId, '250g')).toBe(6);
    // The order keeps only what is still in the bag.
    expect((await adminOrder(order.id)).orderItems[0].batches).toEqual([
      { code: 'DC-1', bestBefore: londonDay(10), qty: 1 },
    ]);
  });
});

describe('30 checkouts at once over two batches', () => {
  it('sell exactly what the batches hold, first expiry first, and no count goes below zero', async () => {
    const productId = 'chia-seeds';
    await receive(productId, { weight: '250g', code: 'CH-1', bestBefore: londonDay(10), quantity: 12 });
    await receive(productId, { weight: '250g', code: 'CH-2', bestBefore: londonDay(20), quantity: 8 });
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        startBuying(testApp, productId, '250g', 1, { remoteAddress: `10.30.${index}.1` }),
      ),
    );
    const started = attempts.filter(({ response }) => response.statusCode === 200);
    expect(started).toHaveLength(20);
    expect(attempts.filter(({ response }) => response.statusCode === 409)).toHaveLength(10);
    expect(await batchRow(testApp, 'CH-1')).toMatchObject({ remaining: 0 });
    expect(await batchRow(testApp, 'CH-2')).toMatchObject({ remaining: 0 });
    expect(await weightStock(testApp, productId, '250g')).toBe(0);
    const [taken] = await queryRows<{ packs: string }>(
      testApp,
      sql`select sum(t.qty - t.returned) as packs from batch_takes t join stock_batches b on b.id = t.batch_id
          where b.product_id = ${productId}`,
    );
    expect(Number(taken!.packs)).toBe(20);

    // Half of them give their packs back: each batch gets back exactly what was taken from it.
    const ids = await queryRows<{ id: string }>(
      testApp,
      sql`select c.id from checkouts c join batch_takes t on t.checkout_id = c.id join stock_batches b on b.id = t.batch_id
          where b.code = 'CH-2' and c.paid_at is null`,
    );
    await Promise.all(ids.map(({ id }) => testApp.app.checkout.releaseCheckout(id)));
    expect(await batchRow(testApp, 'CH-2')).toMatchObject({ remaining: 8 });
    expect(await batchRow(testApp, 'CH-1')).toMatchObject({ remaining: 0 });
    expect(await weightStock(testApp, productId, '250g')).toBe(8);
  });
});
