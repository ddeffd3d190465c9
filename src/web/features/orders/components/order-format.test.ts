import { describe, expect, it } from 'vitest';
import { formatOrderDate, orderStatus, refundedText } from './order-format.ts';

describe('order texts', () => {
  it('says Delivered or Processing, as the shop does', () => {
    expect(orderStatus({ isDelivered: true, status: 'delivered' })).toBe('Delivered');
    expect(orderStatus({ isDelivered: false, status: 'processing' })).toBe('Processing');
    expect(orderStatus({ isDelivered: false, status: 'dispatched' })).toBe('Processing');
  });

  it('says Cancelled for a cancelled order', () => {
    expect(orderStatus({ isDelivered: false, status: 'cancelled' })).toBe('Cancelled');
  });

  it('says what was refunded once anything was, in pounds and pence', () => {
    expect(refundedText({ refundedTotal: 0 })).toBeUndefined();
    expect(refundedText({ refundedTotal: 4.19 })).toBe('Refunded £4.19');
    expect(refundedText({ refundedTotal: 20.3 })).toBe('Refunded £20.30');
  });

  it('dates an order in en-GB by the London day', () => {
    expect(formatOrderDate('2026-11-25T10:00:00.000Z')).toBe('25 November 2026');
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(formatOrderDate('2026-06-30T23:30:00.000Z')).toBe('1 July 2026');
    expect(formatOrderDate('not a date')).toBe('');
  });
});
