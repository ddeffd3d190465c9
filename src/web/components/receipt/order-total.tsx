/**
 * An order's money as a UK receipt shows it: the subtotal, the discount with its code when there was one, delivery
 * ('Free' or the charge), the total, and the VAT it includes, one line per rate (delivery's share with the goods').
 */
import { formatPounds } from '#shared/money';
import type { Order, OrderVat } from '#shared/schemas/order';
import { PriceLines } from '#web/components/ui/delivery-line.tsx';

/** One receipt line per VAT rate: "VAT at 20%: £1.23". */
export function vatLine({ rate, vat }: Pick<OrderVat, 'rate' | 'vat'>): string {
  return `VAT at ${rate}%: ${formatPounds(vat)}`;
}

export type OrderMoney = Pick<Order, 'subtotal' | 'discount' | 'delivery' | 'promoCode' | 'totalPrice'>;

/** The receipt's figures from the order's own fields. */
export const orderFigures = (order: OrderMoney) => ({
  subtotal: order.subtotal,
  discount: order.discount,
  delivery: order.delivery,
  total: order.totalPrice,
  promoCode: order.promoCode,
});

export function OrderTotal({ order }: { order: OrderMoney & Pick<Order, 'vat'> }) {
  return (
    <>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 border-t border-cream-200 pt-3 text-stone-900">
        <PriceLines figures={orderFigures(order)} estimate={false} />
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
