/** How orders read to a shopper: the shop's status words and UK dates. */
import type { Order } from '#shared/schemas/order';

export type OrderStatus = 'Delivered' | 'Processing';

/** The shop's status: 'Delivered' once delivered, otherwise 'Processing'. */
export function orderStatus(order: Pick<Order, 'isDelivered'>): OrderStatus {
  return order.isDelivered ? 'Delivered' : 'Processing';
}

const orderDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });

/** "25 November 2026", the day in London (the shop's clock), whatever the shopper's time zone. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : orderDate.format(date);
}
