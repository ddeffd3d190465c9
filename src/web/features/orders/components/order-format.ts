/** How orders read to a shopper: the shop's status words, what was refunded, and UK dates. */
import { formatPounds } from '#shared/money';
import type { Order } from '#shared/schemas/order';

export type OrderStatus = 'Delivered' | 'Processing' | 'Cancelled';

/** The shop's status: 'Cancelled' for a cancelled order, 'Delivered' once delivered, otherwise 'Processing'. */
export function orderStatus(order: Pick<Order, 'isDelivered' | 'status'>): OrderStatus {
  if (order.status === 'cancelled') return 'Cancelled';
  return order.isDelivered ? 'Delivered' : 'Processing';
}

/** 'Refunded £4.19' once money has come back to the shopper's card; nothing before. */
export function refundedText(order: Pick<Order, 'refundedTotal'>): string | undefined {
  return order.refundedTotal > 0 ? `Refunded ${formatPounds(order.refundedTotal)}` : undefined;
}

const orderDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });

/** "25 November 2026", the day in London (the shop's clock), whatever the shopper's time zone. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : orderDate.format(date);
}
