import { describe, expect, it } from 'vitest';
import type { AdminRefund } from '#shared/schemas/admin';
import type { OrderItem } from '#shared/schemas/order';
import {
  cancelBodyFrom,
  formErrorsFrom,
  initialRefundValues,
  newRefund,
  type RefundFormValues,
  refundBodyFrom,
  suggestedAmount,
} from './order-refund-values.ts';

const refunded = (amount: number): AdminRefund => ({
  _id: 'r-1',
  amount,
  reason: 'Damaged',
  restock: false,
  status: 'succeeded',
  createdAt: '2026-11-25T14:05:00Z',
  by: 'admin@roastandco.example',
});

// The shared test cart: 2 × £8.09 and 1 × £4.19, £20.37 with delivery.
const order = {
  orderItems: [
    {
      _id: 'roasted-cashew-nuts',
      name: 'Roasted Cashew Nuts',
      selectedWeight: '500g',
      qty: 2,
      price: 8.09,
      vatRate: 20,
      discount: 0,
    },
    {
      _id: 'medjool-dates',
      name: 'Medjool Dates',
      selectedWeight: '250g',
      qty: 1,
      price: 4.19,
      vatRate: 0,
      discount: 0,
    },
  ] satisfies OrderItem[],
  totalPrice: 20.37,
  refunds: [] as AdminRefund[],
};

const values = (changes: Partial<RefundFormValues>): RefundFormValues => ({
  ...initialRefundValues(order),
  reason: 'Damaged in the post',
  ...changes,
});

describe('the refund form', () => {
  it('starts with all that is left and no line ticked', () => {
    expect(initialRefundValues(order)).toEqual({
      amount: '20.37',
      reason: '',
      lines: [
        { chosen: false, qty: 2 },
        { chosen: false, qty: 1 },
      ],
      restock: false,
    });
    expect(initialRefundValues({ ...order, refunds: [refunded(4.19)] }).amount).toBe('16.18');
    const oneCashew = { ...refunded(8.09), lines: [{ index: 0, qty: 1 }] };
    expect(initialRefundValues({ ...order, refunds: [oneCashew] }).lines).toEqual([
      { chosen: false, qty: 1 },
      { chosen: false, qty: 1 },
    ]);
  });

  it("suggests the ticked packs' worth, never more than is left", () => {
    const none = initialRefundValues(order).lines;
    expect(suggestedAmount(order, none)).toBe('20.37');
    expect(
      suggestedAmount(order, [
        { chosen: true, qty: 1 },
        { chosen: true, qty: 1 },
      ]),
    ).toBe('12.28');
    expect(
      suggestedAmount({ ...order, refunds: [refunded(18)] }, [
        { chosen: true, qty: 2 },
        { chosen: false, qty: 1 },
      ]),
    ).toBe('2.37');
  });

  it('suggests what the ticked packs cost after their share of the discount, pro-rated by pack', () => {
    // 15% off: the cashews' £16.18 less £2.43 is £13.75, the dates' £4.19 less £0.63 is £3.56; £8.95 delivery.
    const [cashews, dates] = order.orderItems;
    const discounted = {
      ...order,
      orderItems: [
        { ...cashews!, discount: 2.43 },
        { ...dates!, discount: 0.63 },
      ],
      totalPrice: 26.26,
    };
    const tick = (first: number, second: number) => [
      { chosen: first > 0, qty: first },
      { chosen: second > 0, qty: second },
    ];
    expect(suggestedAmount(discounted, tick(2, 0))).toBe('13.75');
    // One of two packs: half of £13.75, rounded down.
    expect(suggestedAmount(discounted, tick(1, 0))).toBe('6.87');
    expect(suggestedAmount(discounted, tick(1, 1))).toBe('10.43');
    expect(suggestedAmount(discounted, tick(0, 0))).toBe('26.26');
  });

  it('sends pounds, the reason trimmed, the ticked lines, and restock only with lines', () => {
    expect(refundBodyFrom(order, values({ amount: ' £4.19 ', reason: '  Dates were squashed ' }))).toEqual({
      body: { amount: 4.19, reason: 'Dates were squashed', restock: false },
    });
    expect(
      refundBodyFrom(
        order,
        values({
          amount: '4.19',
          lines: [
            { chosen: false, qty: 2 },
            { chosen: true, qty: 1 },
          ],
          restock: true,
        }),
      ),
    ).toEqual({ body: { amount: 4.19, reason: 'Damaged in the post', restock: true, lines: [{ index: 1, qty: 1 }] } });
    expect(refundBodyFrom(order, values({ amount: '10.50', restock: true }))).toEqual({
      body: { amount: 10.5, reason: 'Damaged in the post', restock: false },
    });
  });

  it('names each field that is wrong, with the shared messages', () => {
    expect(refundBodyFrom(order, values({ amount: '', reason: ' ' }))).toEqual({
      errors: {
        amount: 'Please enter the amount to refund in pounds, at least £0.01.',
        reason: 'Please give a reason.',
      },
    });
    expect(refundBodyFrom(order, values({ amount: 'four' }))).toEqual({
      errors: { amount: 'Please enter the amount to refund in pounds, at least £0.01.' },
    });
    expect(refundBodyFrom(order, values({ amount: '4.199' }))).toEqual({
      errors: { amount: 'Please enter the amount in pounds and pence, e.g. 4.50.' },
    });
  });

  it('refuses more than is left, before the server has to', () => {
    expect(refundBodyFrom(order, values({ amount: '20.38' }))).toEqual({
      errors: { amount: 'Only £20.37 is left to refund.' },
    });
    expect(refundBodyFrom({ ...order, refunds: [refunded(20.37)] }, values({ amount: '0.01' }))).toEqual({
      errors: { amount: 'Only £0.00 is left to refund.' },
    });
  });
});

describe("the server's field errors", () => {
  it('land on the form field they are about, the first for each', () => {
    expect(
      formErrorsFrom(
        [
          { field: 'amount', message: 'Too much.' },
          { field: 'amount', message: 'Second.' },
          { field: 'lines.0.qty', message: 'A quantity is at most 99.' },
          { field: 'somethingElse', message: 'Ignored.' },
        ],
        ['amount', 'reason', 'lines'] as const,
      ),
    ).toEqual({ amount: 'Too much.', lines: 'A quantity is at most 99.' });
    expect(formErrorsFrom([{ field: 'restock', message: 'Choose the lines.' }], ['amount', 'lines'] as const)).toEqual({
      lines: 'Choose the lines.',
    });
  });
});

describe('the cancel form', () => {
  it('sends the reason and whether the packs go back', () => {
    expect(cancelBodyFrom({ reason: ' Out of stock ', restock: true })).toEqual({
      body: { reason: 'Out of stock', restock: true },
    });
    expect(cancelBodyFrom({ reason: 'Asked by the buyer', restock: false })).toEqual({
      body: { reason: 'Asked by the buyer', restock: false },
    });
  });

  it('asks for a reason', () => {
    expect(cancelBodyFrom({ reason: '', restock: true })).toEqual({ errors: { reason: 'Please give a reason.' } });
  });
});

describe('newRefund', () => {
  it('is the refund the answer holds that the order did not', () => {
    const first = refunded(4.19);
    const second = { ...refunded(1), _id: 'r-2' };
    expect(newRefund({ refunds: [first] }, { refunds: [first, second] })).toEqual(second);
    expect(newRefund({ refunds: [first] }, { refunds: [first] })).toBeUndefined();
  });
});
