/**
 * The packing page: the pick list (every pack to take off the shelf for the orders waiting), then one slip per order
 * (its lines with their allergens, and where it goes), each with 'Packed' and a tracking number; the orders ticked
 * are marked dispatched together, asked again first. Printed, it is the pick list then one A4 page per slip, without
 * the shop's header, footer or these controls (styles.css).
 */
import { formatBestBefore } from '#shared/best-before';
import { useId, useState } from 'react';
import type { DispatchManyAnswer, PackingOrder, Pick } from '#shared/schemas/packing';
import type { Carrier } from '#shared/carriers';
import { TRACKING_NUMBER_MAX_LENGTH } from '#shared/schemas/admin';
import { PostalAddress } from '#web/components/receipt/postal-address.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { DISPATCH_FAILED, PACKING_FAILED, useDispatchOrders, usePacking } from '../api/packing.ts';
import { formatOrderTime } from '../order-format.ts';
import { CarrierSelect } from './carrier-select.tsx';
import { ConfirmStep } from './confirm-step.tsx';
import { Check } from './product-form-parts.tsx';
import { QueryState } from './query-state.tsx';

const card = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200 sm:p-6 print:shadow-none print:ring-0';

export function AdminPacking() {
  const packing = usePacking();
  return (
    <QueryState query={packing} failed={PACKING_FAILED}>
      {({ orders, picks, total }) => <PackingDesk orders={orders} picks={picks} total={total} />}
    </QueryState>
  );
}

function PackingDesk({ orders, picks, total }: { orders: PackingOrder[]; picks: Pick[]; total: number }) {
  const dispatch = useDispatchOrders();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [tracking, setTracking] = useState<Readonly<Record<string, string>>>({});
  const [carriers, setCarriers] = useState<Readonly<Record<string, Carrier | undefined>>>({});
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<DispatchManyAnswer>();
  // Only orders still listed count: one dispatched elsewhere meanwhile drops out of the choice.
  const ticked = orders.filter((order) => chosen.has(order._id));
  const numberOf = new Map(orders.map((order) => [order._id, order.orderNumber]));

  const send = () =>
    dispatch.mutate(
      {
        orders: ticked.map((order) => ({
          id: order._id,
          ...(tracking[order._id]?.trim() ? { trackingNumber: tracking[order._id]?.trim() } : {}),
          ...(carriers[order._id] ? { carrier: carriers[order._id] } : {}),
        })),
      },
      {
        onSuccess: (answer) => {
          setAsking(false);
          setResult(answer);
          setChosen(new Set());
        },
      },
    );

  // The last orders dispatched leave nothing to pack; what became of them is still said.
  const outcome = (
    <>
      <FormMessage tone="success">
        {result &&
          result.dispatched.length > 0 &&
          `Marked as dispatched: ${result.dispatched.map((order) => order.orderNumber).join(', ')}. The buyers have been e-mailed.`}
      </FormMessage>
      <FormMessage tone="error">
        {result &&
          result.refused.length > 0 &&
          result.refused.map((refusal) => `${numberOf.get(refusal._id) ?? refusal._id}: ${refusal.message}`).join(' ')}
      </FormMessage>
    </>
  );
  if (orders.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        {outcome}
        <p className="text-lg text-stone-800">Nothing to pack: every paid order has been dispatched.</p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div data-print="hide" className={`${card} flex flex-col gap-4`}>
        <p className="text-stone-800">
          {total === 1 ? '1 order to pack' : `${total} orders to pack`}
          {total > orders.length && `: the oldest ${orders.length} are shown`}. Tick each order as you pack it, then
          mark them as dispatched together.
        </p>
        {asking ? (
          <ConfirmStep
            question={`Mark ${ticked.length === 1 ? '1 order' : `${ticked.length} orders`} as dispatched?`}
            confirmText="Yes, mark as dispatched"
            busyText="Marking as dispatched…"
            busy={dispatch.isPending}
            error={
              dispatch.isError
                ? failureMessage(dispatch.error, { fallback: DISPATCH_FAILED, offline: OFFLINE_MESSAGE })
                : undefined
            }
            onConfirm={send}
            onBack={() => setAsking(false)}
          >
            <p className="text-stone-800">
              {ticked.map((order) => order.orderNumber).join(', ')}. Each buyer will be e-mailed. This cannot be undone.
            </p>
          </ConfirmStep>
        ) : (
          <div className="flex flex-wrap gap-3">
            <Button
              disabled={ticked.length === 0}
              onClick={() => {
                setResult(undefined);
                dispatch.reset();
                setAsking(true);
              }}
            >
              Mark as dispatched ({ticked.length})
            </Button>
            <Button variant="secondary" onClick={() => window.print()}>
              Print pick list and slips
            </Button>
          </div>
        )}
        {outcome}
      </div>

      <PickList picks={picks} orderCount={orders.length} />

      {orders.map((order) => (
        <PackingSlip
          key={order._id}
          order={order}
          packed={chosen.has(order._id)}
          onPacked={(packed) =>
            setChosen((current) => {
              const next = new Set(current);
              if (packed) next.add(order._id);
              else next.delete(order._id);
              return next;
            })
          }
          trackingNumber={tracking[order._id] ?? ''}
          onTrackingNumber={(value) => setTracking((current) => ({ ...current, [order._id]: value }))}
          carrier={carriers[order._id]}
          onCarrier={(value) => setCarriers((current) => ({ ...current, [order._id]: value }))}
        />
      ))}
    </div>
  );
}

function PickList({ picks, orderCount }: { picks: Pick[]; orderCount: number }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-xl font-bold text-roast-900">
        Pick list
      </h2>
      <p className="mt-1 text-stone-700">
        Every pack for the {orderCount === 1 ? 'order' : `${orderCount} orders`} below.
      </p>
      <table className="mt-3 w-full text-left">
        <thead>
          <tr className="border-b border-cream-300 text-sm text-stone-700">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Product
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Weight
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Packs
            </th>
          </tr>
        </thead>
        <tbody>
          {picks.map((pick) => (
            <tr key={`${pick._id} ${pick.selectedWeight}`} className="border-b border-cream-200">
              <th scope="row" className="py-2 pr-3 font-medium break-words text-stone-900">
                {pick.name}
              </th>
              <td className="py-2 pr-3 text-stone-800">{pick.selectedWeight}</td>
              <td className="py-2 text-right font-bold text-stone-900 tabular-nums">{pick.qty}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

interface PackingSlipProps {
  order: PackingOrder;
  packed: boolean;
  onPacked: (packed: boolean) => void;
  trackingNumber: string;
  onTrackingNumber: (value: string) => void;
  carrier: Carrier | undefined;
  onCarrier: (value: Carrier | undefined) => void;
}

function PackingSlip(props: PackingSlipProps) {
  const { order, packed, onPacked, trackingNumber, onTrackingNumber, carrier, onCarrier } = props;
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className={`${card} break-before-page`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h2 id={headingId} className="text-xl font-bold text-roast-900">
          Order {order.orderNumber}
        </h2>
        <p className="text-sm text-stone-700">Paid {formatOrderTime(order.createdAt)}</p>
      </div>
      <div className="mt-3 grid gap-4 sm:grid-cols-[1fr_16rem] print:grid-cols-[1fr_16rem]">
        <table className="w-full text-left">
          <thead>
            <tr className="border-b border-cream-300 text-sm text-stone-700">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Packs
              </th>
              <th scope="col" className="py-2 font-semibold">
                Product
              </th>
            </tr>
          </thead>
          <tbody>
            {order.orderItems.map((line) => (
              <tr key={`${line._id} ${line.selectedWeight}`} className="border-b border-cream-200 align-top">
                <td className="py-2 pr-3 font-bold text-stone-900 tabular-nums">{line.qty}</td>
                <td className="py-2 text-stone-900">
                  <span className="font-medium break-words">
                    {line.name}, {line.selectedWeight}
                  </span>
                  <AllergenNote contains={line.allergens} mayContain={line.mayContain} />
                  {line.batches?.map((batch) => (
                    <span key={batch.code} className="block text-sm text-stone-800">
                      {batch.qty} from batch {batch.code}, best before {formatBestBefore(batch.bestBefore)}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div>
          <h3 className="text-sm font-semibold text-stone-700">Deliver to</h3>
          <PostalAddress address={order.shippingAddress} />
        </div>
      </div>
      <div
        data-print="hide"
        className="mt-4 flex flex-col gap-2 border-t border-cream-200 pt-3 sm:flex-row sm:items-end sm:gap-6"
      >
        <Check
          label={`Packed ${order.orderNumber}`}
          checked={packed}
          onChange={(event) => onPacked(event.currentTarget.checked)}
        />
        <TextField
          label={`Tracking number for ${order.orderNumber} (optional)`}
          className="min-w-0 sm:w-80"
          value={trackingNumber}
          maxLength={TRACKING_NUMBER_MAX_LENGTH}
          autoComplete="off"
          onChange={(event) => onTrackingNumber(event.target.value)}
        />
        <CarrierSelect
          label={`Carrier for ${order.orderNumber} (optional)`}
          className="min-w-0 sm:w-56"
          value={carrier}
          onChange={onCarrier}
        />
      </div>
    </article>
  );
}

/** What the pack's label warns of, in the words a label uses. */
function AllergenNote({ contains, mayContain }: { contains: readonly string[]; mayContain: readonly string[] }) {
  if (contains.length === 0 && mayContain.length === 0) return null;
  return (
    <span className="block text-sm text-stone-700">
      {contains.length > 0 && (
        <>
          Contains: <strong>{contains.join(', ')}</strong>.{' '}
        </>
      )}
      {mayContain.length > 0 && `May contain: ${mayContain.join(', ')}.`}
    </span>
  );
}
