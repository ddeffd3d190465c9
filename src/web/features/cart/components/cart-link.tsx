/** The header's cart icon: a link to /cart with a badge counting the cart's lines, announced as 'Cart, 2 items'. */
import { Link } from 'react-router';
import { ShoppingCart } from '#web/components/ui/icons.tsx';
import { cartTotals } from '#shared/cart-rules';
import { paths } from '#web/config/paths.ts';
import type { Cart } from '../hooks/use-cart.ts';

export function CartLink({ cart }: { cart: Pick<Cart, 'lines'> }) {
  const count = cartTotals(cart.lines).lineCount;
  const label = `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Link
      to={paths.cart.getHref()}
      aria-label={label}
      className="relative inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg px-1.5 text-sm font-semibold text-stone-800 hover:bg-cream-100 sm:gap-1.5 sm:px-3"
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      {/* The word gives way on a phone; the link's name ('Cart, 2 items') still starts with it. */}
      <span className="sr-only sm:not-sr-only">Cart</span>
      <span
        aria-hidden="true"
        className="inline-flex min-w-6 items-center justify-center rounded-full bg-buy px-1.5 text-xs font-bold text-white tabular-nums"
      >
        {count}
      </span>
    </Link>
  );
}
