import { describe, expect, it } from 'vitest';
import { priceCartLine } from '#shared/cart-rules';
import type { Quote } from '#shared/schemas/quote';
import { testProduct } from '#tests/fixtures/product';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { quoteFigures, quoteItems, quoteRefusal, withoutRefused } from './get-quote.ts';

const cashews = testProduct('cashews', [
  ['250g', 4.19],
  ['500g', 8.09],
]);

describe('the quote’s request', () => {
  it('holds only the lines that can be bought, with the price of one pack shown', () => {
    const lines = [
      priceCartLine({ _id: 'cashews', qty: 2, selectedWeight: '500g' }, cashews),
      priceCartLine({ _id: 'almonds', qty: 1, selectedWeight: '250g' }, undefined, 'Gone Almonds'),
    ];
    expect(quoteItems(lines)).toEqual([{ _id: 'cashews', qty: 2, selectedWeight: '500g', price: 8.09 }]);
  });

  it('is asked again without what the server refused, and not at all when nothing is left to leave out', () => {
    const orderItems = quoteItems([priceCartLine({ _id: 'cashews', qty: 1, selectedWeight: '250g' }, cashews)]);
    expect(withoutRefused({ orderItems, postcode: 'ZE1 0AA', promoCode: 'NOPE' }, 'promoCode')).toEqual({
      orderItems,
      postcode: 'ZE1 0AA',
    });
    expect(withoutRefused({ orderItems, postcode: 'ZE1 0AA' }, 'postcode')).toEqual({ orderItems });
    expect(withoutRefused({ orderItems }, 'promoCode')).toBeUndefined();
  });
});

describe('a refusal', () => {
  it('is a 400 naming the code or the postcode, with the server’s message', () => {
    const refused = new ApiRequestError(400, 'This code is not valid.', [
      { field: 'promoCode', message: 'This code is not valid.' },
    ]);
    expect(quoteRefusal(refused)).toEqual({ field: 'promoCode', message: 'This code is not valid.' });
    const area = new ApiRequestError(400, 'Sorry, we do not deliver to Shetland.', [
      { field: 'postcode', message: 'Sorry, we do not deliver to Shetland.' },
    ]);
    expect(quoteRefusal(area)).toEqual({ field: 'postcode', message: 'Sorry, we do not deliver to Shetland.' });
  });

  it('is nothing else: another field, a fault, no answer', () => {
    expect(quoteRefusal(new ApiRequestError(400, 'Bad', [{ field: 'orderItems', message: 'Bad' }]))).toBeUndefined();
    expect(quoteRefusal(new ApiRequestError(500, 'Oops'))).toBeUndefined();
    expect(quoteRefusal(new ApiRequestError(0, 'Offline'))).toBeUndefined();
    expect(quoteRefusal(null)).toBeUndefined();
  });
});

describe('the summary’s figures', () => {
  const quote: Quote = {
    subtotal: 20.37,
    discount: 2.04,
    delivery: 2.95,
    total: 21.28,
    vat: [{ rate: 20, amount: 1.2 }],
    promo: { code: 'WINTER10', description: '10% off' },
  };

  it('are the quote’s, with the code as the promotion spells it', () => {
    expect(quoteFigures({ quote, request: { orderItems: [], promoCode: 'winter10' } })).toEqual({
      subtotal: 20.37,
      discount: 2.04,
      delivery: 2.95,
      total: 21.28,
      promoCode: 'WINTER10',
    });
  });

  it('are none while there is no quote', () => {
    expect(quoteFigures({ quote: undefined, request: undefined })).toBeUndefined();
  });
});
