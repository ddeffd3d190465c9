import { describe, expect, it } from 'vitest';
import type { OrderItem } from '#shared/schemas/order';
import { testProduct } from '#shared/testing/product';
import { buyAgainNotice, planBuyAgain } from './buy-again.ts';

const cashews = testProduct('cashews', [
  ['250g', 4.49],
  ['500g', 8.59],
]);
const almonds = testProduct('almonds', [['250g', 3.59]]);
const item = (id: string, selectedWeight: string, qty: number, name = `Old ${id}`): OrderItem => ({
  _id: id,
  name,
  selectedWeight,
  qty,
  price: 1,
  vatRate: 20,
});

describe('buying an order again', () => {
  it('adds each line with today’s product, the weight and quantity bought', () => {
    const plan = planBuyAgain([item('cashews', '500g', 3), item('almonds', '250g', 1)], [cashews, almonds], []);
    expect(plan.adds).toEqual([
      { product: cashews, qty: 3, selectedWeight: '500g' },
      { product: almonds, qty: 1, selectedWeight: '250g' },
    ]);
    expect(buyAgainNotice(plan)).toBe('');
  });

  it('skips products and weights no longer sold, and says which', () => {
    const plan = planBuyAgain(
      [
        item('cashews', '1kg', 1, 'Roasted Cashew Nuts'),
        item('gone', '250g', 2, 'Gone Nuts'),
        item('almonds', '250g', 1),
      ],
      [cashews, almonds],
      [],
    );
    expect(plan.adds.map((add) => add.product._id)).toEqual(['almonds']);
    expect(plan.notSold).toEqual(['Roasted Cashew Nuts (1kg)', 'Gone Nuts (250g)']);
    expect(buyAgainNotice(plan)).toBe('No longer sold, so not added: Roasted Cashew Nuts (1kg), Gone Nuts (250g).');
  });

  it('leaves a product already in the cart as it is', () => {
    const plan = planBuyAgain([item('cashews', '250g', 2)], [cashews], [{ _id: 'cashews', qty: 1 }]);
    expect(plan.adds).toEqual([]);
    expect(buyAgainNotice(plan)).toBe('Already in your cart, left as it was: Product cashews.');
  });

  it('says so when nothing of the order is sold any more', () => {
    expect(buyAgainNotice(planBuyAgain([item('gone', '', 1, 'Gone Nuts')], [cashews], []))).toBe(
      "None of this order's products are sold any more: Gone Nuts.",
    );
  });
});
