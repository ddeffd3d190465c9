/** A summary's delivery rows, for a two-column <dl> grid: the cost ('Free' while it is nothing), then the shop's delivery estimate. */
import { DELIVERY_ESTIMATE, DELIVERY_PENCE } from '#shared/constants';
import { formatPence } from '#shared/money';

export function DeliveryLine() {
  return (
    <>
      <dt>Delivery</dt>
      <dd className="text-right font-semibold tabular-nums">
        {DELIVERY_PENCE === 0 ? 'Free' : formatPence(DELIVERY_PENCE)}
      </dd>
      <dd className="col-span-2 -mt-1.5 text-sm text-stone-600">Estimated delivery: {DELIVERY_ESTIMATE}</dd>
    </>
  );
}
