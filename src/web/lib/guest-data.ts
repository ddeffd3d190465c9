/** What the browser keeps for a shopper who is not logged in: the spec's guest cart and guest flag (§3 client storage). */
import { type KeyValueStorage, removeItem } from './storage.ts';

export const GUEST_CART_KEY = 'guestCart';
export const IS_GUEST_KEY = 'isGuest';

/** Logging out clears guest data along with the session (spec §4). */
export function clearGuestData(storage: KeyValueStorage | null): void {
  removeItem(storage, GUEST_CART_KEY);
  removeItem(storage, IS_GUEST_KEY);
}

/**
 * What becomes of a guest's data when they log in. The spec clears the guest cart and flag.
 * NOTE: the one place to change when the cart issue merges the guest cart into the server cart instead.
 */
export function settleGuestDataOnLogin(storage: KeyValueStorage | null): void {
  clearGuestData(storage);
}
