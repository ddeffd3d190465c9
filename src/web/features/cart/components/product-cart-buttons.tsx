/** A product card's buttons: 'Add to Cart' and 'Buy Now', or an 'Already in Cart' link to the cart. */
import { useRef } from 'react';
import { Link } from 'react-router';
import { isInCart } from '#shared/cart-rules';
import { QUANTITY_MIN } from '#shared/constants';
import type { Product } from '#shared/schemas/product';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import type { Cart } from '../hooks/use-cart.ts';
import { useAddToCart } from '../hooks/use-add-to-cart.tsx';

export function ProductCartButtons({ product, cart }: { product: Product; cart: Cart }) {
  const { add, dialog } = useAddToCart(cart);
  const selectedWeight = product.weights[0]?.label ?? '';
  // The pressed button goes once the product is in the cart: the link in its place takes focus, or a keyboard user
  // would be dropped to the page's start. (A visitor's popup does the same for a guest: guest-dialog.tsx.)
  const focusLinkWhenAdded = useRef(false);

  // A card adds the first size: with none of it left, the card says so (other sizes are on the product's page).
  if (product.weights[0]?.inStock === false && !isInCart(cart.lines, product._id)) {
    return (
      <p className="inline-flex min-h-9 flex-1 items-center justify-center rounded-lg border border-stone-300 bg-stone-100 px-3 text-sm font-semibold text-stone-700">
        Out of stock
      </p>
    );
  }

  if (isInCart(cart.lines, product._id)) {
    return (
      <Link
        ref={(link) => {
          if (!link || !focusLinkWhenAdded.current) return;
          focusLinkWhenAdded.current = false;
          link.focus();
        }}
        to={paths.cart.getHref()}
        // One line in a phone's two-column grid: less padding rather than other words.
        className={buttonStyles({
          variant: 'secondary',
          size: 'sm',
          className: 'flex-1 px-2 whitespace-nowrap sm:px-3',
        })}
      >
        Already in Cart
      </Link>
    );
  }
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className="flex-1"
        aria-label={`Add to Cart: ${product.name}`}
        onClick={() => {
          focusLinkWhenAdded.current = cart.currentMode() !== 'anonymous';
          add({ product, qty: QUANTITY_MIN, selectedWeight, buyNow: false });
        }}
      >
        Add to Cart
      </Button>
      <Button
        variant="buy"
        size="sm"
        className="flex-1"
        aria-label={`Buy Now: ${product.name}`}
        onClick={() => add({ product, qty: QUANTITY_MIN, selectedWeight, buyNow: true })}
      >
        Buy Now
      </Button>
      {dialog}
    </>
  );
}
