/**
 * The cart page's body: one row per line (image, name, weight select, quantity, line price, Remove), 'Remove
 * All', and the summary with 'Your Savings', subtotal, total, the delivery estimate and checkout.
 */
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { cartTotals } from '#shared/cart-rules';
import { DELIVERY_ESTIMATE, QUANTITY_MIN } from '#shared/constants';
import { formatPence, poundsToPence } from '#shared/money';
import type { CartLine } from '#shared/schemas/cart';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { QuantityStepper } from '#web/components/ui/quantity-stepper.tsx';
import { paths } from '#web/config/paths.ts';
import type { Cart } from '../hooks/use-cart.ts';

export const EMPTY_CART_CHECKOUT_ALERT =
  'Your cart is empty. Please add items to your cart before proceeding to checkout.';

export function CartView({ cart }: { cart: Cart }) {
  const navigate = useNavigate();
  const [showEmptyAlert, setShowEmptyAlert] = useState(false);
  const totals = cartTotals(cart.lines);

  const checkout = () => {
    if (totals.lineCount === 0) setShowEmptyAlert(true);
    else void navigate(paths.shipping.getHref());
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <section aria-label="Cart lines" className="flex flex-col gap-4">
        <FormMessage tone="error">{cart.errorMessage}</FormMessage>
        {cart.lines.length === 0 ? (
          <p className="rounded-xl bg-cream-100 px-6 py-12 text-center text-lg text-stone-700">
            Your cart is empty.{' '}
            <Link to={paths.products.getHref()} className="font-semibold text-buy underline hover:text-buy-hover">
              Browse products
            </Link>
          </p>
        ) : (
          <>
            <ul role="list" className="flex flex-col gap-4">
              {cart.lines.map((line) => (
                <li key={line._id}>
                  <CartLineRow line={line} cart={cart} />
                </li>
              ))}
            </ul>
            <div>
              <Button variant="secondary" onClick={() => cart.change({ type: 'clear' })}>
                Remove All
              </Button>
            </div>
          </>
        )}
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
          <dt>Subtotal</dt>
          <dd className="text-right tabular-nums">{formatPence(totals.subtotalPence)}</dd>
          <dt className="text-lg font-bold">Total</dt>
          <dd className="text-right text-lg font-bold tabular-nums">{formatPence(totals.totalPence)}</dd>
        </dl>
        <p className="text-sm text-stone-600">Estimated delivery: {DELIVERY_ESTIMATE}</p>
        {showEmptyAlert && totals.lineCount === 0 && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
            {EMPTY_CART_CHECKOUT_ALERT}
          </p>
        )}
        <Button variant="buy" size="lg" onClick={checkout}>
          Proceed to Checkout
        </Button>
      </section>
    </div>
  );
}

function CartLineRow({ line, cart }: { line: CartLine; cart: Cart }) {
  const selectId = useId();
  const { product } = line;
  const name = product?.name || line.name || 'A product no longer sold';
  const weightKnown = product?.weights.some((weight) => weight.label === line.selectedWeight) ?? false;

  return (
    <article className="flex flex-wrap items-start gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200">
      {product ? (
        <img
          src={product.image}
          alt=""
          width={96}
          height={96}
          className="size-24 rounded-xl bg-cream-100 object-contain"
        />
      ) : (
        <div aria-hidden="true" className="size-24 rounded-xl bg-cream-100" />
      )}
      <div className="flex min-w-48 flex-1 flex-col gap-3">
        <h3 className="font-bold text-roast-900">
          {product ? (
            <Link to={paths.product.getHref(product._id)} className="hover:text-buy hover:underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </h3>
        {!line.available && (
          <p className="text-sm font-semibold text-red-800">
            {product
              ? 'Unavailable in this weight: choose another weight or remove it.'
              : 'Unavailable: no longer sold.'}{' '}
            Not included in the total.
          </p>
        )}
        <div className="flex flex-wrap items-end gap-4">
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
        </div>
      </div>
      <div className="flex flex-col items-end gap-2">
        <p className="text-lg font-extrabold text-stone-900 tabular-nums">
          {line.available ? (
            formatPence(poundsToPence(line.price) * line.qty)
          ) : (
            <span className="text-sm text-stone-600">Unavailable</span>
          )}
        </p>
        <button
          type="button"
          aria-label={`Remove ${name}`}
          onClick={() => cart.change({ type: 'remove', productId: line._id, qtyToRemove: line.qty })}
          className={buttonStyles({ variant: 'ghost', size: 'sm' })}
        >
          Remove
        </button>
      </div>
    </article>
  );
}
