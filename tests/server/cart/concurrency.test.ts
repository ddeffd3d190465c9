import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines } from '#server/db/schema';
import { insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { cartOf } from '#tests/cart';
import { queryRows } from '#tests/db';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

const PARALLEL_REQUESTS = 40;

// NOTE: PGlite runs one query at a time in this process, so a read-then-write race rarely shows on it; these
// tests earn their keep on PostgreSQL (TEST_DATABASE_URL), where the requests use several connections at once.

async function storedLines(customer: TestCustomer) {
  return queryRows<{ product_id: string; qty: number }>(
    testApp,
    sql`select product_id, qty from cart_lines where user_id = ${customer.id} order by product_id`,
  );
}

describe('parallel requests on one cart', () => {
  it(`${PARALLEL_REQUESTS} adds of one product at once end as one line holding all of them`, async () => {
    const customer = await insertCustomer(testApp);
    const cart = cartOf(testApp, customer.token);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL_REQUESTS }, () =>
        cart.add({ _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '500g' }),
      ),
    );
    expect(answers.map((answer) => answer.response.statusCode)).toEqual(Array(PARALLEL_REQUESTS).fill(200));
    expect(await storedLines(customer)).toEqual([{ product_id: 'roasted-cashew-nuts', qty: PARALLEL_REQUESTS }]);
    expect((await cart.get()).lines().map((line) => [line._id, line.qty])).toEqual([
      ['roasted-cashew-nuts', PARALLEL_REQUESTS],
    ]);
  });

  it('parallel adds past 99 stop at 99', async () => {
    const customer = await insertCustomer(testApp);
    const cart = cartOf(testApp, customer.token);
    await cart.add({ _id: 'walnut-halves', qty: 90 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => cart.add({ _id: 'walnut-halves', qty: 1 })));
    expect(answers.every((answer) => answer.response.statusCode === 200)).toBe(true);
    expect(await storedLines(customer)).toEqual([{ product_id: 'walnut-halves', qty: 99 }]);
  });

  it('parallel removes each take their quantity off', async () => {
    const customer = await insertCustomer(testApp);
    const cart = cartOf(testApp, customer.token);
    await cart.add({ _id: 'brazil-nuts', qty: 30 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => cart.remove('brazil-nuts', 2)));
    expect(answers.every((answer) => answer.response.statusCode === 200)).toBe(true);
    expect(await storedLines(customer)).toEqual([{ product_id: 'brazil-nuts', qty: 10 }]);
  });

  it('a merge and adds at once lose none of each other’s quantities', async () => {
    const customer = await insertCustomer(testApp);
    const cart = cartOf(testApp, customer.token);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => cart.add({ _id: 'chia-seeds', qty: 1 })),
      cart.merge([
        { _id: 'chia-seeds', qty: 5, selectedWeight: '250g' },
        { _id: 'golden-linseed', qty: 2, selectedWeight: '250g' },
      ]),
      ...Array.from({ length: 10 }, () => cart.add({ _id: 'golden-linseed', qty: 1 })),
    ]);
    expect(answers.every((answer) => answer.response.statusCode === 200)).toBe(true);
    expect(await storedLines(customer)).toEqual([
      { product_id: 'chia-seeds', qty: 15 },
      { product_id: 'golden-linseed', qty: 12 },
    ]);
  });
});

describe('the database itself keeps a cart sound', () => {
  it('refuses a second line for the same customer and product, whatever the code does', async () => {
    const customer = await insertCustomer(testApp);
    const line = {
      userId: customer.id,
      productId: 'pine-nuts',
      selectedWeight: '250g',
      qty: 1,
      productName: 'Pine Nuts',
    };
    await testApp.app.db.insert(cartLines).values(line);
    const duplicate = await testApp.app.db
      .insert(cartLines)
      .values({ ...line, selectedWeight: '500g' })
      .then(
        () => undefined,
        (error: { cause?: { code?: string } }) => error.cause?.code,
      );
    expect(duplicate).toBe('23505');
  });

  it.each([0, 100, -1])('refuses a quantity of %i', async (qty) => {
    const customer = await insertCustomer(testApp);
    const code = await testApp.app.db
      .insert(cartLines)
      .values({ userId: customer.id, productId: 'pine-nuts', selectedWeight: '250g', qty, productName: 'Pine Nuts' })
      .then(
        () => undefined,
        (error: { cause?: { code?: string } }) => error.cause?.code,
      );
    expect(code).toBe('23514');
  });

  it('a deleted account takes its cart with it', async () => {
    const customer = await insertCustomer(testApp);
    await cartOf(testApp, customer.token).add({ _id: 'pine-nuts', qty: 2 });
    await testApp.app.db.execute(sql`delete from users where id = ${customer.id}`);
    expect(await storedLines(customer)).toEqual([]);
  });
});
