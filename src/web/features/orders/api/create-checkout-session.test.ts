import { describe, expect, it } from 'vitest';
import { priceCartLine } from '#shared/cart-rules';
import { testProduct } from '#tests/fixtures/product';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { checkoutBody, isPriceChange } from './create-checkout-session.ts';
import { shippingAddress } from '#tests/fixtures/shipping-address';

const cashews = testProduct('cashews', [
  ['250g', 4.19],
  ['500g', 8.09],
]);
const almonds = testProduct('almonds', [['250g', 3.59]]);
const address = shippingAddress();

describe('the checkout body', () => {
  it('sends the buyable lines with the prices shown, and the quote’s total and code', () => {
    const lines = [
      priceCartLine({ _id: 'cashews', qty: 3, selectedWeight: '500g' }, cashews),
      priceCartLine({ _id: 'almonds', qty: 1, selectedWeight: '250g' }, almonds),
    ];
    // 3 × £8.09 + £3.59 = £27.86, less 10% (£2.79), plus £2.95 delivery: the server's figure, sent as it is.
    expect(checkoutBody(lines, address, { totalPrice: 28.02, promoCode: 'WINTER10' })).toEqual({
      orderItems: [
        { _id: 'cashews', qty: 3, selectedWeight: '500g', price: 8.09 },
        { _id: 'almonds', qty: 1, selectedWeight: '250g', price: 3.59 },
      ],
      shippingAddress: address,
      totalPrice: 28.02,
      promoCode: 'WINTER10',
    });
  });

  it('sends no code when none applies', () => {
    const lines = [priceCartLine({ _id: 'almonds', qty: 1, selectedWeight: '250g' }, almonds)];
    expect(checkoutBody(lines, address, { totalPrice: 3.59, promoCode: undefined })).not.toHaveProperty('promoCode');
  });

  it('leaves out lines that cannot be bought, and their amounts', () => {
    const lines = [
      priceCartLine({ _id: 'cashews', qty: 1, selectedWeight: '250g' }, cashews),
      priceCartLine({ _id: 'almonds', qty: 2, selectedWeight: '3kg' }, almonds),
      priceCartLine({ _id: 'gone', qty: 1, selectedWeight: '250g' }, undefined, 'Gone Nuts'),
    ];
    const body = checkoutBody(lines, address, { totalPrice: 4.19 });
    expect(body.orderItems.map((item) => item._id)).toEqual(['cashews']);
  });
});

describe('a price change', () => {
  it('is the server’s 409, nothing else', () => {
    expect(isPriceChange(new ApiRequestError(409, 'Prices in your cart have changed.'))).toBe(true);
    expect(isPriceChange(new ApiRequestError(400, 'Bad'))).toBe(false);
    expect(isPriceChange(new Error('409'))).toBe(false);
  });
});
