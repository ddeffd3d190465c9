/**
 * One order in the customer's history: number, date, status (and what was refunded), lines, subtotal, the discount
 * with its code when there was one, delivery and total, with a slot for actions (Buy again).
 */
import { useId, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { formatPounds } from '#shared/money';
import type { Order } from '#shared/schemas/order';
import { formatOrderDate, type OrderStatus, orderStatus, refundedText } from './order-format.ts';
import { OrderLines } from '#web/components/receipt/order-lines.tsx';
import { deliveryText, discountLabel, discountText } from '#web/components/ui/delivery-line.tsx';

const statusTones: Record<OrderStatus, string> = {
  Delivered: 'bg-emerald-100 text-emerald-900',
  Processing: 'bg-amber-100 text-amber-900',
  Cancelled: 'bg-stone-200 text-stone-900',
};

export function OrderCard({ order, actions }: { order: Order; actions?: ReactNode }) {
  const headingId = useId();
  const status = orderStatus(order);
  const refunded = refundedText(order);
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-bold text-roast-900">
            Order {order.orderNumber}
          </h2>
          <p className="text-sm text-stone-600">
            Placed on <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
          </p>
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-700">
          Status:{' '}
          <span className={clsx('rounded-full px-2.5 py-1 text-sm font-semibold', statusTones[status])}>{status}</span>
          {refunded && (
            <>
              {' '}
              <span className="font-semibold text-stone-900 tabular-nums">{refunded}</span>
            </>
          )}
        </p>
      </header>
      <OrderLines items={order.orderItems} />
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-cream-200 pt-3 text-stone-800">
        <dt>Subtotal</dt>
        <dd className="text-right tabular-nums">{formatPounds(order.subtotal)}</dd>
        {order.discount > 0 && (
          <>
            <dt>{discountLabel(order.promoCode)}</dt>
            <dd className="text-right font-semibold text-offer tabular-nums">{discountText(order.discount)}</dd>
          </>
        )}
        <dt>Delivery</dt>
        <dd className="text-right tabular-nums">{deliveryText(order.delivery)}</dd>
      </dl>
      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-cream-200 pt-4">
        <p className="text-lg font-bold text-stone-900">
          Total <span className="tabular-nums">{formatPounds(order.totalPrice)}</span>
        </p>
        {actions}
      </footer>
    </article>
  );
}
