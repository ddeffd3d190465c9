/**
 * Keeps the CART_KEPT_COOKIE in step with this browser's stores (decision 074): set while the guest cart has lines or
 * someone is logged in (their cart is the server's, unknown until asked), removed otherwise. The server only reads
 * whether it is there, to choose what /cart shows before the script runs.
 */
import { CART_KEPT_COOKIE } from '#shared/constants';
import { guestCart } from '#web/features/cart/guest-cart.ts';
import { getSession, subscribeSession } from '#web/lib/session.ts';

const A_YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

/** The `document.cookie` assignment that sets (or, with `kept` false, removes) the cookie. */
export function cartKeptCookie(kept: boolean, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax; Max-Age=${kept ? A_YEAR_IN_SECONDS : 0}${secure ? '; Secure' : ''}`;
  return `${CART_KEPT_COOKIE}=${kept ? '1' : ''}; ${attributes}`;
}

/** Called once by the browser entry, after the stores have started. */
export function keepCartKeptCookieInStep(): void {
  let written: boolean | undefined;
  const write = () => {
    const kept = guestCart.get().lines.length > 0 || getSession() !== null;
    if (kept === written) return;
    written = kept;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari before 18.4.
    document.cookie = cartKeptCookie(kept, window.location.protocol === 'https:');
  };
  write();
  guestCart.subscribe(write);
  subscribeSession(write);
}
