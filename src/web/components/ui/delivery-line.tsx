/** A summary's delivery row, for a <dl>: the cost ('Free' while it is nothing) and the spec's estimate. */
import { DELIVERY_ESTIMATE, DELIVERY_PENCE } from '#shared/constants';
import { formatPence } from '#shared/money';

export function DeliveryLine() {
  return (
    <>
      <dt>
        Delivery
        <span className="block text-sm text-stone-600">Estimated delivery: {DELIVERY_ESTIMATE}</span>
      </dt>
      <dd className="text-right font-semibold tabular-nums">
        {DELIVERY_PENCE === 0 ? 'Free' : formatPence(DELIVERY_PENCE)}
      </dd>
    </>
  );
}
