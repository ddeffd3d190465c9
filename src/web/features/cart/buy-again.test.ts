import { describe, expect, it, vi } from 'vitest';
import { priceCartLine } from '#shared/cart-rules';
import type { OrderItem } from '#shared/schemas/order';
import { testProduct } from '#tests/fixtures/product';
import { buyAgain, buyAgainNotice, planBuyAgain } from './buy-again.ts';

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
  discount: 0,
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

describe('buying an order again into the cart', () => {
  it('adds each line it can to the cart and says what it left out', () => {
    const cart = { lines: [], change: vi.fn() };
    const outcome = buyAgain(cart, [item('cashews', '500g', 3), item('gone', '250g', 1, 'Gone Nuts')], [cashews]);
    expect(cart.change.mock.calls).toEqual([[{ type: 'add', product: cashews, qty: 3, selectedWeight: '500g' }]]);
    expect(outcome).toEqual({ notice: 'No longer sold, so not added: Gone Nuts (250g).', inCart: true });
  });

  it('counts a product already in the cart as in it, and an order of nothing sold today as not', () => {
    const cart = {
      lines: [priceCartLine({ _id: 'cashews', qty: 1, selectedWeight: '250g' }, cashews)],
      change: vi.fn(),
    };
    expect(buyAgain(cart, [item('cashews', '250g', 2)], [cashews])).toEqual({
      notice: 'Already in your cart, left as it was: Product cashews.',
      inCart: true,
    });
    expect(buyAgain(cart, [item('gone', '', 1, 'Gone Nuts')], [cashews])).toEqual({
      notice: "None of this order's products are sold any more: Gone Nuts.",
      inCart: false,
    });
    expect(cart.change).not.toHaveBeenCalled();
  });
});
