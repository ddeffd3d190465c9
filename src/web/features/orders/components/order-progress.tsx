/**
 * Where an order stands, for its page: the shop's status word, each step with its date, the parcel's tracking number
 * (a link to the carrier's own tracking page where the shop said who carries it, decision 113) and where it goes.
 * Not printed: the VAT receipt beside it is the printed page.
 */
import { useId } from 'react';
import { CARRIER_NAMES } from '#shared/carriers';
import type { OrderDetail } from '#shared/schemas/order';
import type { OrderStatus } from '#shared/schemas/refund';
import { PostalAddress } from '#web/components/receipt/postal-address.tsx';
import { formatOrderDate, orderStatus, refundedText } from './order-format.ts';

const STEP_WORDS: Record<OrderStatus, string> = {
  processing: 'Order placed',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export function OrderProgress({ order }: { order: OrderDetail }) {
  const headingId = useId();
  const refunded = refundedText(order);
  const carrier = order.carrier ? CARRIER_NAMES[order.carrier] : undefined;
  return (
    <section
      aria-labelledby={headingId}
      data-print="hide"
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200 sm:p-8"
    >
      <h2 id={headingId} className="text-lg font-bold text-roast-900">
        Status: {orderStatus(order)}
        {refunded && <span className="ml-2 text-base font-semibold text-stone-800">{refunded}</span>}
      </h2>
      <ol className="flex flex-col gap-1 text-stone-800">
        {order.history.map((step) => (
          <li key={`${step.status}-${step.at}`}>
            {STEP_WORDS[step.status]} on <time dateTime={step.at}>{formatOrderDate(step.at)}</time>
          </li>
        ))}
      </ol>
      {order.trackingNumber && (
        <p className="break-words text-stone-800">
          Tracking number{carrier ? ` (${carrier})` : ''}:{' '}
          {order.trackingUrl ? (
            <a
              href={order.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-roast-800 underline"
            >
              {order.trackingNumber}
              <span className="sr-only"> (opens {carrier}’s tracking page in a new tab)</span>
            </a>
          ) : (
            <span className="font-semibold">{order.trackingNumber}</span>
          )}
        </p>
      )}
      <div>
        <h3 className="font-semibold text-stone-900">Delivery address</h3>
        <PostalAddress address={order.shippingAddress} />
      </div>
    </section>
  );
}
