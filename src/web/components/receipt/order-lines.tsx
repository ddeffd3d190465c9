/**
 * An order's lines as bought: name, weight, quantity and what the line cost, in pounds; and where the packs came from
 * batches, their best-before (with the batch codes for the owner).
 */
import { formatBestBefore } from '#shared/best-before';
import { formatPence, poundsToPence } from '#shared/money';
import type { OrderItem } from '#shared/schemas/order';

export function OrderLines({ items, batchCodes = false }: { items: OrderItem[]; batchCodes?: boolean }) {
  return (
    <ul role="list" className="flex flex-col divide-y divide-cream-200">
      {items.map((item) => (
        <li key={`${item._id}-${item.selectedWeight}`} className="flex justify-between gap-4 py-2.5">
          <div className="min-w-0">
            <p className="font-semibold break-words text-stone-900">{item.name}</p>
            <p className="text-sm text-stone-600">
              {item.selectedWeight} × {item.qty}
            </p>
            {item.batches?.map((batch) => (
              <p key={batch.code} className="text-sm text-stone-700">
                {batchCodes ? `Batch ${batch.code}: best before ` : 'Best before '}
                {formatBestBefore(batch.bestBefore)}
                {item.batches && item.batches.length > 1 ? ` (${batch.qty})` : ''}
              </p>
            ))}
          </div>
          <p className="font-semibold text-stone-900 tabular-nums">
            {formatPence(poundsToPence(item.price) * item.qty)}
          </p>
        </li>
      ))}
    </ul>
  );
}
