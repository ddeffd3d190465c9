/**
 * The product page's Add to Cart and BUY NOW, with the chosen size and quantity. Once the product is in the cart
 * the page says so under the buttons (announced) and Add to Cart becomes 'View Cart', so a second press opens the
 * cart instead of quietly adding one more (decision 063).
 */
import { useRef } from 'react';
import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { formatPence, poundsToPence } from '#shared/money';
import type { Product } from '#shared/schemas/product';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import type { Cart } from '../hooks/use-cart.ts';
import { useAddToCart } from '../hooks/use-add-to-cart.tsx';

interface ProductDetailCartButtonsProps {
  cart: Cart;
  product: Product;
  selectedWeight: string;
  qty: number;
}

export function ProductDetailCartButtons({ cart, product, selectedWeight, qty }: ProductDetailCartButtonsProps) {
  const { add, dialog } = useAddToCart(cart);
  // Set by Add to Cart: 'View Cart', which takes the button's place, takes its focus too.
  const focusViewCart = useRef(false);
  const line = cart.lines.find((cartLine) => cartLine._id === product._id && cartLine.qty > 0);
  const soldOut = product.weights.find((weight) => weight.label === selectedWeight)?.inStock === false;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        {soldOut && !line ? (
          <OutOfStock />
        ) : line ? (
          <Link
            ref={(link) => {
              if (link && focusViewCart.current) link.focus();
              focusViewCart.current = false;
            }}
            to={paths.cart.getHref()}
            className={buttonStyles({ variant: 'secondary', size: 'lg' })}
          >
            View Cart
          </Link>
        ) : (
          <Button
            variant="secondary"
            size="lg"
            onClick={() => {
              focusViewCart.current = true;
              add({ product, qty, selectedWeight, buyNow: false });
            }}
          >
            Add to Cart
          </Button>
        )}
        {!soldOut && (
          <Button variant="buy" size="lg" onClick={() => add({ product, qty, selectedWeight, buyNow: true })}>
            BUY NOW
          </Button>
        )}
      </div>
      {/* Always in the page, so screen readers announce what appears in it. */}
      <p
        role="status"
        className={
          line
            ? 'flex items-center gap-2 rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2.5 text-sm font-semibold text-emerald-900'
            : 'sr-only'
        }
      >
        {line && (
          <>
            <Check aria-hidden="true" className="size-4 shrink-0" />
            {`In your cart: ${line.qty} × ${line.selectedWeight} (${formatPence(poundsToPence(line.price) * line.qty)}). Change the size or quantity in your cart.`}
          </>
        )}
      </p>
      {cart.errorMessage && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {cart.errorMessage}
        </p>
      )}
      {dialog}
    </div>
  );
}

/** In place of the buttons for a size with no stock left: nothing to press, and said in words. */
function OutOfStock({ className }: { className?: string }) {
  return (
    <p
      className={`inline-flex min-h-11 items-center rounded-lg border border-stone-300 bg-stone-100 px-4 font-semibold text-stone-700 ${className ?? ''}`}
    >
      Out of stock
    </p>
  );
}
