/**
 * What one client's unpaid checkouts may hold (docs/api.md, Stock; decision 104): together at most 10 packs of any one
 * counted weight, whether they come one at a time or tens at once; a client is an address (an IPv6 /64) or a
 * customer's account from any address. Past the bound, 429 naming the line; other shoppers still buy what is left;
 * checkouts paid, cancelled or abandoned stop counting. A refusal for want of stock names the number only when small.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_HOLD_MS } from '#shared/constants';
import type { Product } from '#shared/schemas/product';
import { bearer, insertCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { guestAddress, payOnTestPage } from '#tests/checkout';
import { queryRows } from '#tests/db';

const LABEL = '250g';

let testApp: TestApp;
beforeAll(async () => {
  // The test app's rate limits are 100 times the shipped ones: the bound must not scale with them.
  testApp = await buildTestApp();
  expect(testApp.config.rateLimitFactor).toBe(100);
});
afterAll(() => testApp?.close());

async function setStock(productId: string, stock: number) {
  await testApp.app.db.execute(
    sql`update product_weights set stock = ${stock} where product_id = ${productId} and label = ${LABEL}`,
  );
  await testApp.app.catalog.refresh();
}

async function stockOf(productId: string): Promise<number | null> {
  const [row] = await queryRows<{ stock: number | null }>(
    testApp,
    sql`select stock from product_weights where product_id = ${productId} and label = ${LABEL}`,
  );
  return row?.stock ?? null;
}

async function priceOf(productId: string): Promise<number> {
  const product = (await testApp.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json() as Product;
  const weight = product.weights.find((candidate) => candidate.label === LABEL);
  if (!weight) throw new Error(`${productId} has no ${LABEL}`);
  return weight.price;
}

/** Starts a checkout of `qty` packs of the product's 250g, from `remoteAddress`, as a guest or with `token`. */
async function checkOut(
  productId: string,
  qty: number,
  { remoteAddress, token }: { remoteAddress: string; token?: string },
): Promise<LightMyRequestResponse> {
  const price = await priceOf(productId);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/orders/create-stripe-session',
    remoteAddress,
    headers: token ? bearer(token) : {},
    payload: {
      orderItems: [{ _id: productId, qty, selectedWeight: LABEL, price }],
      shippingAddress: guestAddress(),
      totalPrice: Math.round(price * 100 * qty) / 100,
    },
  });
}

const sessionOf = (response: LightMyRequestResponse) => (response.json() as { id: string }).id;

function expectBound(response: LightMyRequestResponse, name: string, held: number) {
  expect(response.statusCode).toBe(429);
  const message =
    held === 0
      ? `Sorry, you can buy at most 10 of ${name} (250g) at a time. Please change the quantity in your cart.`
      : `Sorry, you can buy at most 10 of ${name} (250g) at a time, and ${held} ${held === 1 ? 'is' : 'are'} already waiting for your payment. Please complete or cancel that payment, or change the quantity in your cart.`;
  expect(response.json()).toEqual({ message, errors: [{ field: 'orderItems.0.qty', message }] });
}

describe('one client holding a weight', () => {
  it('stops at 10 packs while another shopper buys the rest', async () => {
    await setStock('walnut-halves', 30);
    const hoarder = '10.1.0.1';
    for (let round = 0; round < 3; round += 1)
      expect((await checkOut('walnut-halves', 3, { remoteAddress: hoarder })).statusCode).toBe(200);
    expectBound(await checkOut('walnut-halves', 3, { remoteAddress: hoarder }), 'Walnut Halves', 9);
    expect((await checkOut('walnut-halves', 1, { remoteAddress: hoarder })).statusCode).toBe(200);
    expectBound(await checkOut('walnut-halves', 1, { remoteAddress: hoarder }), 'Walnut Halves', 10);
    expect(await stockOf('walnut-halves')).toBe(20);

    // Other shoppers are served; the hoarder's other weights are untouched by this one's bound.
    expect((await checkOut('walnut-halves', 10, { remoteAddress: '10.1.0.2' })).statusCode).toBe(200);
    expect((await checkOut('walnut-halves', 10, { remoteAddress: '10.1.0.3' })).statusCode).toBe(200);
    expect(await stockOf('walnut-halves')).toBe(0);
  });

  it('refuses more than 10 packs in one line', async () => {
    await setStock('roasted-hazelnuts', 50);
    expectBound(await checkOut('roasted-hazelnuts', 11, { remoteAddress: '10.2.0.1' }), 'Roasted Hazelnuts', 0);
    expect(await stockOf('roasted-hazelnuts')).toBe(50);
    expect((await checkOut('roasted-hazelnuts', 10, { remoteAddress: '10.2.0.1' })).statusCode).toBe(200);
  });

  it('holds under 40 checkouts at once from one client: 10 packs, and another shopper buys the other 5', async () => {
    await setStock('pecan-halves', 15);
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => checkOut('pecan-halves', 1, { remoteAddress: '10.3.0.1' })),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(10);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(30);
    expect(await stockOf('pecan-halves')).toBe(5);
    expect((await checkOut('pecan-halves', 5, { remoteAddress: '10.3.0.2' })).statusCode).toBe(200);
    expect(await stockOf('pecan-halves')).toBe(0);
  });

  it('counts an IPv6 /64 as one client', async () => {
    await setStock('brazil-nuts', 30);
    expect((await checkOut('brazil-nuts', 6, { remoteAddress: '2001:db8:1:2::1' })).statusCode).toBe(200);
    expectBound(await checkOut('brazil-nuts', 6, { remoteAddress: '2001:db8:1:2::ffff' }), 'Brazil Nuts', 6);
    expect((await checkOut('brazil-nuts', 6, { remoteAddress: '2001:db8:1:3::1' })).statusCode).toBe(200);
  });

  it("counts a customer's checkouts from every address together", async () => {
    await setStock('roasted-macadamia-nuts', 30);
    const customer = await insertCustomer(testApp);
    const name = 'Roasted Macadamia Nuts';
    expect(
      (await checkOut('roasted-macadamia-nuts', 6, { remoteAddress: '10.4.0.1', token: customer.token })).statusCode,
    ).toBe(200);
    expectBound(
      await checkOut('roasted-macadamia-nuts', 5, { remoteAddress: '10.4.0.2', token: customer.token }),
      name,
      6,
    );
    expect(
      (await checkOut('roasted-macadamia-nuts', 4, { remoteAddress: '10.4.0.3', token: customer.token })).statusCode,
    ).toBe(200);
  });
});

describe('holds that end stop counting', () => {
  it('when cancelled, paid or abandoned; and the address is not kept once nothing is held', async () => {
    await setStock('honey-roasted-peanuts', 40);
    const remoteAddress = '10.5.0.1';
    const cancelled = sessionOf(await checkOut('honey-roasted-peanuts', 10, { remoteAddress }));
    expectBound(await checkOut('honey-roasted-peanuts', 1, { remoteAddress }), 'Honey Roasted Peanuts', 10);
    await testApp.app.inject({ method: 'POST', url: `/pay/${cancelled}/cancel` });

    const paid = sessionOf(await checkOut('honey-roasted-peanuts', 10, { remoteAddress }));
    expect((await payOnTestPage(testApp, paid)).statusCode).toBeLessThan(400);

    const abandoned = await checkOut('honey-roasted-peanuts', 10, { remoteAddress });
    expect(abandoned.statusCode).toBe(200);
    await testApp.app.checkout.releaseAbandoned(new Date(Date.now() + 2 * CHECKOUT_HOLD_MS));

    expect((await checkOut('honey-roasted-peanuts', 10, { remoteAddress })).statusCode).toBe(200);
    const addresses = await queryRows<{ held: boolean; address: string | null }>(
      testApp,
      sql`select stock_released_at is null and paid_at is null as held, client_address as address
          from checkouts where client_address = ${remoteAddress} or session_id in (${cancelled}, ${paid}, ${sessionOf(abandoned)})`,
    );
    expect(addresses.filter((row) => !row.held).every((row) => row.address === null)).toBe(true);
    expect(addresses.filter((row) => row.held).map((row) => row.address)).toEqual([remoteAddress]);
  });
});

describe('a refusal for want of stock', () => {
  it('names how many are left only when few are', async () => {
    await setStock('golden-sultanas', 8);
    const many = await checkOut('golden-sultanas', 9, { remoteAddress: '10.6.0.1' });
    expect(many.statusCode).toBe(409);
    expect(many.json().message).toBe(
      'Sorry, we do not have that many of Golden Sultanas (250g) left. Please choose fewer.',
    );
    await setStock('golden-sultanas', 5);
    const few = await checkOut('golden-sultanas', 6, { remoteAddress: '10.6.0.1' });
    expect(few.statusCode).toBe(409);
    expect(few.json().message).toBe(
      'Sorry, only 5 of Golden Sultanas (250g) are left. Please change the quantity in your cart.',
    );
    // Past the bound, the stock is never compared: nothing about it is told.
    await setStock('golden-sultanas', 3);
    expectBound(await checkOut('golden-sultanas', 50, { remoteAddress: '10.6.0.1' }), 'Golden Sultanas', 0);
  });
});
