/**
 * The cart page's body: one row per line (image, name, unit and line price, weight select, quantity, Remove with a
 * few seconds' Undo),
 * 'Remove All' (asked again first, decision 063), and the summary with 'Your Savings', then the server's quote
 * (subtotal, the discount of an applied code, delivery, how much more for free delivery, total), the promotion code
 * and checkout. An empty cart shows the shop's sentence instead of a summary and a checkout
 * (docs/api.md, A UK shopper's rules). Without an address no delivery zone applies: the standard charge
 * (docs/api.md, Delivery and promotions).
 */
import { type Ref, useId, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { cartTotals } from '#shared/cart-rules';
import { QUANTITY_MIN } from '#shared/constants';
import { productImageSources } from '#shared/illustrations';
import { formatPence, penceToPounds, poundsToPence } from '#shared/money';
import type { CartLine } from '#shared/schemas/cart';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { moreForFreeDeliveryText, PriceLines } from '#web/components/ui/delivery-line.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { QuantityStepper } from '#web/components/ui/quantity-stepper.tsx';
import { paths } from '#web/config/paths.ts';
import { quoteFigures, useQuote } from '../api/get-quote.ts';
import type { Cart } from '../hooks/use-cart.ts';
import { usePromoCode } from '../promo-code.ts';
import { PromoCodeField } from './promo-code-field.tsx';
import { RemoveAll } from './remove-all.tsx';
import { RemovedNotice, type RemoveWithUndo, useRemoveWithUndo } from './undo-remove.tsx';

export const EMPTY_CART_CHECKOUT_ALERT =
  'Your cart is empty. Please add items to your cart before proceeding to checkout.';

const linkClass = 'font-semibold text-buy underline hover:text-buy-hover';

export function CartView({ cart }: { cart: Cart }) {
  const navigate = useNavigate();
  const totals = cartTotals(cart.lines);
  const promoCode = usePromoCode();
  const quote = useQuote(cart.lines, { promoCode: promoCode ?? undefined });
  // Set by 'Remove All': the empty cart's link then takes the focus the vanished button had.
  const focusEmpty = useRef(false);
  const removing = useRemoveWithUndo(cart);

  if (cart.lines.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        <RemovedNotice removing={removing} />
        <EmptyCart
          errorMessage={cart.errorMessage}
          linkRef={(link) => {
            if (link && focusEmpty.current) link.focus();
            focusEmpty.current = false;
          }}
        />
      </div>
    );
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <section aria-label="Cart lines" className="flex flex-col gap-4">
        <FormMessage tone="error">{cart.errorMessage}</FormMessage>
        <RemovedNotice removing={removing} />
        <ul role="list" className="flex flex-col gap-4">
          {cart.lines.map((line) => (
            <li key={line._id}>
              <CartLineRow line={line} cart={cart} onRemove={removing.remove} />
            </li>
          ))}
        </ul>
        <RemoveAll
          lineCount={cart.lines.length}
          onConfirm={() => {
            focusEmpty.current = true;
            cart.change({ type: 'clear' });
          }}
        />
      </section>

      <section
        aria-labelledby="cart-summary"
        className="flex flex-col gap-3 self-start rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200"
      >
        <h2 id="cart-summary" className="text-lg font-bold text-roast-900">
          Order summary
        </h2>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-stone-800">
          <dt>Your Savings</dt>
          <dd className="text-right font-semibold text-offer tabular-nums">{formatPence(totals.savingsPence)}</dd>
          <PriceLines figures={quoteFigures(quote)} subtotal={penceToPounds(totals.subtotalPence)} />
        </dl>
        {quote.quote?.moreForFreeDelivery !== undefined && quote.quote.moreForFreeDelivery > 0 && (
          <p className="rounded-lg bg-cream-100 px-3 py-2 text-sm font-semibold text-roast-900">
            {moreForFreeDeliveryText(quote.quote.moreForFreeDelivery)}
          </p>
        )}
        {quote.error !== undefined && (
          <div role="alert" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-medium text-offer">
            <p>{QUOTE_FAILED}</p>
            <Button variant="ghost" size="sm" onClick={quote.refetch}>
              Try again
            </Button>
          </div>
        )}
        <PromoCodeField
          lines={cart.lines}
          applied={promoCode}
          description={quote.quote?.promo?.description}
          refusal={quote.promoError}
        />
        <Button variant="buy" size="lg" onClick={() => void navigate(paths.shipping.getHref())}>
          Proceed to Checkout
        </Button>
      </section>
    </div>
  );
}

export const QUOTE_FAILED = 'We could not work out your total.';

/**
 * An empty cart's sentence and a way back to the products. Also what the server renders for a browser that keeps no
 * cart (decision 074), so it must stay the same markup as an empty cart's after the script runs.
 */
export function EmptyCart({
  errorMessage,
  linkRef,
}: {
  errorMessage?: string | null;
  linkRef?: Ref<HTMLAnchorElement>;
}) {
  return (
    <div className="flex flex-col gap-4">
      <FormMessage tone="error">{errorMessage}</FormMessage>
      <p className="rounded-xl bg-cream-100 px-6 py-12 text-center text-lg text-stone-700">
        {EMPTY_CART_CHECKOUT_ALERT}{' '}
        <Link ref={linkRef} to={paths.products.getHref()} className={linkClass}>
          Browse products
        </Link>
      </p>
    </div>
  );
}

function CartLineRow({ line, cart, onRemove }: { line: CartLine; cart: Cart; onRemove: RemoveWithUndo['remove'] }) {
  const selectId = useId();
  const { product } = line;
  const name = product?.name || line.name || 'A product no longer sold';
  const weightKnown = product?.weights.some((weight) => weight.label === line.selectedWeight) ?? false;
  const unitPence = poundsToPence(line.price);

  // The picture keeps its own column; name, prices, controls and Remove share the other, even on a phone.
  return (
    <article className="flex items-start gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-cream-200 sm:gap-4 sm:p-4">
      {product ? (
        <img
          {...productImageSources(product.image)}
          sizes="96px"
          alt=""
          width={96}
          height={96}
          className="size-20 shrink-0 rounded-xl bg-cream-100 object-contain sm:size-24"
        />
      ) : (
        <div aria-hidden="true" className="size-20 shrink-0 rounded-xl bg-cream-100 sm:size-24" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-bold text-roast-900">
              {product ? (
                <Link to={paths.product.getHref(product._id)} className="hover:text-buy hover:underline">
                  {name}
                </Link>
              ) : (
                name
              )}
            </h3>
            {line.available && (
              <p className="text-sm text-stone-600 tabular-nums">{`${formatPence(unitPence)} each`}</p>
            )}
          </div>
          <p className="shrink-0 text-lg font-extrabold text-stone-900 tabular-nums">
            {line.available ? (
              formatPence(unitPence * line.qty)
            ) : (
              <span className="text-sm text-stone-600">Unavailable</span>
            )}
          </p>
        </div>
        {!line.available && (
          <p className="text-sm font-semibold text-red-800">
            {product
              ? 'Unavailable in this weight: choose another weight or remove it.'
              : 'Unavailable: no longer sold.'}{' '}
            Not included in the total.
          </p>
        )}
        <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
          {product && (
            <div className="flex flex-col gap-2">
              <label htmlFor={selectId} className="text-sm font-semibold text-stone-800">
                Weight
              </label>
              <select
                id={selectId}
                value={weightKnown ? line.selectedWeight : ''}
                onChange={(event) =>
                  cart.change({ type: 'weight', productId: line._id, selectedWeight: event.currentTarget.value })
                }
                className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
              >
                {!weightKnown && (
                  <option value="" disabled>
                    Choose a weight
                  </option>
                )}
                {product.weights.map((weight) => (
                  <option key={weight.label} value={weight.label}>
                    {weight.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          {line.available && product && (
            <QuantityStepper
              label={`Quantity of ${name}`}
              value={line.qty}
              onChange={(qty) => {
                if (qty > line.qty)
                  cart.change({ type: 'add', product, qty: QUANTITY_MIN, selectedWeight: line.selectedWeight });
                else if (qty < line.qty)
                  cart.change({ type: 'remove', productId: line._id, qtyToRemove: line.qty - qty });
              }}
            />
          )}
          <button
            type="button"
            aria-label={`Remove ${name}`}
            onClick={(event) => onRemove(line, event.currentTarget)}
            className={buttonStyles({ variant: 'ghost', size: 'sm', className: 'ml-auto min-h-11' })}
          >
            Remove
          </button>
        </div>
      </div>
    </article>
  );
}
