/**
 * One order for the owner (decision 071, amended): the lines, the total with its VAT by rate, where it goes, the
 * buyer's e-mail, where it stands with its tracking number and history, and the moves still open to it: 'Mark as
 * dispatched' (with a tracking number and its carrier, or none) and 'Mark as delivered'. Only forward moves are offered; each shows
 * its progress on its button, then the result as a status message, or the server's refusal as an alert. Below them,
 * its refunds, with 'Refund' and 'Cancel order' (decision 093).
 */
import { type FormEvent, useId, useState } from 'react';
import { CARRIER_NAMES, type Carrier } from '#shared/carriers';
import { type AdminOrderDetail, TRACKING_NUMBER_MAX_LENGTH } from '#shared/schemas/admin';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { OrderLines } from '#web/components/receipt/order-lines.tsx';
import { OrderTotal } from '#web/components/receipt/order-total.tsx';
import { PostalAddress } from '#web/components/receipt/postal-address.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { ADMIN_ORDER_FAILED, useAdminOrder } from '../api/get-admin-order.ts';
import { MOVE_ORDER_FAILED, type OrderMove, useMoveAdminOrder } from '../api/move-admin-order.ts';
import { formatOrderTime, STATUS_LABELS } from '../order-format.ts';
import { CarrierSelect } from './carrier-select.tsx';
import { ConfirmStep } from './confirm-step.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { OpenedRow } from './opened-row.tsx';
import { OrderRefunds } from './order-refunds.tsx';

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200';
const cardHeading = 'text-lg font-bold text-roast-900';

export function AdminOrderDetailView({ orderId, backHref }: { orderId: string; backHref: string }) {
  return (
    <OpenedRow backHref={backHref} backText="Back to orders" query={useAdminOrder(orderId)} failed={ADMIN_ORDER_FAILED}>
      {(order, headingRef) => <OrderDetail order={order} headingRef={headingRef} />}
    </OpenedRow>
  );
}

function OrderDetail({
  order,
  headingRef,
}: {
  order: AdminOrderDetail;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const { shippingAddress: address } = order;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-roast-900">
          Order {order.orderNumber}
        </h2>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="-mt-4 text-sm text-stone-600">
        Placed <time dateTime={order.createdAt}>{formatOrderTime(order.createdAt)}</time>
      </p>

      <OrderActions order={order} />

      <div className="grid min-w-0 gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <section aria-labelledby="admin-order-lines" className={`${card} flex min-w-0 flex-col gap-4`}>
            <h3 id="admin-order-lines" className={cardHeading}>
              Lines
            </h3>
            <OrderLines items={order.orderItems} batchCodes />
            <OrderTotal order={order} />
          </section>
          <OrderRefunds order={order} />
        </div>

        <div className="flex min-w-0 flex-col gap-6 self-start">
          <section aria-labelledby="admin-order-delivery" className={card}>
            <h3 id="admin-order-delivery" className={cardHeading}>
              Delivery
            </h3>
            <PostalAddress address={address} />
            <p className="mt-3 text-stone-800">
              Phone <span className="tabular-nums">{address.phone}</span>
            </p>
            <p className="mt-1 break-all text-stone-800">
              E-mail{' '}
              <a href={`mailto:${order.email}`} className="underline underline-offset-4">
                {order.email}
              </a>
            </p>
          </section>

          <section aria-labelledby="admin-order-history" className={card}>
            <h3 id="admin-order-history" className={cardHeading}>
              Status
            </h3>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-stone-800">
              <dt className="font-semibold">Now</dt>
              <dd>{STATUS_LABELS[order.status]}</dd>
              <dt className="font-semibold">Tracking</dt>
              <dd className="break-all">
                {order.trackingNumber ?? 'None given'}
                {order.carrier && ` (${CARRIER_NAMES[order.carrier]})`}
              </dd>
            </dl>
            <h4 className="mt-4 font-semibold text-stone-900">History</h4>
            {order.history.length === 0 ? (
              <p className="text-stone-700">Not moved on yet.</p>
            ) : (
              <ol className="mt-1 flex flex-col gap-2 text-sm text-stone-800">
                {order.history.map((change) => (
                  <li key={`${change.status}-${change.at}`}>
                    <span className="font-semibold">{STATUS_LABELS[change.status]}</span>{' '}
                    <time dateTime={change.at}>{formatOrderTime(change.at)}</time>
                    <span className="block break-all text-stone-600">by {change.by}</span>
                    {change.trackingNumber && (
                      <span className="block break-all text-stone-600">Tracking {change.trackingNumber}</span>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

const DONE: Record<OrderMove['status'], string> = {
  dispatched: 'marked as dispatched',
  delivered: 'marked as delivered',
};

/**
 * The moves still open to the order, forward only, and what the last one came to. Each asks again in the page before
 * it is sent: it cannot be undone and it mails the buyer, and on a phone the two buttons sit close together.
 */
function OrderActions({ order }: { order: AdminOrderDetail }) {
  const move = useMoveAdminOrder(order._id);
  const [trackingNumber, setTrackingNumber] = useState('');
  const [carrier, setCarrier] = useState<Carrier | undefined>();
  const [asking, setAsking] = useState<OrderMove | null>(null);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const actionsId = useId();
  const finished = order.status === 'delivered' || order.status === 'cancelled';

  const ask = (next: OrderMove) => (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    move.reset();
    setAsking(next);
  };

  const send = (next: OrderMove) => {
    move.mutate(next, {
      onSuccess: (moved) => {
        setAsking(null);
        setResult({
          tone: 'success',
          text: `Order ${moved.orderNumber} ${DONE[next.status]}. The buyer has been e-mailed.`,
        });
      },
    });
  };

  const tracking = trackingNumber.trim();
  return (
    <section aria-labelledby={actionsId} className={`${card} flex flex-col gap-4`}>
      <h3 id={actionsId} className={cardHeading}>
        Actions
      </h3>
      {finished && <p className="text-stone-700">{STATUS_LABELS[order.status]}: nothing left to do.</p>}
      {asking ? (
        <ConfirmStep
          question={`Mark order ${order.orderNumber} as ${asking.status}?`}
          confirmText={`Yes, mark as ${asking.status}`}
          busyText={asking.status === 'dispatched' ? 'Marking as dispatched…' : 'Marking as delivered…'}
          busy={move.isPending}
          error={
            move.isError
              ? failureMessage(move.error, { fallback: MOVE_ORDER_FAILED, offline: OFFLINE_MESSAGE })
              : undefined
          }
          onConfirm={() => send(asking)}
          onBack={() => setAsking(null)}
        >
          <p className="text-stone-800">
            {asking.status === 'dispatched' && asking.trackingNumber
              ? `The buyer will be e-mailed with tracking number ${asking.trackingNumber}${asking.carrier ? ` (${CARRIER_NAMES[asking.carrier]})` : ''}. This cannot be undone.`
              : 'The buyer will be e-mailed. This cannot be undone.'}
          </p>
        </ConfirmStep>
      ) : (
        <>
          {order.status === 'processing' && (
            <form
              onSubmit={ask({
                status: 'dispatched',
                ...(tracking && { trackingNumber: tracking }),
                ...(carrier && { carrier }),
              })}
              className="flex flex-col gap-3 sm:flex-row sm:items-end"
            >
              <TextField
                label="Tracking number (optional)"
                className="min-w-0 sm:w-72"
                value={trackingNumber}
                maxLength={TRACKING_NUMBER_MAX_LENGTH}
                autoComplete="off"
                onChange={(event) => setTrackingNumber(event.target.value)}
              />
              <CarrierSelect className="min-w-0 sm:w-48" value={carrier} onChange={setCarrier} />
              <SubmitButton>Mark as dispatched</SubmitButton>
            </form>
          )}
          {!finished && (
            // Set apart from 'Mark as dispatched', so a thumb meant for one does not land on the other.
            <form onSubmit={ask({ status: 'delivered' })} className="border-t border-cream-200 pt-4">
              <SubmitButton variant="secondary">Mark as delivered</SubmitButton>
            </form>
          )}
        </>
      )}
      <FormMessage tone={result?.tone ?? 'success'}>{result?.text}</FormMessage>
    </section>
  );
}
