/**
 * The spec's 'Login or Continue as Guest' popup, a native modal <dialog>: the browser moves focus in, keeps it
 * there, closes on Escape and gives focus back to the button that opened it. A lazy chunk: most visitors never see it.
 */
import { useEffect, useId, useRef } from 'react';
import { Button } from '#web/components/ui/button.tsx';

export const GUEST_DIALOG_TEXT = "Your cart and order history won't be saved if you continue as guest.";

export type GuestChoice = 'login' | 'guest' | 'dismiss';

export default function GuestDialog({ onClose }: { onClose: (choice: GuestChoice) => void }) {
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

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={() => onClose(choice.current)}
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
