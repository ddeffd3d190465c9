/** An order's total with the VAT it includes, one line per rate, as a UK receipt shows it. */
import { formatPounds } from '#shared/money';
import type { Order, OrderVat } from '#shared/schemas/order';

/** One receipt line per VAT rate: "VAT at 20%: £1.23". */
export function vatLine({ rate, vat }: Pick<OrderVat, 'rate' | 'vat'>): string {
  return `VAT at ${rate}%: ${formatPounds(vat)}`;
}

export function OrderTotal({ order }: { order: Pick<Order, 'totalPrice' | 'vat'> }) {
  return (
    <>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 border-t border-cream-200 pt-3 text-stone-900">
        <dt className="text-lg font-bold">Total</dt>
        <dd className="text-right text-lg font-bold tabular-nums">{formatPounds(order.totalPrice)}</dd>
      </dl>
      {order.vat.length > 0 && (
        <div className="text-sm text-stone-700">
          <p className="font-semibold">VAT included</p>
          <ul role="list">
            {order.vat.map((entry) => (
              <li key={entry.rate}>
                {vatLine(entry)} <span className="text-stone-600">(on {formatPounds(entry.total)})</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
