/**
 * POST /api/cart/merge: the guest cart into the customer's, just after login (decision 033). The app sends it
 * from the tab that logged in only (app/wire-session.ts), so no other tab can merge the same cart twice.
 */
import { apiPaths } from '#shared/api-paths';
import type { CartLine, MergeCartBody, StoredCartLine } from '#shared/schemas/cart';
import { apiRequest } from '#web/lib/api-client.ts';
import { type GuestCartStore, guestCart } from '../guest-cart.ts';

export function mergeGuestCart(items: StoredCartLine[]): Promise<CartLine[]> {
  return apiRequest<CartLine[]>(apiPaths.cart.merge, { method: 'POST', body: { items } satisfies MergeCartBody });
}

let pendingMerge: Promise<void> = Promise.resolve();

/**
 * Sends the guest cart with the new session's token and forgets its lines only on a 200, so nothing a guest
 * chose is lost: a failed merge keeps them for the next login.
 */
export function mergeGuestCartAfterLogin(store: Pick<GuestCartStore, 'get' | 'clearLines'> = guestCart): Promise<void> {
  const items = store.get().lines;
  if (items.length === 0) return pendingMerge;
  pendingMerge = mergeGuestCart(items).then(
    () => store.clearLines(),
    (error: unknown) => console.warn('Could not merge the guest cart; it is kept for the next login.', error),
  );
  return pendingMerge;
}

/** Settles once the latest merge has answered, so the customer's cart is read after it (get-cart.ts). */
export const guestCartMergeSettled = (): Promise<void> => pendingMerge;
