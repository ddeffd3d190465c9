/**
 * The order summary beside the shipping form: the lines that will be paid for, then the server's quote for them, the
 * postcode and the code (subtotal, discount, delivery with the estimate, total), which is what the payment charges.
 */
import { Link } from 'react-router';
import { cartTotals } from '#shared/cart-rules';
import { formatPence, penceToPounds, poundsToPence } from '#shared/money';
import type { CartLine } from '#shared/schemas/cart';
import { type PriceFigures, PriceLines } from '#web/components/ui/delivery-line.tsx';
import { paths } from '#web/config/paths.ts';

interface CheckoutSummaryProps {
  lines: CartLine[];
  /** The quote's figures; undefined while they are worked out. */
  figures: PriceFigures | undefined;
  /** Why the applied code does not apply to this order, from the quote. */
  promoError?: string | undefined;
  /** The quote failed for another reason (offline, a fault): said, with a way to ask again. */
  quoteError?: { message: string; retry: () => void } | undefined;
}

export function CheckoutSummary({ lines, figures, promoError, quoteError }: CheckoutSummaryProps) {
  const buyable = lines.filter((line) => line.available && line.qty > 0);
  const leftOut = lines.length - buyable.length;
  const totals = cartTotals(buyable);

  return (
    <section
      aria-labelledby="checkout-summary"
      className="flex flex-col gap-4 self-start rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200"
    >
      <h2 id="checkout-summary" className="text-lg font-bold text-roast-900">
        Order summary
      </h2>
      <ul role="list" className="flex flex-col divide-y divide-cream-200">
        {buyable.map((line) => (
          <li key={line._id} className="flex justify-between gap-4 py-2.5">
            <div>
              <p className="font-semibold text-stone-900">{line.name}</p>
              <p className="text-sm text-stone-600">
                {line.selectedWeight} × {line.qty}
              </p>
            </div>
            <p className="font-semibold text-stone-900 tabular-nums">
              {formatPence(poundsToPence(line.price) * line.qty)}
            </p>
          </li>
        ))}
      </ul>
      {leftOut > 0 && (
        <p className="text-sm text-stone-700">
          {leftOut === 1 ? '1 item' : `${leftOut} items`} in your cart can no longer be bought and{' '}
          {leftOut === 1 ? 'is' : 'are'} not included.{' '}
          <Link to={paths.cart.getHref()} className="font-semibold text-buy underline hover:text-buy-hover">
            Review your cart
          </Link>
        </p>
      )}
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 border-t border-cream-200 pt-3 text-stone-800">
        <PriceLines figures={figures} subtotal={figures?.subtotal ?? penceToPounds(totals.subtotalPence)} />
      </dl>
      {promoError && (
        <p role="alert" className="text-sm font-medium text-offer">
          {promoError}{' '}
          <Link to={paths.cart.getHref()} className="font-semibold text-buy underline hover:text-buy-hover">
            Change the code in your cart
          </Link>
        </p>
      )}
      {quoteError && (
        <div role="alert" className="flex flex-wrap items-center gap-x-3 text-sm font-medium text-offer">
          <p>{quoteError.message}</p>
          <button type="button" onClick={quoteError.retry} className="min-h-11 font-semibold underline">
            Try again
          </button>
        </div>
      )}
      <p className="text-sm text-stone-600">Prices include VAT.</p>
    </section>
  );
}
