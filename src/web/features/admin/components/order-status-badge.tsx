/** Where an order stands, as a coloured word: the word carries the meaning, the colour only helps a quick scan. */
import { clsx } from 'clsx';
import type { OrderStatus } from '#shared/schemas/admin';
import { STATUS_LABELS } from '../order-format.ts';

const tones: Record<OrderStatus, string> = {
  processing: 'bg-amber-100 text-amber-900',
  dispatched: 'bg-sky-100 text-sky-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-stone-200 text-stone-900',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={clsx('inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold', tones[status])}>
      {STATUS_LABELS[status]}
    </span>
  );
}
