/**
 * A batch looked up and recalled (docs/api.md, Batches and recalls; decision 116): which orders and e-mails received it
 * and how many packs; the recall stops its sale at once, mails every customer and guest who received it once through
 * the mail queue, and is audited with each mail; a repeated recall mails nobody again. Runs on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchLookup } from '#shared/schemas/batch';
import { bearer, insertCustomer, type TestCustomer, uniqueEmail } from '#tests/accounts';
import { batchRow, buy, londonDay, productOf, receiveBatch, startBuying, weightStock } from '#tests/batches';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
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

const call = (method: 'GET' | 'POST', url: string, payload?: object, token: string | undefined = admin.token) =>
  testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const lookup = async (code: string) => (await call('GET', `/api/admin/batches/${code}`)).json() as BatchLookup;

describe('a recall', () => {
  it('names who received the batch, stops its sale, and mails each of them once', async () => {
    const productId = 'walnut-halves';
    await receiveBatch(testApp, admin.token, productId, {
      weight: '250g',
      code: 'WH-RECALL',
      bestBefore: londonDay(15),
      quantity: 10,
    });
    const twice = uniqueEmail('twice');
    const first = await buy(testApp, productId, '250g', 2, { email: twice });
    const second = await buy(testApp, productId, '250g', 1, { email: twice });
    const other = await buy(testApp, productId, '250g', 3);
    for (const email of [twice, twice, other.email]) await sink.nextMailTo(email);

    const found = await lookup('wh-recall');
    expect(found).toMatchObject({ code: 'WH-RECALL', product: productId, weight: '250g', quantity: 10, remaining: 4 });
    expect(found.orders).toEqual([
      { _id: first.id, orderNumber: first.number, email: twice, qty: 2 },
      { _id: second.id, orderNumber: second.number, email: twice, qty: 1 },
      { _id: other.id, orderNumber: other.number, email: other.email, qty: 3 },
    ]);

    const message = 'Pieces of shell were found in this batch.\nPlease return it for a full refund.';
    const recalled = await call('POST', '/api/admin/batches/WH-RECALL/recall', { message });
    expect(recalled.statusCode).toBe(200);
    expect(recalled.json()).toEqual({ mailed: 2 });

    // Its sale stops at once: the packs left are withdrawn and no shopper can buy them.
    expect(await batchRow(testApp, 'WH-RECALL')).toMatchObject({ remaining: 0, withdrawn: 4 });
    expect(await weightStock(testApp, productId, '250g')).toBe(0);
    expect((await startBuying(testApp, productId, '250g', 1)).response.statusCode).toBe(409);
    const weight = (await productOf(testApp, productId)).weights.find((each) => each.label === '250g');
    expect(weight).toMatchObject({ inStock: false, bestBefore: null });

    const mail = await sink.nextMailTo(twice);
    expect(mail.subject).toBe('Product recall: Walnut Halves (250g), batch WH-RECALL');
    expect(mail.text).toContain('Pieces of shell were found in this batch.');
    expect(mail.text).toContain(`${first.number}, ${second.number}`);
    await sink.nextMailTo(other.email);

    // Asked again: the same answer, and nobody is mailed twice.
    const again = await call('POST', '/api/admin/batches/WH-RECALL/recall', { message: 'Again' });
    expect(again.json()).toEqual({ mailed: 2 });
    await testApp.app.mailer.settled();
    expect(sink.mailsTo(twice).filter((each) => each.subject.startsWith('Product recall'))).toHaveLength(1);
    expect(sink.mailsTo(other.email).filter((each) => each.subject.startsWith('Product recall'))).toHaveLength(1);

    const audit = (await call('GET', '/api/admin/audit?target=batch:WH-RECALL')).json().items;
    expect(audit.filter((entry: { action: string }) => entry.action === 'batch.recalled')).toHaveLength(1);
    expect(
      audit
        .filter((entry: { action: string }) => entry.action === 'batch.recall-mailed')
        .map((entry: { after: { to: string } }) => entry.after.to)
        .sort(),
    ).toEqual([twice, other.email].sort());
    expect((await lookup('WH-RECALL')).recallMessage).toBe(message);
  });

  it('leaves the weight on sale from its other batches', async () => {
    const productId = 'soft-dried-apricots';
    for (const [code, days] of [
      ['AP-BAD', 10],
      ['AP-GOOD', 40],
    ] as const)
      await receiveBatch(testApp, admin.token, productId, {
        weight: '250g',
        code,
        bestBefore: londonDay(days),
        quantity: 3,
      });
    expect((await call('POST', '/api/admin/batches/AP-BAD/recall', { message: 'Mould found.' })).json()).toEqual({
      mailed: 0,
    });
    const order = await buy(testApp, productId, '250g', 2);
    expect((await call('GET', `/api/admin/orders/${order.id}`)).json().orderItems[0].batches).toEqual([
      { code: 'AP-GOOD', bestBefore: londonDay(40), qty: 2 },
    ]);
  });

  it('refuses what it cannot do, with a message', async () => {
    expect((await call('GET', '/api/admin/batches/NO-SUCH')).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/batches/NO-SUCH/recall', { message: 'x' })).statusCode).toBe(404);
    const blank = await call('POST', '/api/admin/batches/AP-GOOD/recall', { message: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('message');
    const staff = await insertCustomer(testApp, { role: 'staff' });
    expect((await call('POST', '/api/admin/batches/AP-GOOD/recall', { message: 'x' }, staff.token)).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/admin/batches/AP-GOOD', undefined, staff.token)).statusCode).toBe(403);
  });
});
