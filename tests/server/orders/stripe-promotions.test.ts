/**
 * A discounted basket with a delivery surcharge paid through Stripe (the real SDK against the stand-in): the session's
 * line items after their discount share and its shipping option add up to the quote's total (decision 096); Stripe's
 * expiry gives the code's use back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionMessages } from '#shared/schemas/promotion';
import { QuoteSchema } from '#shared/schemas/quote';
import { cartPayload, checkoutCalls, guestAddress } from '#tests/checkout';
import { insertPromotion, setDelivery } from '#tests/promotions';
import { STAND_IN_WEBHOOK_SECRET } from '#tests/stripe-stand-in';
import { buildStripeTestApp, type StripeTestApp } from '#tests/stripe-test-app';

let testApp: StripeTestApp;
beforeAll(async () => {
  testApp = await buildStripeTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('a Stripe session for a discounted basket with delivery', () => {
  it('charges the quote’s total: items after their discount, delivery as a fixed-amount shipping option', async () => {
    await setDelivery(testApp, {
      standardPence: 395,
      freeOverPence: 5000,
      zones: [{ name: 'Highlands and Islands', postcodes: ['IV'], surchargePence: 500 }],
    });
    const promotion = await insertPromotion(testApp, { prefix: 'STRIPE', value: 15 });
    const address = guestAddress({ postalCode: 'IV1 1AA' });
    const { orderItems } = cartPayload(address);
    const quote = QuoteSchema.parse(
      (
        await testApp.app.inject({
          method: 'POST',
          url: '/api/cart/quote',
          payload: { orderItems, postcode: address.postalCode, promoCode: promotion.code },
        })
      ).json(),
    );
    expect(quote.total).toBe(26.26);

    const started = await checkoutCalls(testApp).createSession({
      ...cartPayload(address),
      promoCode: promotion.code,
      totalPrice: quote.total,
    });
    expect(started.statusCode).toBe(200);
    const made = testApp.standIn.sessions.find((each) => each.session.id === started.json().id);
    expect(made?.session.amount_total).toBe(Math.round(quote.total * 100));
    expect(made?.session.shipping_cost).toEqual({ amount_total: 895 });
    // £16.18 of cashews less their £2.43 share is £13.75, which 2 packs cannot split: one item of the pair.
    expect(made?.lineItems.map(({ name, quantity, unitAmount }) => ({ name, quantity, unitAmount }))).toEqual([
      { name: '2 × Roasted Cashew Nuts (500g)', quantity: 1, unitAmount: 1375 },
      { name: 'Medjool Dates (250g)', quantity: 1, unitAmount: 356 },
    ]);
    expect(made?.form['shipping_options[0][shipping_rate_data][display_name]']).toBe('Delivery');
  });

  it('gives the code’s use back when Stripe says the session expired', async () => {
    await setDelivery(testApp, { standardPence: 0, freeOverPence: null, zones: [] });
    const promotion = await insertPromotion(testApp, { prefix: 'EXPIRE', maxUses: 1 });
    // 10% off £20.37: £18.33, delivery free.
    const body = () => ({ ...cartPayload(), promoCode: promotion.code, totalPrice: 18.33 });
    const first = await checkoutCalls(testApp).createSession(body());
    expect(first.statusCode).toBe(200);
    expect((await checkoutCalls(testApp).createSession(body())).json().message).toBe(promotionMessages.usedUp);

    const expired = testApp.standIn.signedEvent(first.json().id, {
      type: 'checkout.session.expired',
      secret: STAND_IN_WEBHOOK_SECRET,
    });
    const delivered = await testApp.app.inject({
      method: 'POST',
      url: '/api/orders/stripe-webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': expired.signature },
      payload: expired.payload,
    });
    expect(delivered.statusCode).toBe(200);
    expect((await checkoutCalls(testApp).createSession(body())).statusCode).toBe(200);
  });

  it('sends no shipping option when delivery is free', async () => {
    await setDelivery(testApp, { standardPence: 0, freeOverPence: null, zones: [] });
    const started = await checkoutCalls(testApp).createSession(cartPayload());
    expect(started.statusCode).toBe(200);
    const made = testApp.standIn.sessions.find((each) => each.session.id === started.json().id);
    expect(made?.session.amount_total).toBe(2037);
    expect(made?.session.shipping_cost).toBeNull();
    expect(Object.keys(made?.form ?? {}).some((name) => name.startsWith('shipping_options'))).toBe(false);
  });
});
