/**
 * The quote and the checkout with delivery charges and promotion codes (docs/api.md, Delivery and promotions;
 * decision 096): one price for the cart page, the payment, the order, My Orders and the mail; every refusal of a
 * code or a postcode under its field; uses held like stock, never more than `maxUses` however many pay at once, once
 * per e-mail address when so set, and given back when the checkout gives its stock back. Runs on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set (where the concurrent checkouts are a real race).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliveryMessages } from '#shared/schemas/delivery';
import { checkoutMessages, OrderSchema, VerifyPaymentAnswerSchema } from '#shared/schemas/order';
import { promotionMessages } from '#shared/schemas/promotion';
import { QuoteSchema } from '#shared/schemas/quote';
import { insertCustomer, uniqueEmail } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { cartPayload, checkoutCalls, guestAddress, orderPayload, payOnTestPage } from '#tests/checkout';
import { queryRows } from '#tests/db';
import { insertPromotion, setDelivery } from '#tests/promotions';
import { SmtpSink } from '#tests/smtp-sink';

let testApp: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await SmtpSink.start();
  testApp = await buildTestApp({ smtpUrl: sink.url });
});
afterAll(async () => {
  await testApp?.close();
  await sink?.stop();
});

/** £3.95 standard, free from £50 of goods, £5 more to the Highlands and Islands, nothing to Shetland. */
beforeEach(async () => {
  await setDelivery(testApp, {
    standardPence: 395,
    freeOverPence: 5000,
    zones: [
      { name: 'Highlands and Islands', postcodes: ['IV', 'HS'], surchargePence: 500 },
      { name: 'Shetland', postcodes: ['ZE'], surchargePence: null },
    ],
  });
});

/** A 400 as the API answers it: the message, and the same message under its field. */
const refused = (message: string, field: string) => ({ message, errors: [{ field, message }] });

const HIGHLANDS = 'iv1 1aa';
const SHETLAND = 'ZE1 0AA';

const quote = (payload: object, token?: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/cart/quote',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload,
  });

/** `cartPayload`'s lines (2 × £8.09 at 20%, 1 × £4.19 at 0%) to an address with this postcode, naming a code. */
function checkoutBody(options: { postcode?: string; promoCode?: string; email?: string; total: number }) {
  const address = guestAddress({
    postalCode: options.postcode ?? 'SW1Y 4JH',
    ...(options.email ? { email: options.email } : {}),
  });
  return {
    ...cartPayload(address),
    totalPrice: options.total,
    ...(options.promoCode ? { promoCode: options.promoCode } : {}),
  };
}

/**
 * 15% off £20.37 is £3.06 (£2.43 of the cashews, £0.63 of the dates, largest remainder first); the goods come to
 * £17.31, under £50, so £3.95 standard and £5 to the Highlands: £26.26. Delivery's VAT follows the goods: £7.11 of the
 * £8.95 with the 20% cashews (£13.75 + £7.11 = £20.86, VAT £3.48), £1.84 with the dates at 0%.
 */
const expectedQuote = {
  subtotal: 20.37,
  discount: 3.06,
  delivery: 8.95,
  total: 26.26,
  vat: [
    { rate: 20, amount: 3.48 },
    { rate: 0, amount: 0 },
  ],
  freeDeliveryFrom: 50,
  moreForFreeDelivery: 32.69,
};

async function checkoutRow(sessionId: string) {
  const [row] = await queryRows<{
    id: string;
    amount_pence: number;
    subtotal_pence: number;
    discount_pence: number;
    delivery_pence: number;
    promotion_id: string | null;
    promo_code: string | null;
    lines: { discountPence: number }[];
  }>(testApp, sql`select * from checkouts where session_id = ${sessionId}`);
  if (!row) throw new Error(`no checkout for ${sessionId}`);
  return row;
}

describe('POST /api/cart/quote and create-stripe-session', () => {
  it('price a mixed-rate basket with a percent code and a surcharge the same, through to the order, My Orders, verify, the owner’s detail and the mail', async () => {
    const promotion = await insertPromotion(testApp, { prefix: 'TASTE', value: 15 });
    const customer = await insertCustomer(testApp, { name: 'Quinn Quote' });
    const body = checkoutBody({ postcode: HIGHLANDS, promoCode: promotion.code.toLowerCase(), total: 0 });

    const quoted = await quote({ orderItems: body.orderItems, postcode: HIGHLANDS, promoCode: body.promoCode });
    expect(quoted.statusCode).toBe(200);
    expect(QuoteSchema.parse(quoted.json())).toEqual({
      ...expectedQuote,
      promo: { code: promotion.code, description: `${promotion.code} for a test` },
    });

    const address = guestAddress({ email: customer.email, postalCode: HIGHLANDS });
    const payload = { ...body, shippingAddress: address, totalPrice: expectedQuote.total };
    const calls = checkoutCalls(testApp, customer.token);
    const started = await calls.createSession(payload);
    expect(started.statusCode).toBe(200);
    const sessionId = started.json().id as string;
    expect(await checkoutRow(sessionId)).toMatchObject({
      amount_pence: 2626,
      subtotal_pence: 2037,
      discount_pence: 306,
      delivery_pence: 895,
      promotion_id: promotion.id,
      promo_code: promotion.code,
      lines: [expect.objectContaining({ discountPence: 243 }), expect.objectContaining({ discountPence: 63 })],
    });

    const page = await testApp.app.inject({ method: 'GET', url: `/pay/${sessionId}` });
    expect(page.body).toContain('Subtotal');
    expect(page.body).toContain('£20.37');
    expect(page.body).toContain(`Discount (${promotion.code})`);
    expect(page.body).toContain('−£3.06');
    expect(page.body).toContain('£8.95');
    expect(page.body).toContain('Pay £26.26');

    await payOnTestPage(testApp, sessionId);
    // The test page placed the order; the order call answers it.
    const placed = await calls.placeOrder(orderPayload(sessionId, payload));
    expect(placed.statusCode).toBe(200);
    const figures = {
      subtotal: 20.37,
      discount: 3.06,
      delivery: 8.95,
      promoCode: promotion.code,
      totalPrice: 26.26,
      vat: [
        { rate: 20, total: 20.86, vat: 3.48 },
        { rate: 0, total: 5.4, vat: 0 },
      ],
    };
    const order = OrderSchema.parse(placed.json());
    expect(order).toMatchObject(figures);
    expect(order.orderItems.map((item) => item.discount)).toEqual([2.43, 0.63]);

    const verified = VerifyPaymentAnswerSchema.parse((await calls.verify(sessionId)).json());
    expect(verified.totalPrice).toBe(26.26);
    expect(verified.order).toMatchObject(figures);

    const mine = (await calls.myOrders()).json() as unknown[];
    expect(mine.map((each) => OrderSchema.parse(each)).find((each) => each._id === order._id)).toMatchObject(figures);

    const admin = await insertCustomer(testApp, { name: 'Olive Owner', role: 'admin' });
    const detail = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order._id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(detail.json()).toMatchObject(figures);

    const mail = await sink.nextMailTo(customer.email);
    expect(mail.text).toContain('Subtotal: £20.37');
    expect(mail.text).toContain(`Discount (${promotion.code}): −£3.06`);
    expect(mail.text).toContain('Delivery: £8.95');
    expect(mail.text).toContain('Total paid: £26.26');
    expect(mail.text).toContain('VAT at 20% included: £3.48 (on £20.86)');
    expect(mail.text).toContain('VAT at 0% included: £0.00 (on £5.40)');
  });

  it('answers free delivery as Free in the mail, and no promo without a code', async () => {
    await setDelivery(testApp, { standardPence: 0, freeOverPence: null, zones: [] });
    const quoted = await quote({ orderItems: cartPayload().orderItems });
    expect(quoted.json()).toEqual({
      subtotal: 20.37,
      discount: 0,
      delivery: 0,
      total: 20.37,
      vat: [
        { rate: 20, amount: 2.7 },
        { rate: 0, amount: 0 },
      ],
    });
    const body = checkoutBody({ total: 20.37 });
    const started = await checkoutCalls(testApp).createSession(body);
    expect(started.statusCode).toBe(200);
    await payOnTestPage(testApp, started.json().id);
    const mail = await sink.nextMailTo(body.shippingAddress.email);
    expect(mail.text).toContain('Delivery: Free');
    expect(mail.text).not.toContain('Discount');
  });

  it('answers 409 for a total that is not the quote’s, holding neither stock nor the code', async () => {
    const promotion = await insertPromotion(testApp, { prefix: 'TAMPER', value: 15, maxUses: 1 });
    const tampered = await checkoutCalls(testApp).createSession(
      checkoutBody({ postcode: HIGHLANDS, promoCode: promotion.code, total: 26.25 }),
    );
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json()).toEqual({ message: checkoutMessages.reviewCart });
    // Without the surcharge or the discount: still not the total for this address and code.
    const withoutDelivery = await checkoutCalls(testApp).createSession(
      checkoutBody({ postcode: HIGHLANDS, promoCode: promotion.code, total: 17.31 }),
    );
    expect(withoutDelivery.statusCode).toBe(409);
    const honest = await checkoutCalls(testApp).createSession(
      checkoutBody({ postcode: HIGHLANDS, promoCode: promotion.code, total: 26.26 }),
    );
    expect(honest.statusCode).toBe(200);
  });

  it('refuses a postcode the shop does not deliver to, under the field postcode, in the quote and the checkout', async () => {
    const quoted = await quote({ orderItems: cartPayload().orderItems, postcode: SHETLAND });
    expect(quoted.statusCode).toBe(400);
    expect(quoted.json()).toEqual(refused(deliveryMessages.notDelivered('Shetland'), 'postcode'));
    const started = await checkoutCalls(testApp).createSession(checkoutBody({ postcode: SHETLAND, total: 24.32 }));
    expect(started.statusCode).toBe(400);
    expect(started.json()).toEqual(refused(deliveryMessages.notDelivered('Shetland'), 'postcode'));
  });

  it('names each reason a code is refused, under the field promoCode', async () => {
    const day = 24 * 60 * 60_000;
    const cases: [Parameters<typeof insertPromotion>[1], string][] = [
      [{ active: false }, promotionMessages.unknown],
      [{ startsAt: new Date(Date.now() + day) }, promotionMessages.notYet],
      [{ endsAt: new Date(Date.now() - day) }, promotionMessages.expired],
      [{ minSpendPence: 3000 }, promotionMessages.minSpendNeeded('£30.00')],
    ];
    const refusal = async (promoCode: string) => {
      const answer = await quote({ orderItems: cartPayload().orderItems, promoCode });
      expect(answer.statusCode).toBe(400);
      return answer.json();
    };
    expect(await refusal('NO-SUCH-CODE')).toEqual(refused(promotionMessages.unknown, 'promoCode'));
    for (const [values, message] of cases) {
      const promotion = await insertPromotion(testApp, values);
      expect(await refusal(promotion.code)).toEqual(refused(message, 'promoCode'));
      const started = await checkoutCalls(testApp).createSession(
        checkoutBody({ promoCode: promotion.code, total: 22.5 }),
      );
      expect(started.json()).toEqual(refused(message, 'promoCode'));
    }

    const once = await insertPromotion(testApp, { maxUses: 1 });
    const first = await checkoutCalls(testApp).createSession(checkoutBody({ promoCode: once.code, total: 22.28 }));
    expect(first.statusCode).toBe(200);
    expect(await refusal(once.code)).toEqual(refused(promotionMessages.usedUp, 'promoCode'));

    const perCustomer = await insertPromotion(testApp, { oncePerCustomer: true });
    const customer = await insertCustomer(testApp, { name: 'Olga Once' });
    const body = {
      ...checkoutBody({ promoCode: perCustomer.code, total: 22.28 }),
      shippingAddress: guestAddress({ email: customer.email }),
    };
    expect((await checkoutCalls(testApp, customer.token).createSession(body)).statusCode).toBe(200);
    const again = await quote({ orderItems: body.orderItems, promoCode: perCustomer.code }, customer.token);
    expect(again.json()).toEqual(refused(promotionMessages.usedAlready, 'promoCode'));
    // A guest quote cannot know whose the cart is: the checkout counts by the address it is given.
    expect((await quote({ orderItems: body.orderItems, promoCode: perCustomer.code })).statusCode).toBe(200);
  });
});

describe('a promotion’s uses', () => {
  it('are never more than maxUses: 50 checkouts at once for a code of 10 uses make 10 sessions and 40 refusals', async () => {
    const promotion = await insertPromotion(testApp, { prefix: 'RACE', maxUses: 10 });
    // 10% off £20.37 is £2.04; £3.95 standard: £22.28.
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        checkoutCalls(testApp).createSession(checkoutBody({ promoCode: promotion.code, total: 22.28 })),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    const refusals = answers.filter((answer) => answer.statusCode !== 200);
    expect(refusals).toHaveLength(40);
    for (const answer of refusals) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual(refused(promotionMessages.usedUp, 'promoCode'));
    }
    const [held] = await queryRows<{ count: number }>(
      testApp,
      sql`select count(*)::int as count from checkouts where promotion_id = ${promotion.id}`,
    );
    expect(held?.count).toBe(10);
  });

  it('are once per e-mail address when so set, for guests too, whatever its case, even at once', async () => {
    const promotion = await insertPromotion(testApp, { prefix: 'ONCE', oncePerCustomer: true });
    const email = uniqueEmail('once');
    const first = await checkoutCalls(testApp).createSession(
      checkoutBody({ promoCode: promotion.code, email, total: 22.28 }),
    );
    expect(first.statusCode).toBe(200);
    const second = await checkoutCalls(testApp).createSession(
      checkoutBody({ promoCode: promotion.code, email: email.toUpperCase(), total: 22.28 }),
    );
    expect(second.json()).toEqual(refused(promotionMessages.usedAlready, 'promoCode'));

    const other = uniqueEmail('at-once');
    const answers = await Promise.all(
      [other, other.toUpperCase(), other, other.toUpperCase(), other].map((each) =>
        checkoutCalls(testApp).createSession(checkoutBody({ promoCode: promotion.code, email: each, total: 22.28 })),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((each) => each.statusCode !== 200))
      expect(answer.json()).toEqual(refused(promotionMessages.usedAlready, 'promoCode'));
  });

  it('are given back when the checkout gives its stock back: the cancel page, the sweep of abandoned checkouts', async () => {
    const promotion = await insertPromotion(testApp, { prefix: 'BACK', maxUses: 1 });
    const body = () => checkoutBody({ promoCode: promotion.code, total: 22.28 });
    const usedUp = refused(promotionMessages.usedUp, 'promoCode');

    const first = await checkoutCalls(testApp).createSession(body());
    expect(first.statusCode).toBe(200);
    expect((await checkoutCalls(testApp).createSession(body())).json()).toEqual(usedUp);
    // The shopper gives up on the test payment page.
    const cancelled = await testApp.app.inject({ method: 'POST', url: `/pay/${first.json().id}/cancel` });
    expect(cancelled.statusCode).toBe(303);

    const second = await checkoutCalls(testApp).createSession(body());
    expect(second.statusCode).toBe(200);
    expect((await checkoutCalls(testApp).createSession(body())).json()).toEqual(usedUp);
    // Left unpaid past its hold: the sweep gives the stock and the use back.
    await testApp.app.checkout.releaseAbandoned(new Date(Date.now() + 24 * 60 * 60_000));

    const third = await checkoutCalls(testApp).createSession(body());
    expect(third.statusCode).toBe(200);
    // Paid, it keeps its use for good.
    await payOnTestPage(testApp, third.json().id);
    await testApp.app.checkout.releaseAbandoned(new Date(Date.now() + 24 * 60 * 60_000));
    expect((await checkoutCalls(testApp).createSession(body())).json()).toEqual(usedUp);
  });
});
