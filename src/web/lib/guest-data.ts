/** What the browser keeps for a shopper who is not logged in: the spec's guest cart and guest flag (§3 client storage), and what becomes of them at login and logout. */
import { apiPaths } from '#shared/api-paths';
import type { CartLine } from '#shared/schemas/cart';
import { apiRequest } from './api-client.ts';
import { GUEST_CART_KEY, guestCart, IS_GUEST_KEY } from './guest-cart.ts';
import { type KeyValueStorage, removeItem } from './storage.ts';

export { GUEST_CART_KEY, IS_GUEST_KEY };

/** Logging out clears guest data along with the session (spec §4). */
export function clearGuestData(storage: KeyValueStorage | null): void {
  removeItem(storage, GUEST_CART_KEY);
  removeItem(storage, IS_GUEST_KEY);
  guestCart.clear();
}

/**
 * At login the visitor stops being a guest; the guest cart stays in storage until the server has merged it
 * (decision 033, `mergeGuestCartAfterLogin`).
 */
export function settleGuestDataOnLogin(storage: KeyValueStorage | null): void {
  removeItem(storage, IS_GUEST_KEY);
  guestCart.setGuest(false);
}

let pendingMerge: Promise<void> = Promise.resolve();

/**
 * Sends the guest cart to `POST /api/cart/merge` with the new session's token and forgets it only on a 200,
 * so nothing a guest chose is lost (decision 033). Only the tab that logged in calls this, so other tabs
 * cannot merge the same cart twice.
 */
export function mergeGuestCartAfterLogin(): Promise<void> {
  const items = guestCart.get().lines;
  if (items.length === 0) return pendingMerge;
  pendingMerge = apiRequest<CartLine[]>(apiPaths.cart.merge, { method: 'POST', body: { items } }).then(
    () => guestCart.clearLines(),
    (error: unknown) => console.warn('Could not merge the guest cart; it is kept for the next login.', error),
  );
  return pendingMerge;
}

/** Settles once the latest merge has answered, so the customer's cart is read after it. */
export const guestCartMergeSettled = (): Promise<void> => pendingMerge;
