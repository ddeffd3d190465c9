import { describe, expect, it } from 'vitest';
import type { AdminRefund } from '#shared/schemas/admin';
import type { OrderItem } from '#shared/schemas/order';
import {
  amountLeftPence,
  failureWhy,
  formatOrderTime,
  linesValuePence,
  packsLeft,
  refundLinesText,
  refundStatusText,
} from './order-format.ts';

describe('formatOrderTime', () => {
  it('shows the day and time in London, in winter and in summer time', () => {
    expect(formatOrderTime('2026-11-25T14:05:00Z')).toBe('25 Nov 2026, 14:05');
    expect(formatOrderTime('2026-07-01T23:30:00Z')).toBe('2 Jul 2026, 00:30');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatOrderTime('not a date')).toBe('');
  });
});

const refund = (amount: number, status: AdminRefund['status'], failureReason?: string): AdminRefund => ({
  _id: `r-${amount}-${status}`,
  amount,
  reason: 'Damaged',
  restock: false,
  status,
  ...(failureReason && { failureReason }),
  createdAt: '2026-11-25T14:05:00Z',
  by: 'admin@roastandco.example',
});

const item = (name: string, selectedWeight: string, qty: number, price: number): OrderItem => ({
  _id: name.toLowerCase().replaceAll(' ', '-'),
  name,
  selectedWeight,
  qty,
  price,
  vatRate: 0,
  discount: 0,
});

const orderItems = [item('Roasted Cashew Nuts', '500g', 2, 8.09), item('Medjool Dates', '250g', 1, 4.19)];

describe('refundStatusText', () => {
  it("says Pending, Refunded, or Failed with the provider's reason", () => {
    expect(refundStatusText(refund(1, 'pending'))).toBe('Pending');
    expect(refundStatusText(refund(1, 'succeeded'))).toBe('Refunded');
    expect(refundStatusText(refund(1, 'failed', 'The card was closed.'))).toBe('Failed: The card was closed.');
    expect(refundStatusText(refund(1, 'failed'))).toBe('Failed');
  });
});

describe('failureWhy', () => {
  it('gives the reason to end a sentence with, without a full stop of its own', () => {
    expect(failureWhy({ failureReason: 'The card was closed.' })).toBe(': The card was closed');
    expect(failureWhy({ failureReason: 'expired_card' })).toBe(': expired_card');
    expect(failureWhy({})).toBe('');
  });
});

describe('amountLeftPence', () => {
  it('is the total less the refunds that have not failed, pending ones included', () => {
    expect(amountLeftPence({ totalPrice: 20.37, refunds: [] })).toBe(2037);
    expect(
      amountLeftPence({
        totalPrice: 20.37,
        refunds: [refund(4.19, 'succeeded'), refund(1.1, 'pending'), refund(9.99, 'failed')],
      }),
    ).toBe(2037 - 419 - 110);
  });

  it('is never below nothing', () => {
    expect(amountLeftPence({ totalPrice: 1, refunds: [refund(2, 'succeeded')] })).toBe(0);
  });

  it('adds in pence, so binary fractions never leave a penny over', () => {
    expect(amountLeftPence({ totalPrice: 0.3, refunds: [refund(0.1, 'succeeded'), refund(0.2, 'succeeded')] })).toBe(0);
  });
});

describe('packsLeft', () => {
  it("is each line's quantity less the packs of refunds that have not failed", () => {
    const lines = (index: number, qty: number) => ({ ...refund(1, 'succeeded'), lines: [{ index, qty }] });
    expect(packsLeft({ orderItems, refunds: [] })).toEqual([2, 1]);
    expect(
      packsLeft({
        orderItems,
        refunds: [lines(0, 1), { ...lines(1, 1), status: 'failed' }, { ...lines(0, 1), status: 'pending' }],
      }),
    ).toEqual([0, 1]);
    expect(packsLeft({ orderItems, refunds: [refund(20.37, 'succeeded'), lines(7, 1)] })).toEqual([2, 1]);
  });
});

describe('linesValuePence', () => {
  it("is each chosen line's pack price times the packs chosen", () => {
    expect(linesValuePence({ orderItems }, [])).toBe(0);
    expect(linesValuePence({ orderItems }, [{ index: 1, qty: 1 }])).toBe(419);
    expect(linesValuePence({ orderItems }, [{ index: 0, qty: 2 }])).toBe(1618);
    expect(
      linesValuePence({ orderItems }, [
        { index: 0, qty: 1 },
        { index: 1, qty: 1 },
      ]),
    ).toBe(809 + 419);
  });

  it('counts nothing for a line the order does not have', () => {
    expect(linesValuePence({ orderItems }, [{ index: 5, qty: 1 }])).toBe(0);
  });
});

describe('refundLinesText', () => {
  it('names each line with its weight and the packs refunded', () => {
    expect(
      refundLinesText({ orderItems }, [
        { index: 1, qty: 1 },
        { index: 0, qty: 2 },
      ]),
    ).toBe('Medjool Dates 250g × 1, Roasted Cashew Nuts 500g × 2');
    expect(refundLinesText({ orderItems }, [{ index: 4, qty: 1 }])).toBe('Line 5 × 1');
  });
});
