/**
 * The owner's promotion codes (docs/api.md, The owner's API; Delivery and promotions): made as percent, fixed or
 * free delivery; a code taken in any case is a 409; a mistake a 400 naming the field; listed newest first with their
 * uses (paid orders only); switched off and on; each change audited; only for admins. Runs on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionMessages } from '#shared/schemas/promotion';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { cartPayload, guestAddress, paidGuestOrder, startCheckout } from '#tests/checkout';
import { queryRows } from '#tests/db';

let testApp: TestApp;
let admin: TestCustomer;
let customer: TestCustomer;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await insertCustomer(testApp, { role: 'admin' });
  customer = await insertCustomer(testApp);
});
afterAll(async () => {
  await testApp?.close();
});

function call(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
  token: string | undefined = admin.token,
) {
  return testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}
const create = (payload: object) => call('POST', '/api/admin/promotions', payload);
const list = async () => (await call('GET', '/api/admin/promotions')).json();

describe('promotion codes on the owner’s side', () => {
  it('makes percent, fixed and free-delivery codes, kept upper case, answered in pounds', async () => {
    const percent = await create({ code: 'autumn10', description: '10% off', type: 'percent', value: 10 });
    expect(percent.statusCode).toBe(201);
    expect(percent.json()).toMatchObject({
      code: 'AUTUMN10',
      type: 'percent',
      value: 10,
      minSpend: null,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      oncePerCustomer: false,
      uses: 0,
      active: true,
    });
    const fixed = await create({
      code: 'FIVEOFF',
      description: '£5 off',
      type: 'fixed',
      value: 5.5,
      minSpend: 30,
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2026-12-31T23:59:59Z',
      maxUses: 100,
      oncePerCustomer: true,
    });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.json()).toMatchObject({
      code: 'FIVEOFF',
      value: 5.5,
      minSpend: 30,
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2026-12-31T23:59:59.000Z',
      maxUses: 100,
      oncePerCustomer: true,
    });
    const shipping = await create({ code: 'SHIPFREE', description: 'Free delivery', type: 'free-delivery' });
    expect(shipping.statusCode).toBe(201);
    expect(shipping.json()).toMatchObject({ type: 'free-delivery', value: 0 });

    const codes = (await list()).map((promotion: { code: string }) => promotion.code);
    expect(codes.indexOf('SHIPFREE')).toBeLessThan(codes.indexOf('FIVEOFF'));
    expect(codes.indexOf('FIVEOFF')).toBeLessThan(codes.indexOf('AUTUMN10'));

    const audit = await call('GET', '/api/admin/audit?target=promotion:FIVEOFF');
    expect(audit.json().items).toEqual([
      expect.objectContaining({
        action: 'promotion.created',
        actor: expect.objectContaining({ email: admin.email }),
        after: expect.objectContaining({ code: 'FIVEOFF', value: 5.5, minSpend: 30 }),
      }),
    ]);
  });

  it('refuses a code taken in another case with 409, and makes nothing', async () => {
    await create({ code: 'WINTER', description: 'Winter', type: 'percent', value: 5 });
    const again = await create({ code: 'winter', description: 'Again', type: 'fixed', value: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(promotionMessages.codeTaken);
    expect((await list()).filter((promotion: { code: string }) => promotion.code === 'WINTER')).toHaveLength(1);
  });

  it('two owners making the same code at once: one wins, the other is told it is taken', async () => {
    const answers = await Promise.all(
      ['RACE1', 'race1', 'Race1'].map((code) => create({ code, description: 'Race', type: 'percent', value: 3 })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    ['a percentage of 0', { type: 'percent', value: 0 }, 'value', promotionMessages.percent],
    ['a percentage of 101', { type: 'percent', value: 101 }, 'value', promotionMessages.percent],
    ['a fixed code without its amount', { type: 'fixed' }, 'value', promotionMessages.fixed],
    [
      'an end before its start',
      { type: 'percent', value: 5, startsAt: '2026-06-01T00:00:00Z', endsAt: '2026-05-01T00:00:00Z' },
      'endsAt',
      promotionMessages.dates,
    ],
  ])('refuses %s with 400 naming the field', async (_name, fields, field, message) => {
    const response = await create({ code: 'BADONE', description: 'Bad', ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(expect.arrayContaining([{ field, message }]));
    expect((await list()).some((promotion: { code: string }) => promotion.code === 'BADONE')).toBe(false);
  });

  it('counts a paid order naming the code as a use, and an unpaid checkout not', async () => {
    const made = (await create({ code: 'COUNTME', description: 'Counted', type: 'percent', value: 10 })).json();
    const paid = await paidGuestOrder(testApp, guestAddress({ email: 'paid-promo@example.com' }));
    await startCheckout(testApp, cartPayload(guestAddress({ email: 'unpaid-promo@example.com' })));
    // The checkout that takes a code is another engineer's; here the promotion is named on the rows directly.
    await queryRows(
      testApp,
      sql`update checkouts set promotion_id = ${made._id} where email in ('paid-promo@example.com', 'unpaid-promo@example.com')`,
    );
    expect(paid.email).toBe('paid-promo@example.com');
    const counted = (await list()).find((promotion: { code: string }) => promotion.code === 'COUNTME');
    expect(counted.uses).toBe(1);
  });

  it('switches a code off and on, audited each time, answering it with its uses', async () => {
    const made = (await create({ code: 'SWITCHY', description: 'Switch', type: 'fixed', value: 1 })).json();
    const off = await call('PATCH', `/api/admin/promotions/${made._id}`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ _id: made._id, code: 'SWITCHY', active: false, uses: 0 });
    expect((await list()).find((promotion: { _id: string }) => promotion._id === made._id).active).toBe(false);
    const on = await call('PATCH', `/api/admin/promotions/${made._id}`, { active: true });
    expect(on.json()).toMatchObject({ active: true });

    const audit = await call('GET', '/api/admin/audit?target=promotion:SWITCHY');
    expect(audit.json().items.map((item: { action: string }) => item.action)).toEqual([
      'promotion.switched-on',
      'promotion.switched-off',
      'promotion.created',
    ]);
    expect(audit.json().items[1]).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it('answers 404 for a promotion that does not exist', async () => {
    const response = await call('PATCH', '/api/admin/promotions/no-such-promotion', { active: false });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(promotionMessages.notFound);
  });

  it('lets no one but an admin near them', async () => {
    expect((await call('GET', '/api/admin/promotions', undefined, customer.token)).statusCode).toBe(403);
    const made = { code: 'SNEAKY', description: 'No', type: 'percent', value: 50 };
    expect((await call('POST', '/api/admin/promotions', made, customer.token)).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'POST', url: '/api/admin/promotions', payload: made })).statusCode).toBe(
      401,
    );
    const anonymous = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/admin/promotions/x',
      payload: { active: false },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
