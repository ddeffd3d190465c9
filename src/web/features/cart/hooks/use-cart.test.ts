import { describe, expect, it } from 'vitest';
import { priceCartLine } from '#shared/cart-rules';
import { applyChangeToPricedLines } from './use-cart.ts';
import { testProduct as product } from '#tests/fixtures/product';

const cashews = product('cashews', [
  ['250g', 4.19],
  ['500g', 8.09],
]);
const almonds = product('almonds', [['250g', 3.59]]);

describe('the customer cart shown before the server answers', () => {
  const cart = [priceCartLine({ _id: 'cashews', qty: 2, selectedWeight: '250g' }, cashews)];

  it('adds a new line priced from the product being added, and one more of a product already there', () => {
    const added = applyChangeToPricedLines(cart, { type: 'add', product: almonds, qty: 3, selectedWeight: '250g' });
    expect(added.map(({ _id, qty, price }) => ({ _id, qty, price }))).toEqual([
      { _id: 'cashews', qty: 2, price: 4.19 },
      { _id: 'almonds', qty: 3, price: 3.59 },
    ]);
    expect(
      applyChangeToPricedLines(cart, { type: 'add', product: cashews, qty: 5, selectedWeight: '500g' })[0],
    ).toMatchObject({
      qty: 3,
      selectedWeight: '250g',
    });
  });

  it('changes the weight and with it the price, removes, and clears', () => {
    expect(
      applyChangeToPricedLines(cart, { type: 'weight', productId: 'cashews', selectedWeight: '500g' })[0],
    ).toMatchObject({
      selectedWeight: '500g',
      price: 8.09,
      available: true,
    });
    expect(applyChangeToPricedLines(cart, { type: 'remove', productId: 'cashews', qtyToRemove: 1 })[0]?.qty).toBe(1);
    expect(applyChangeToPricedLines(cart, { type: 'remove', productId: 'cashews', qtyToRemove: 2 })).toEqual([]);
    expect(applyChangeToPricedLines(cart, { type: 'clear' })).toEqual([]);
  });

  it('keeps a line whose product has gone unavailable, with its last name', () => {
    const gone = {
      _id: 'walnuts',
      name: 'Walnuts',
      qty: 1,
      price: 0,
      selectedWeight: '250g',
      product: null,
      available: false,
    };
    const next = applyChangeToPricedLines([gone], { type: 'add', product: almonds, qty: 1, selectedWeight: '250g' });
    expect(next[0]).toEqual(gone);
  });
});
