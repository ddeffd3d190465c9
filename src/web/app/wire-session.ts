/**
 * What a login or a logout in this tab does to the guest's cart, the saved address and the applied promotion code: the session announces them,
 * the features act. Only the tab that logged in hears its login, so only that tab merges the guest cart (decision
 * 033); the logout's tab forgets the address for every tab, as they share the storage.
 */
import { mergeGuestCartAfterLogin } from '#web/features/cart/api/merge-guest-cart.ts';
import { forgetPromoCode } from '#web/features/cart/forget-promo-code.ts';
import { type GuestCartStore, guestCart } from '#web/features/cart/guest-cart.ts';
import { forgetShippingAddress } from '#web/features/orders/forget-shipping-address.ts';
import { onSessionEvent, type SessionStore } from '#web/lib/session.ts';

type GuestCartAtLogin = Pick<GuestCartStore, 'get' | 'setGuest' | 'clear' | 'clearLines'>;

export function wireGuestCartToSession(session: Pick<SessionStore, 'on'>, cart: GuestCartAtLogin): () => void {
  const stopLogin = session.on('login', () => {
    // No longer a guest at once; the lines stay in storage until the server has merged them.
    cart.setGuest(false);
    void mergeGuestCartAfterLogin(cart);
  });
  // Logging out clears guest data along with the session.
  const stopLogout = session.on('logout', () => cart.clear());
  return () => {
    stopLogin();
    stopLogout();
  };
}

/** The browser entry's wiring, once `startSession()` and `startGuestCart()` have run. */
export function wireSession(): void {
  wireGuestCartToSession({ on: onSessionEvent }, guestCart);
  // Nothing personal stays on a shared device: the saved shipping address goes with the session (docs/api.md, A UK shopper's rules).
  onSessionEvent('logout', forgetShippingAddress);
  // The code applied in this tab is guest data too.
  onSessionEvent('logout', forgetPromoCode);
}
