/**
 * An order as the confirmation page shows it, like a UK receipt: number and date, the lines, the subtotal, discount,
 * delivery and total with the VAT it includes by rate, where it goes, where the confirmation was e-mailed, and the delivery estimate.
 */
import { DELIVERY_ESTIMATE } from '#shared/constants';
import type { Order } from '#shared/schemas/order';
import { OrderLines } from '#web/components/receipt/order-lines.tsx';
import { OrderTotal } from '#web/components/receipt/order-total.tsx';
import { PostalAddress } from '#web/components/receipt/postal-address.tsx';
import { formatOrderDate } from './order-format.ts';

/** `confirmationEmail`: where the confirmation went, when known (a customer's order seen after logging out is not). */
export function OrderReceipt({ order, confirmationEmail }: { order: Order; confirmationEmail?: string | undefined }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
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
        <OrderTotal order={order} />
      </section>

      <div className="flex flex-col gap-6 self-start">
        <section
          aria-labelledby="receipt-delivery"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200"
        >
          <h2 id="receipt-delivery" className="text-lg font-bold text-roast-900">
            Delivery
          </h2>
          <PostalAddress address={order.shippingAddress} />
          <p className="mt-3 text-stone-700">Estimated delivery: {DELIVERY_ESTIMATE}</p>
        </section>
        <section aria-labelledby="receipt-email" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200">
          <h2 id="receipt-email" className="text-lg font-bold text-roast-900">
            Confirmation e-mail
          </h2>
          <p className="mt-2 wrap-anywhere text-stone-800">
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
