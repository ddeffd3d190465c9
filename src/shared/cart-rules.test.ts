import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartTotals,
  changeWeight,
  clearCart,
  findWeight,
  isInCart,
  mergeCarts,
  normaliseCart,
  priceCartLine,
  priceCartLines,
  removeFromCart,
} from './cart-rules.ts';
import type { StoredCartLine } from './schemas/cart.ts';
import { testProduct as product } from '#tests/fixtures/product';

const cashews = product('cashews', [
  ['250g', 4.19, 6.99],
  ['500g', 8.09, 13.49],
  ['1000g', 15.29, 25.49],
]);
const almonds = product('almonds', [
  ['250g', 3.59, null],
  ['500g', 6.99],
]);
const catalog = new Map([cashews, almonds].map((entry) => [entry._id, entry]));

const line = (_id: string, qty: number, selectedWeight = '250g'): StoredCartLine => ({ _id, qty, selectedWeight });

describe('addToCart', () => {
  it('puts a new line at the end with the chosen quantity and weight', () => {
    expect(addToCart([line('almonds', 1)], line('cashews', 3, '500g'))).toEqual([
      line('almonds', 1),
      line('cashews', 3, '500g'),
    ]);
  });

  it('adds one to a product already in the cart, whatever quantity or weight is asked for', () => {
    expect(addToCart([line('cashews', 2, '500g')], line('cashews', 5, '250g'))).toEqual([line('cashews', 3, '500g')]);
  });

  it('never takes a line past 99', () => {
    expect(addToCart([line('cashews', 99)], line('cashews', 1))).toEqual([line('cashews', 99)]);
    expect(addToCart([], line('cashews', 250))).toEqual([line('cashews', 99)]);
  });

  it('ignores an add of 0 or fewer', () => {
    expect(addToCart([line('almonds', 1)], line('cashews', 0))).toEqual([line('almonds', 1)]);
    expect(addToCart([line('almonds', 1)], line('almonds', -2))).toEqual([line('almonds', 1)]);
  });

  it('leaves the cart it was given untouched', () => {
    const cart = Object.freeze([Object.freeze(line('cashews', 2))]);
    addToCart(cart, line('cashews', 1));
    expect(cart).toEqual([line('cashews', 2)]);
  });

  it('keeps only the fields a cart stores, so no browser price rides along', () => {
    const withPrice = { ...line('cashews', 1), price: 0.01, name: 'Free cashews' } as StoredCartLine;
    expect(addToCart([], withPrice)).toEqual([line('cashews', 1)]);
  });
});

describe('removeFromCart', () => {
  it('takes the quantity off the line', () => {
    expect(removeFromCart([line('cashews', 5), line('almonds', 1)], 'cashews', 2)).toEqual([
      line('cashews', 3),
      line('almonds', 1),
    ]);
  });

  it('removes the line when its whole quantity, or more, is removed', () => {
    expect(removeFromCart([line('cashews', 2), line('almonds', 1)], 'cashews', 2)).toEqual([line('almonds', 1)]);
    expect(removeFromCart([line('cashews', 2)], 'cashews', 50)).toEqual([]);
  });

  it('changes nothing for a product not in the cart or a quantity of 0', () => {
    expect(removeFromCart([line('cashews', 2)], 'almonds', 1)).toEqual([line('cashews', 2)]);
    expect(removeFromCart([line('cashews', 2)], 'cashews', 0)).toEqual([line('cashews', 2)]);
  });
});

describe('clearCart and changeWeight', () => {
  it('Remove All empties the cart', () => {
    expect(clearCart()).toEqual([]);
  });

  it('changing the weight keeps the quantity and takes the new weight’s price', () => {
    const changed = changeWeight([line('cashews', 3, '250g'), line('almonds', 1)], 'cashews', '1000g');
    expect(changed).toEqual([line('cashews', 3, '1000g'), line('almonds', 1)]);
    expect(priceCartLine(changed[0]!, cashews).price).toBe(15.29);
  });
});

describe('normaliseCart', () => {
  it('ignores lines with a quantity of 0 or less', () => {
    expect(normaliseCart([line('cashews', 0), line('almonds', -1), line('pecans', 2)])).toEqual([line('pecans', 2)]);
  });

  it('folds a product listed twice into its first line, capped at 99', () => {
    expect(normaliseCart([line('cashews', 60, '500g'), line('almonds', 1), line('cashews', 60, '250g')])).toEqual([
      line('cashews', 99, '500g'),
      line('almonds', 1),
    ]);
  });
});

describe('mergeCarts', () => {
  it('adds up the quantities of a product in both carts, keeping one line with the guest’s weight', () => {
    expect(mergeCarts([line('cashews', 2, '250g'), line('almonds', 1)], [line('cashews', 3, '1000g')])).toEqual([
      line('cashews', 5, '1000g'),
      line('almonds', 1),
    ]);
  });

  it('appends the guest’s other lines in the guest cart’s order and caps at 99', () => {
    expect(mergeCarts([line('cashews', 90)], [line('pecans', 1), line('cashews', 20), line('almonds', 2)])).toEqual([
      line('cashews', 99),
      line('pecans', 1),
      line('almonds', 2),
    ]);
  });

  it('ignores guest lines of 0 or less', () => {
    expect(mergeCarts([line('cashews', 1)], [line('cashews', 0, '500g'), line('almonds', -3)])).toEqual([
      line('cashews', 1),
    ]);
  });

  it('isInCart sees a product on any weight', () => {
    expect(isInCart([line('cashews', 1, '500g')], 'cashews')).toBe(true);
    expect(isInCart([line('cashews', 1)], 'almonds')).toBe(false);
  });
});

describe('findWeight', () => {
  it('defaults an empty or missing label to the first weight and knows no other labels', () => {
    expect(findWeight(cashews.weights, '')?.label).toBe('250g');
    expect(findWeight(cashews.weights, undefined)?.label).toBe('250g');
    expect(findWeight(cashews.weights, '500g')?.price).toBe(8.09);
    expect(findWeight(cashews.weights, '2kg')).toBeUndefined();
  });
});

describe('pricing and totals', () => {
  it('prices each line from the catalog for its weight', () => {
    expect(priceCartLine(line('cashews', 2, '500g'), cashews)).toEqual({
      _id: 'cashews',
      name: 'Product cashews',
      qty: 2,
      price: 8.09,
      selectedWeight: '500g',
      product: cashews,
      available: true,
    });
    expect(priceCartLine(line('cashews', 1, ''), cashews)).toMatchObject({
      selectedWeight: '250g',
      price: 4.19,
      available: true,
    });
  });

  it('marks a line unavailable, at no price, when its product or its weight has gone', () => {
    expect(priceCartLine(line('pecans', 2), undefined, 'Pecan Halves')).toEqual({
      _id: 'pecans',
      name: 'Pecan Halves',
      qty: 2,
      price: 0,
      selectedWeight: '250g',
      product: null,
      available: false,
    });
    expect(priceCartLine(line('almonds', 1, '1000g'), almonds)).toMatchObject({
      price: 0,
      selectedWeight: '1000g',
      product: almonds,
      available: false,
    });
  });

  it('totals in pence: savings (MRP − price) × qty, total equal to the subtotal, unavailable lines left out', () => {
    const lines = priceCartLines([line('cashews', 3, '500g'), line('almonds', 2, '1000g'), line('pecans', 4)], (id) =>
      catalog.get(id),
    );
    expect(lines.map((priced) => priced.available)).toEqual([true, false, false]);
    expect(cartTotals(lines)).toEqual({
      subtotalPence: 3 * 809,
      savingsPence: 3 * (1349 - 809),
      totalPence: 3 * 809,
      lineCount: 1,
    });
  });

  it("saves each line's own weight's MRP less its price, and nothing for a weight without an MRP or at it", () => {
    const priced = (lines: StoredCartLine[]) => cartTotals(priceCartLines(lines, (id) => catalog.get(id)));
    expect(priced([line('cashews', 2, '1000g')]).savingsPence).toBe(2 * (2549 - 1529));
    expect(priced([line('almonds', 5, '250g')]).savingsPence).toBe(0);
    expect(priced([line('almonds', 5, '500g')]).savingsPence).toBe(0);
    // The weight changed on the cart page: the saving follows it.
    expect(priced(changeWeight([line('cashews', 2, '1000g')], 'cashews', '250g')).savingsPence).toBe(2 * 280);
  });

  it('adds prices in whole pence, free of binary fractions', () => {
    const lines = priceCartLines([line('cashews', 3, '250g'), line('almonds', 7, '250g')], (id) => catalog.get(id));
    expect(cartTotals(lines)).toEqual({
      subtotalPence: 3 * 419 + 7 * 359,
      savingsPence: 3 * (699 - 419),
      totalPence: 3770,
      lineCount: 2,
    });
  });

  it('an empty cart totals nothing, and lines of 0 or less count in no figure', () => {
    expect(cartTotals([])).toEqual({ subtotalPence: 0, savingsPence: 0, totalPence: 0, lineCount: 0 });
    expect(cartTotals([{ qty: 0, price: 4.19, available: true, product: cashews, selectedWeight: '250g' }])).toEqual({
      subtotalPence: 0,
      savingsPence: 0,
      totalPence: 0,
      lineCount: 0,
    });
    expect(priceCartLines([line('cashews', 0)], (id) => catalog.get(id))).toEqual([]);
  });
});
