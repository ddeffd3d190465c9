/**
 * The shop's 'Login or Continue as Guest' popup, a native modal <dialog>: the browser moves focus in, closes on
 * Escape and gives focus back to the button that opened it; Tab and Shift+Tab go round its two buttons (a modal
 * dialog alone lets Tab leave for the browser's own controls). 'Login' keeps the product in this browser's cart,
 * which the login merges into the customer's (docs/api.md, A UK shopper's rules), and goes to /login. A lazy chunk: most visitors
 * never see it.
 */
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { addToCart } from '#shared/cart-rules';
import { paths } from '#web/config/paths.ts';
import { guestCart } from '../guest-cart.ts';
import { Button } from '#web/components/ui/button.tsx';

export const GUEST_DIALOG_TEXT = "Your cart and order history won't be saved if you continue as guest.";

export type GuestChoice = 'login' | 'guest' | 'dismiss';

/** What the shopper asked for when the popup opened (`AddRequest`, of which only these are read). */
interface GuestDialogRequest {
  product: { _id: string };
  qty: number;
  selectedWeight: string;
  buyNow: boolean;
}

interface GuestDialogProps {
  request: GuestDialogRequest;
  /** Told the choice once the dialog has closed; 'login' has been carried out by then. */
  onClose: (choice: GuestChoice) => void;
}

export default function GuestDialog({ request, onClose }: GuestDialogProps) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const choice = useRef<GuestChoice>('dismiss');
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // Closing first lets the browser return focus before the choice is acted on.
  const choose = (next: GuestChoice) => {
    choice.current = next;
    dialogRef.current?.close();
  };

  // The focus loop: from the last button Tab goes to the first, from the first Shift+Tab to the last.
  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const buttons = event.currentTarget.querySelectorAll('button');
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    const active = document.activeElement;
    if (event.shiftKey ? active === first || active === event.currentTarget : active === last) {
      event.preventDefault();
      (event.shiftKey ? last : first)?.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      onKeyDown={keepFocusInside}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={() => {
        const chosen = choice.current;
        if (chosen === 'login') {
          // Not a guest, yet the product is kept: the merge at login brings it into the customer's cart.
          const { product, qty, selectedWeight, buyNow } = request;
          guestCart.setLines(addToCart(guestCart.get().lines, { _id: product._id, qty, selectedWeight }));
          // Buy Now goes on to the cart once logged in, as it would have at once.
          void navigate(paths.login.getHref(buyNow ? paths.cart.getHref() : pathname + search));
        }
        // The browser has given focus back to the button that opened the popup; adding may replace that button
        // ('Already in Cart', 'View Cart'), so focus then goes to what took its place, not to the page's body.
        const opener = document.activeElement;
        const place = opener?.parentElement;
        onClose(chosen);
        setTimeout(() => {
          if (opener && !opener.isConnected) place?.querySelector<HTMLElement>('a, button')?.focus();
        });
      }}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl bg-white p-6 text-stone-800 shadow-xl backdrop:bg-stone-900/50"
    >
      <h2 id={titleId} className="text-xl font-extrabold text-roast-900">
        Login or Continue as Guest
      </h2>
      <p id={textId} className="mt-3 text-stone-700">
        {GUEST_DIALOG_TEXT}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => choose('guest')}>
          Continue as Guest
        </Button>
        <Button variant="primary" onClick={() => choose('login')}>
          Login
        </Button>
      </div>
    </dialog>
  );
}
