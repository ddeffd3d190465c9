/**
 * Add to Cart and Buy Now for any button: an anonymous visitor is first asked to log in or continue as a
 * guest (the lazy dialog this hook renders), then the product is added and, for Buy Now, the cart opens.
 * The dialog itself carries out 'Login' (the product kept for the login's merge), so that code loads with it.
 */
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { isInCart } from '#shared/cart-rules';
import type { Product } from '#shared/schemas/product';
import { paths } from '#web/config/paths.ts';
import { guestCart } from '../guest-cart.ts';
import type { GuestChoice } from '../components/guest-dialog.tsx';
import type { Cart } from './use-cart.ts';

const GuestDialog = lazy(() => import('../components/guest-dialog.tsx'));

export interface AddRequest {
  product: Product;
  qty: number;
  selectedWeight: string;
  /** Buy Now: adds only when the product is not in the cart, then goes to /cart. */
  buyNow: boolean;
}

export function useAddToCart(cart: Cart) {
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState<AddRequest | null>(null);

  const perform = (request: AddRequest) => {
    const { product, qty, selectedWeight, buyNow } = request;
    if (!buyNow || !isInCart(cart.lines, product._id)) cart.change({ type: 'add', product, qty, selectedWeight });
    if (buyNow) void navigate(paths.cart.getHref());
  };

  const add = (request: AddRequest) => {
    if (cart.currentMode() === 'anonymous') setWaiting(request);
    else perform(request);
  };

  const onDialogClose = (choice: GuestChoice) => {
    setWaiting(null);
    if (waiting && choice === 'guest') {
      guestCart.setGuest(true);
      perform(waiting);
    }
  };

  const dialog = waiting ? (
    <Suspense fallback={null}>
      <GuestDialog request={waiting} onClose={onDialogClose} />
    </Suspense>
  ) : null;

  return { add, dialog };
}
