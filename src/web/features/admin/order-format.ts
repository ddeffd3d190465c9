/**
 * How an order reads to the owner: where it stands in words, its moments in London time (the shop's clock), its
 * refunds in words, and the money still left to refund, worked out in pence.
 */
import { poundsToPence } from '#shared/money';
import type { AdminOrderDetail, AdminRefund, OrderStatus } from '#shared/schemas/admin';
import type { RefundLine } from '#shared/schemas/refund';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  processing: 'Processing',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const orderTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

/** "25 Nov 2026, 14:05". */
export function formatOrderTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : orderTime.format(date);
}

/** A refund's status in words: 'Pending', 'Refunded', or 'Failed: ' and why. */
export function refundStatusText(refund: Pick<AdminRefund, 'status' | 'failureReason'>): string {
  if (refund.status === 'pending') return 'Pending';
  if (refund.status === 'succeeded') return 'Refunded';
  return refund.failureReason ? `Failed: ${refund.failureReason}` : 'Failed';
}

/** Why a refund failed, to follow "failed" in a sentence: ": The card was closed" (its own full stop dropped). */
export function failureWhy(refund: Pick<AdminRefund, 'failureReason'>): string {
  const reason = refund.failureReason?.trim().replace(/\.+$/, '');
  return reason ? `: ${reason}` : '';
}

/**
 * What may still be refunded: the total less every refund that has not failed. A pending one counts, as the server
 * counts it (docs/api.md, Refunds and cancellations), so two refunds in flight never ask for the same money.
 */
export function amountLeftPence(order: Pick<AdminOrderDetail, 'totalPrice' | 'refunds'>): number {
  const taken = order.refunds
    .filter((refund) => refund.status !== 'failed')
    .reduce((sum, refund) => sum + poundsToPence(refund.amount), 0);
  return Math.max(0, poundsToPence(order.totalPrice) - taken);
}

/** The packs of each line not refunded yet: its quantity less those named by refunds that have not failed. */
export function packsLeft(order: Pick<AdminOrderDetail, 'orderItems' | 'refunds'>): number[] {
  const left = order.orderItems.map((item) => item.qty);
  for (const refund of order.refunds) {
    if (refund.status === 'failed') continue;
    for (const line of refund.lines ?? []) {
      const packs = left[line.index];
      if (packs !== undefined) left[line.index] = Math.max(0, packs - line.qty);
    }
  }
  return left;
}

/** What the given packs of the order's lines cost, in pence; a line the order does not have counts nothing. */
export function linesValuePence(order: Pick<AdminOrderDetail, 'orderItems'>, lines: RefundLine[]): number {
  return lines.reduce((sum, line) => {
    const item = order.orderItems[line.index];
    return item ? sum + poundsToPence(item.price) * line.qty : sum;
  }, 0);
}

/** The lines a refund was for, in words: "Medjool Dates 250g × 1, Roasted Cashew Nuts 500g × 2". */
export function refundLinesText(order: Pick<AdminOrderDetail, 'orderItems'>, lines: RefundLine[]): string {
  return lines
    .map((line) => {
      const item = order.orderItems[line.index];
      return item ? `${item.name} ${item.selectedWeight} × ${line.qty}` : `Line ${line.index + 1} × ${line.qty}`;
    })
    .join(', ');
}
