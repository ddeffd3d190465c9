/**
 * An order's VAT receipt, as the screen shows it and as it prints on one A4 page: the shop's name, address and VAT
 * number, the order number and date, each line with its VAT rate, the totals, the VAT by rate (the server's figures,
 * worked out as the owner's VAT report works them out, decision 113) and any refunds. No <header>/<footer> inside:
 * the print stylesheet hides those as the site's own.
 */
import { useId } from 'react';
import { SHOP_NAME } from '#shared/constants';
import { formatPence, formatPounds, poundsToPence } from '#shared/money';
import type { OrderDetail } from '#shared/schemas/order';
import { SHOP_COMPANY, SHOP_CONTACT } from '#shared/shop-contact';
import { deliveryText, discountLabel, discountText } from '#web/components/ui/delivery-line.tsx';
import { formatOrderDate } from './order-format.ts';

const cell = 'py-1.5 pr-2 align-top print:py-0.5';
const number = `${cell} text-right tabular-nums`;

/** The refunds the shopper has or will have back: failed attempts gave nothing back and are left out. */
const refundsGiven = (order: OrderDetail) => order.refunds.filter((refund) => refund.status !== 'failed');

export function VatReceipt({ order }: { order: OrderDetail }) {
  const headingId = useId();
  const refunds = refundsGiven(order);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-5 text-stone-900 shadow-sm ring-1 ring-cream-200 sm:p-8 print:rounded-none print:p-0 print:text-[10pt] print:shadow-none print:ring-0"
    >
      <div className="flex flex-wrap justify-between gap-4 border-b border-cream-200 pb-4 print:pb-2">
        <div>
          <p className="text-xl font-extrabold text-roast-900">{SHOP_NAME}</p>
          <p className="text-sm text-stone-700">
            {SHOP_COMPANY.legalName}
            <br />
            {SHOP_CONTACT.addressLines.join(', ')}
            <br />
            VAT number {SHOP_COMPANY.vatNumber} · Company number {SHOP_COMPANY.companyNumber}
          </p>
        </div>
        <div className="text-sm sm:text-right">
          <h2 id={headingId} className="text-lg font-bold text-roast-900">
            VAT receipt
          </h2>
          <p>Order {order.orderNumber}</p>
          <p>
            Date <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
          </p>
        </div>
      </div>

      <div className="overflow-x-auto">
        <table className="mt-4 w-full text-sm print:mt-2">
          <caption className="sr-only">Lines of order {order.orderNumber}</caption>
          <thead>
            <tr className="border-b border-cream-200 text-left">
              <th scope="col" className={cell}>
                Item
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Qty
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Price
              </th>
              <th scope="col" className={`${cell} text-right`}>
                VAT
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {order.orderItems.map((item) => (
              <tr key={`${item._id}-${item.selectedWeight}`} className="border-b border-cream-100">
                <td className={`${cell} break-words`}>
                  {item.name} <span className="text-stone-600">{item.selectedWeight}</span>
                </td>
                <td className={number}>{item.qty}</td>
                <td className={number}>{formatPounds(item.price)}</td>
                <td className={number}>{item.vatRate}%</td>
                <td className={number}>{formatPence(poundsToPence(item.price) * item.qty)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className="mt-3 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt>Subtotal</dt>
        <dd className="text-right tabular-nums">{formatPounds(order.subtotal)}</dd>
        {order.discount > 0 && (
          <>
            <dt>{discountLabel(order.promoCode)}</dt>
            <dd className="text-right tabular-nums">{discountText(order.discount)}</dd>
          </>
        )}
        <dt>Delivery</dt>
        <dd className="text-right tabular-nums">{deliveryText(order.delivery)}</dd>
        <dt className="font-bold">Total paid</dt>
        <dd className="text-right font-bold tabular-nums">{formatPounds(order.totalPrice)}</dd>
      </dl>

      <VatByRate order={order} />

      {refunds.length > 0 && (
        <div className="mt-4 text-sm print:mt-2">
          <h3 className="font-bold text-roast-900">Refunds</h3>
          <ul role="list" className="mt-1">
            {refunds.map((refund) => (
              <li key={refund._id} className="flex justify-between gap-4">
                <span className="break-words">
                  <time dateTime={refund.createdAt}>{formatOrderDate(refund.createdAt)}</time>: {refund.reason}
                  {refund.status === 'pending' && ' (on its way)'}
                </span>
                <span className="tabular-nums">−{formatPounds(refund.amount)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-1 flex justify-between gap-4 font-bold">
            <span>Refunded</span>
            <span className="tabular-nums">{formatPounds(order.refundedTotal)}</span>
          </p>
        </div>
      )}
      <p className="mt-4 text-xs text-stone-600 print:mt-2">
        Prices include VAT. Delivery carries the VAT of the goods it brings, in proportion to their value.
      </p>
    </section>
  );
}

function VatByRate({ order }: { order: OrderDetail }) {
  return (
    <table className="mt-4 w-full text-sm print:mt-2">
      <caption className="text-left font-bold text-roast-900">VAT by rate</caption>
      <thead>
        <tr className="border-b border-cream-200 text-left">
          <th scope="col" className={cell}>
            Rate
          </th>
          <th scope="col" className={`${cell} text-right`}>
            Net
          </th>
          <th scope="col" className={`${cell} text-right`}>
            VAT
          </th>
          <th scope="col" className={`${cell} text-right`}>
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {order.vat.map((rate) => (
          <tr key={rate.rate} className="border-b border-cream-100">
            <th scope="row" className={`${cell} text-left font-normal`}>
              {rate.rate}%
            </th>
            <td className={number}>{formatPence(poundsToPence(rate.total) - poundsToPence(rate.vat))}</td>
            <td className={number}>{formatPounds(rate.vat)}</td>
            <td className={number}>{formatPounds(rate.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
