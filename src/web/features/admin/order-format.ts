/** How an order reads to the owner: where it stands in words, and its moments in London time (the shop's clock). */
import type { OrderStatus } from '#shared/schemas/admin';

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
