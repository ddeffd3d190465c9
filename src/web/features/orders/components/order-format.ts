/** How orders read to a shopper: the spec's status words, UK dates and the VAT lines of a receipt. */
import { formatPounds } from '#shared/money';
import type { Order, OrderVat } from '#shared/schemas/order';

export type OrderStatus = 'Delivered' | 'Processing';

/** The spec's status (§4): 'Delivered' once delivered, otherwise 'Processing'. */
export function orderStatus(order: Pick<Order, 'isDelivered'>): OrderStatus {
  return order.isDelivered ? 'Delivered' : 'Processing';
}

const orderDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });

/** "25 November 2026", the day in London (the shop's clock), whatever the shopper's time zone. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : orderDate.format(date);
}

/** One receipt line per VAT rate: "VAT at 20%: £1.23". */
export function vatLine({ rate, vat }: Pick<OrderVat, 'rate' | 'vat'>): string {
  return `VAT at ${rate}%: ${formatPounds(vat)}`;
}
