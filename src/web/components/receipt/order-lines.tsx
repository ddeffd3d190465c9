/** An order's lines as bought: name, weight, quantity and what the line cost, in pounds. */
import { formatPence, poundsToPence } from '#shared/money';
import type { OrderItem } from '#shared/schemas/order';

export function OrderLines({ items }: { items: OrderItem[] }) {
  return (
    <ul role="list" className="flex flex-col divide-y divide-cream-200">
      {items.map((item) => (
        <li key={`${item._id}-${item.selectedWeight}`} className="flex justify-between gap-4 py-2.5">
          <div className="min-w-0">
            <p className="font-semibold break-words text-stone-900">{item.name}</p>
            <p className="text-sm text-stone-600">
              {item.selectedWeight} × {item.qty}
            </p>
          </div>
          <p className="font-semibold text-stone-900 tabular-nums">
            {formatPence(poundsToPence(item.price) * item.qty)}
          </p>
        </li>
      ))}
    </ul>
  );
}
