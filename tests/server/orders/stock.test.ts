/**
 * Stock (docs/api.md, Stock; decision 077): a counted weight is never sold beyond it. A checkout takes its packs when
 * it is made (409 naming the product when there are not enough), a paid order keeps them, and a cancelled, expired
 * or abandoned checkout gives them back, once. The last units raced for by 50 checkouts at once make exactly that many orders.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set; the Stripe half against the Stripe stand-in.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_HOLD_MS } from '#shared/constants';
import type { Product } from '#shared/schemas/product';
import { catalog } from '#server/db/seed/catalog';
import { bearer, insertCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { checkoutCalls, guestAddress, orderPayload, payOnTestPage } from '#tests/checkout';
import { queryRows } from '#tests/db';
import { STAND_IN_WEBHOOK_SECRET } from '#tests/stripe-stand-in';
import { buildStripeTestApp, type StripeTestApp } from '#tests/stripe-test-app';

// Each test its own product's weight, so their stock counts never meet.
const PACK = { label: '250g' };

/** The product's 250g price in pounds, as the seed sets it. */
function packPrice(productId: string): number {
  const pence = catalog
    .find((product) => product.id === productId)
    ?.weights.find(({ label }) => label === PACK.label)?.pricePence;
  if (pence === undefined) throw new Error(`no seeded ${PACK.label} of ${productId}`);
  return pence / 100;
}

async function setStock(testApp: TestApp, productId: string, stock: number | null) {
  await testApp.app.db.execute(
    sql`update product_weights set stock = ${stock} where product_id = ${productId} and label = ${PACK.label}`,
  );
  await testApp.app.catalog.refresh();
}

async function stockOf(testApp: TestApp, productId: string): Promise<number | null> {
  const [row] = await queryRows<{ stock: number | null }>(
    testApp,
    sql`select stock from product_weights where product_id = ${productId} and label = ${PACK.label}`,
  );
  return row?.stock ?? null;
}

/** One pack (or `qty`) of the product's 250g, as the shipping page sends it. */
function oneLine(productId: string, qty = 1) {
  const address = guestAddress();
  return {
    address,
    payload: {
      orderItems: [{ _id: productId, qty, selectedWeight: PACK.label, price: packPrice(productId) }],
      shippingAddress: address,
      totalPrice: Math.round(packPrice(productId) * 100 * qty) / 100,
    },
  };
}

describe('with the test payment page', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('sells the last 3 packs to exactly 3 of 50 shoppers checking out at once; the others are told', async () => {
    const productId = 'walnut-halves';
    await setStock(testApp, productId, 3);
    const attempts = Array.from({ length: 50 }, () => oneLine(productId));
    const responses = await Promise.all(attempts.map(({ payload }) => checkoutCalls(testApp).createSession(payload)));
    const started = responses.flatMap((response, index) =>
      response.statusCode === 200 ? [{ sessionId: response.json().id as string, ...attempts[index]! }] : [],
    );
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(started).toHaveLength(3);
    expect(refused).toHaveLength(47);
    // Sold out: the shop says so at once, without the owner doing anything.
    const shop = (await testApp.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json() as Product;
    expect(shop.weights.find((weight) => weight.label === PACK.label)?.inStock).toBe(false);
    expect(refused[0]!.json().message).toBe(
      'Sorry, Walnut Halves (250g) is out of stock. Please remove it from your cart.',
    );
    expect(await stockOf(testApp, productId)).toBe(0);

    for (const { sessionId, payload, address } of started) {
      await payOnTestPage(testApp, sessionId);
      const placed = await checkoutCalls(testApp).placeGuestOrder({
        ...orderPayload(sessionId, payload),
        guestEmail: address.email,
      });
      expect(placed.statusCode).toBeLessThan(300);
    }
    const [orders] = await queryRows<{ count: number }>(
      testApp,
      sql`select count(*)::int as count from order_lines where product_id = ${productId}`,
    );
    expect(orders?.count).toBe(3);
    expect(await stockOf(testApp, productId)).toBe(0);
    // A paid order keeps its packs: the sweep, however late, gives nothing back.
    await testApp.app.checkout.releaseAbandoned(new Date(Date.now() + 2 * CHECKOUT_HOLD_MS));
    expect(await stockOf(testApp, productId)).toBe(0);
  });

  it('says how many are left when a shopper asks for more', async () => {
    await setStock(testApp, 'pecan-halves', 2);
    const inStock = async () =>
      ((await testApp.app.inject({ method: 'GET', url: '/api/products/pecan-halves' })).json() as Product).weights[0]
        ?.inStock;
    const response = await checkoutCalls(testApp).createSession(oneLine('pecan-halves', 3).payload);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'Sorry, only 2 of Pecan Halves (250g) are left. Please change the quantity in your cart.',
      errors: [{ field: 'orderItems.0.qty' }],
    });
    expect(await stockOf(testApp, 'pecan-halves')).toBe(2);
    // Both taken, then given back on Cancel: out of stock in the shop meanwhile, back after.
    const session = (await checkoutCalls(testApp).createSession(oneLine('pecan-halves', 2).payload)).json();
    expect(await inStock()).toBe(false);
    await testApp.app.inject({ method: 'POST', url: `/pay/${session.id}/cancel` });
    expect(await inStock()).toBe(true);
  });

  it('gives the packs back when the shopper cancels on the payment page, which then takes no payment', async () => {
    const productId = 'brazil-nuts';
    await setStock(testApp, productId, 5);
    const { payload } = oneLine(productId, 2);
    const session = (await checkoutCalls(testApp).createSession(payload)).json();
    expect(await stockOf(testApp, productId)).toBe(3);
    // The owner sees what is left and what unpaid checkouts hold.
    const admin = await insertCustomer(testApp, { role: 'admin' });
    const ownersWeight = async () =>
      (await testApp.app.inject({ method: 'GET', url: '/api/admin/products', headers: bearer(admin.token) }))
        .json()
        .items.find((item: { _id: string }) => item._id === productId).weights[0];
    expect(await ownersWeight()).toMatchObject({ label: PACK.label, stock: 3, reserved: 2 });

    const cancelled = await testApp.app.inject({ method: 'POST', url: `/pay/${session.id}/cancel` });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('/cancel');
    expect(await stockOf(testApp, productId)).toBe(5);
    expect(await ownersWeight()).toMatchObject({ stock: 5, reserved: 0 });
    // Cancelled twice (a second tab): given back once.
    await testApp.app.inject({ method: 'POST', url: `/pay/${session.id}/cancel` });
    expect(await stockOf(testApp, productId)).toBe(5);

    const paid = await payOnTestPage(testApp, session.id);
    expect(paid.statusCode).toBe(409);
    expect(paid.body).toContain('This payment was cancelled or has expired.');
    expect((await checkoutCalls(testApp).verify(session.id)).statusCode).toBe(409);
  });

  it('gives back the packs of a checkout left unpaid past its hold, once, and keeps a newer one’s', async () => {
    const productId = 'roasted-hazelnuts';
    await setStock(testApp, productId, 4);
    const old = (await checkoutCalls(testApp).createSession(oneLine(productId).payload)).json();
    const recent = (await checkoutCalls(testApp).createSession(oneLine(productId).payload)).json();
    expect(await stockOf(testApp, productId)).toBe(2);
    await testApp.app.db.execute(
      sql`update checkouts set created_at = now() - interval '31 minutes' where session_id = ${old.id}`,
    );

    expect(await testApp.app.checkout.releaseAbandoned()).toBeGreaterThanOrEqual(1);
    expect(await stockOf(testApp, productId)).toBe(3);
    await testApp.app.checkout.releaseAbandoned();
    expect(await stockOf(testApp, productId)).toBe(3);
    expect(recent.id).toBeDefined();
  });

  it('refuses to put a weight with no stock left in a cart, and says so', async () => {
    await setStock(testApp, 'chia-seeds', 0);
    const customer = await insertCustomer(testApp);
    const added = await testApp.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: bearer(customer.token),
      payload: { _id: 'chia-seeds', qty: 1, selectedWeight: PACK.label },
    });
    expect(added.statusCode).toBe(409);
    expect(added.json().message).toBe('Sorry, Chia Seeds (250g) is out of stock.');
    const products = (await testApp.app.inject({ method: 'GET', url: '/api/products' })).json() as Product[];
    const chia = products.find((product) => product._id === 'chia-seeds');
    expect(chia?.weights.map((weight) => weight.inStock)).toEqual([false, true, true]);
  });
});

describe('with Stripe', () => {
  let testApp: StripeTestApp;
  beforeAll(async () => {
    testApp = await buildStripeTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('asks Stripe to end the session a minute after the hold, and takes the packs back when it expires', async () => {
    const productId = 'golden-linseed';
    await setStock(testApp, productId, 1);
    const before = Math.floor(Date.now() / 1000);
    const response = await checkoutCalls(testApp).createSession(oneLine(productId).payload);
    expect(response.statusCode).toBe(200);
    const made = testApp.standIn.sessions.find((each) => each.session.id === response.json().id)!;
    expect(made.session.expires_at - before).toBeGreaterThanOrEqual(CHECKOUT_HOLD_MS / 1000 + 60);
    expect(made.session.expires_at - before).toBeLessThan(CHECKOUT_HOLD_MS / 1000 + 120);
    expect(await stockOf(testApp, productId)).toBe(0);

    const { payload, signature } = testApp.standIn.signedEvent(made.session.id, {
      type: 'checkout.session.expired',
      secret: STAND_IN_WEBHOOK_SECRET,
    });
    const delivered = await testApp.app.inject({
      method: 'POST',
      url: '/api/orders/stripe-webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload,
    });
    expect(delivered.statusCode).toBe(200);
    expect(await stockOf(testApp, productId)).toBe(1);
  });

  it('keeps an order paid after its checkout gave the packs back, taking back what is left', async () => {
    const productId = 'hulled-hemp-seeds';
    await setStock(testApp, productId, 1);
    const { payload, address } = oneLine(productId);
    const sessionId = (await checkoutCalls(testApp).createSession(payload)).json().id as string;
    await testApp.app.db.execute(
      sql`update checkouts set created_at = now() - interval '31 minutes' where session_id = ${sessionId}`,
    );
    await testApp.app.checkout.releaseAbandoned();
    expect(await stockOf(testApp, productId)).toBe(1);

    testApp.standIn.pay(sessionId);
    const placed = await checkoutCalls(testApp).placeGuestOrder({
      ...orderPayload(sessionId, payload),
      guestEmail: address.email,
    });
    expect(placed.statusCode).toBe(201);
    expect(await stockOf(testApp, productId)).toBe(0);
  });
});
