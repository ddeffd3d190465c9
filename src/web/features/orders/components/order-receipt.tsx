/**
 * An order as the confirmation page shows it, like a UK receipt: number and date, the lines, the total with the
 * VAT it includes by rate, where it goes, where the confirmation was e-mailed, and the delivery estimate.
 */
import { DELIVERY_ESTIMATE } from '#shared/constants';
import { formatPounds } from '#shared/money';
import type { Order } from '#shared/schemas/order';
import { formatOrderDate, vatLine } from './order-format.ts';
import { OrderLines } from './order-lines.tsx';

/** `confirmationEmail`: where the confirmation went, when known (a customer's order seen after logging out is not). */
export function OrderReceipt({ order, confirmationEmail }: { order: Order; confirmationEmail?: string | undefined }) {
  const { shippingAddress: address } = order;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <section
        aria-labelledby="receipt-order"
        className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200"
      >
        <div>
          <h2 id="receipt-order" className="text-lg font-bold text-roast-900">
            Order number {order.orderNumber}
          </h2>
          <p className="text-sm text-stone-600">
            Placed on <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
          </p>
        </div>
        <OrderLines items={order.orderItems} />
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
      </section>

      <div className="flex flex-col gap-6 self-start">
        <section
          aria-labelledby="receipt-delivery"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200"
        >
          <h2 id="receipt-delivery" className="text-lg font-bold text-roast-900">
            Delivery
          </h2>
          <address className="mt-2 not-italic text-stone-800">
            {address.name}
            <br />
            {address.address}
            {address.landmark && (
              <>
                <br />
                {address.landmark}
              </>
            )}
            <br />
            {address.city} {address.postalCode}
            <br />
            {address.country}
          </address>
          <p className="mt-3 text-stone-700">Estimated delivery: {DELIVERY_ESTIMATE}</p>
        </section>
        <section aria-labelledby="receipt-email" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200">
          <h2 id="receipt-email" className="text-lg font-bold text-roast-900">
            Confirmation e-mail
          </h2>
          <p className="mt-2 break-words text-stone-800">
            {confirmationEmail ? (
              <>
                We have sent the order confirmation to <strong>{confirmationEmail}</strong>.
              </>
            ) : (
              'We have sent the order confirmation to the e-mail address of the account it was placed from.'
            )}
          </p>
        </section>
      </div>
    </div>
  );
}
