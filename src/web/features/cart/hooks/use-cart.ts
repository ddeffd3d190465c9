/**
 * The shopper's cart, whoever they are: a guest's lines from local storage priced against the catalog, a
 * customer's from the server (changed optimistically, rolled back with a message when refused), and none for
 * an anonymous visitor until they log in or continue as a guest.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addToCart, changeWeight, clearCart, priceCartLine, priceCartLines, removeFromCart } from '#shared/cart-rules';
import type { CartLine, StoredCartLine } from '#shared/schemas/cart';
import type { Product } from '#shared/schemas/product';
import { failureMessage } from '#web/lib/api-client.ts';
import { guestCart, useGuestCart } from '../guest-cart.ts';
import { getSession, useSession } from '#web/lib/session.ts';
import { cartQueryOptions } from '../api/get-cart.ts';
import { addToServerCart } from '../api/add-to-cart.ts';
import { changeServerCartWeight } from '../api/change-cart-weight.ts';
import { clearServerCart } from '../api/clear-cart.ts';
import { removeFromServerCart } from '../api/remove-from-cart.ts';

export type CartChange =
  | { type: 'add'; product: Product; qty: number; selectedWeight: string }
  | { type: 'remove'; productId: string; qtyToRemove: number }
  | { type: 'clear' }
  | { type: 'weight'; productId: string; selectedWeight: string };

export type CartMode = 'customer' | 'guest' | 'anonymous';

export interface Cart {
  lines: CartLine[];
  /** True while the lines are not known yet (the server's answer, or the catalog a guest cart is priced with). */
  isLoading: boolean;
  /** Who the cart belongs to now, read when called, so a choice made a moment ago counts. */
  currentMode(): CartMode;
  change(change: CartChange): void;
  /** Why the last change was undone, until the next change. */
  errorMessage: string | null;
}

export const CART_CHANGE_FAILED = 'We could not update your cart, so the change was undone. Please try again.';

const toStored = ({ _id, qty, selectedWeight }: StoredCartLine): StoredCartLine => ({ _id, qty, selectedWeight });

/** The shop's rule for a change, on stored lines. */
function applyRule(lines: StoredCartLine[], change: CartChange): StoredCartLine[] {
  switch (change.type) {
    case 'add':
      return addToCart(lines, { _id: change.product._id, qty: change.qty, selectedWeight: change.selectedWeight });
    case 'remove':
      return removeFromCart(lines, change.productId, change.qtyToRemove);
    case 'clear':
      return clearCart();
    case 'weight':
      return changeWeight(lines, change.productId, change.selectedWeight);
  }
}

/** What the server will answer, shown at once: the rule applied, lines priced from the products already at hand. */
export function applyChangeToPricedLines(lines: CartLine[], change: CartChange): CartLine[] {
  const byId = new Map(lines.map((line) => [line._id, line]));
  return applyRule(lines.map(toStored), change).map((line) => {
    const known = byId.get(line._id);
    const product =
      change.type === 'add' && change.product._id === line._id ? change.product : (known?.product ?? undefined);
    return priceCartLine(line, product, known?.name);
  });
}

function sendChange(change: CartChange): Promise<CartLine[]> {
  switch (change.type) {
    case 'add':
      return addToServerCart({ _id: change.product._id, qty: change.qty, selectedWeight: change.selectedWeight });
    case 'remove':
      return removeFromServerCart(change.productId, change.qtyToRemove);
    case 'clear':
      return clearServerCart();
    case 'weight':
      return changeServerCartWeight(change.productId, change.selectedWeight);
  }
}

const currentMode = (): CartMode => (getSession() ? 'customer' : guestCart.get().isGuest ? 'guest' : 'anonymous');

/**
 * Whether the cart needs the catalog now: a guest's stored lines are priced with it (nobody logged in, lines
 * stored). The app fetches the catalog only then and hands it to `useCart`.
 */
export function useCartNeedsCatalog(): boolean {
  const session = useSession();
  const guest = useGuestCart();
  return session === null && guest.lines.length > 0;
}

/** `catalog`: the products a guest cart is priced with (undefined while loading). */
export function useCart(catalog: Product[] | undefined): Cart {
  const session = useSession();
  const guest = useGuestCart();
  const queryClient = useQueryClient();
  const token = session?.token ?? '';
  const options = cartQueryOptions(token);
  const serverCart = useQuery({ ...options, enabled: session !== null });
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: sendChange,
    // One change at a time, in order: each answer is the whole cart, so answers to changes sent side by side
    // (quick clicks, Buy again's several lines) could arrive out of order and the older cart would win.
    scope: { id: 'cart' },
    onMutate: async (change: CartChange) => {
      await queryClient.cancelQueries({ queryKey: options.queryKey });
      const previous = queryClient.getQueryData(options.queryKey);
      queryClient.setQueryData(options.queryKey, applyChangeToPricedLines(previous ?? [], change));
      return { previous };
    },
    onError: (error, _change, context) => {
      queryClient.setQueryData(options.queryKey, context?.previous);
      setErrorMessage(`${failureMessage(error, { fallback: CART_CHANGE_FAILED })} Your cart was put back as it was.`);
    },
    onSuccess: (lines) => queryClient.setQueryData(options.queryKey, lines),
  });

  if (session) {
    return {
      lines: serverCart.data ?? [],
      isLoading: serverCart.isPending,
      currentMode,
      change(change) {
        setErrorMessage(null);
        mutation.mutate(change);
      },
      errorMessage,
    };
  }

  const productById = new Map((catalog ?? []).map((product) => [product._id, product]));
  return {
    lines: catalog ? priceCartLines(guest.lines, (id) => productById.get(id)) : [],
    isLoading: guest.lines.length > 0 && !catalog,
    currentMode,
    change(change) {
      setErrorMessage(null);
      if (currentMode() === 'customer') {
        mutation.mutate(change);
        return;
      }
      guestCart.setLines(applyRule(guestCart.get().lines, change));
    },
    errorMessage,
  };
}
