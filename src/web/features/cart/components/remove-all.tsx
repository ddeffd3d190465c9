/** 'Remove All' on the cart page, asked again in place before the cart is emptied (decision 063). */
import { useId, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';

/** 'Remove All', asked again in place before the cart is emptied: one press should not lose a whole cart. */
export function RemoveAll({ lineCount, onConfirm }: { lineCount: number; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  // Where focus goes as the question opens and closes, so a keyboard user is never left on the page's body.
  const focusOnMount = useRef(false);
  const focusIfAsked = (element: HTMLElement | null) => {
    // NOTE: called with null as the control it replaces goes; only the new control ends the wait.
    if (element && focusOnMount.current) {
      element.focus();
      focusOnMount.current = false;
    }
  };
  const ask = (next: boolean) => {
    focusOnMount.current = true;
    setAsking(next);
  };

  if (!asking) {
    return (
      <div>
        <Button ref={focusIfAsked} variant="secondary" onClick={() => ask(true)}>
          Remove All
        </Button>
      </div>
    );
  }
  return (
    <div
      role="group"
      aria-labelledby={questionId}
      className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-center"
    >
      <p id={questionId} className="font-semibold text-red-900 sm:flex-1">
        {lineCount === 1 ? 'Remove the item from your cart?' : `Remove all ${lineCount} items from your cart?`}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" ref={focusIfAsked} onClick={() => ask(false)}>
          Keep Items
        </Button>
        <button
          type="button"
          onClick={onConfirm}
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-4 text-sm font-semibold text-white shadow-sm hover:bg-red-800"
        >
          Yes, Remove All
        </button>
      </div>
    </div>
  );
}
