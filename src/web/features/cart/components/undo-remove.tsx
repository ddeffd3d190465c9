/**
 * A line's Remove is undone for a few seconds (decision 115): the cart says what was removed in a polite live
 * region, with an 'Undo' that puts the same product, weight and quantity back. The line goes at once (the cart and
 * its totals stay true meanwhile); the Undo adds it again, so a shopper who leaves the page loses nothing half-done.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CartLine } from '#shared/schemas/cart';
import type { Product } from '#shared/schemas/product';
import { Button } from '#web/components/ui/button.tsx';
import type { Cart } from '../hooks/use-cart.ts';

/** How long 'Undo' is offered; paused while it has the keyboard's focus, so nobody is timed out mid-decision. */
export const UNDO_REMOVE_MS = 8_000;

interface Removed {
  product: Product;
  name: string;
  selectedWeight: string;
  qty: number;
  /** A keyboard user pressed Remove: Undo takes the focus the vanished button had. */
  focusUndo: boolean;
}

type Notice = { kind: 'removed'; line: Removed } | { kind: 'restored'; name: string } | undefined;

export interface RemoveWithUndo {
  notice: Notice;
  /** Removes the whole line, offering to put it back when its product can still be bought. */
  remove(line: CartLine, button: HTMLElement | null): void;
  undo(): void;
  /** Clears the message: its time has run out. */
  expire(): void;
}

export function useRemoveWithUndo(cart: Cart): RemoveWithUndo {
  const [notice, setNotice] = useState<Notice>();
  const remove = useCallback(
    (line: CartLine, button: HTMLElement | null) => {
      cart.change({ type: 'remove', productId: line._id, qtyToRemove: line.qty });
      if (!line.product || !line.available) return setNotice(undefined);
      setNotice({
        kind: 'removed',
        line: {
          product: line.product,
          name: line.product.name,
          selectedWeight: line.selectedWeight,
          qty: line.qty,
          focusUndo: button?.matches(':focus-visible') ?? false,
        },
      });
    },
    [cart],
  );
  const undo = () => {
    if (notice?.kind !== 'removed') return;
    const { product, selectedWeight, qty, name } = notice.line;
    cart.change({ type: 'add', product, qty, selectedWeight });
    setNotice({ kind: 'restored', name });
  };
  const expire = useCallback(() => setNotice(undefined), []);
  return { notice, remove, undo, expire };
}

/**
 * The live region, always in the page so that what appears in it is announced; empty until a line is removed.
 * NOTE: keep it mounted across the cart's empty and filled views: a region added with its text is not announced.
 */
export function RemovedNotice({ removing }: { removing: RemoveWithUndo }) {
  const { notice, undo, expire } = removing;
  const undoRef = useRef<HTMLButtonElement>(null);
  const regionRef = useRef<HTMLDivElement>(null);
  const [paused, setPaused] = useState(false);
  const line = notice?.kind === 'removed' ? notice.line : undefined;

  useEffect(() => {
    if (line?.focusUndo) undoRef.current?.focus();
  }, [line]);

  // The offer, and then the word that the line is back, each stay a few seconds.
  useEffect(() => {
    if (!notice || paused) return;
    const timer = setTimeout(expire, UNDO_REMOVE_MS);
    return () => clearTimeout(timer);
  }, [notice, paused, expire]);

  return (
    <div
      ref={regionRef}
      role="status"
      tabIndex={-1}
      className={
        notice ? 'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-roast-900 px-4 py-3 text-white' : ''
      }
    >
      {line && (
        <>
          <p className="flex-1">{`Removed ${line.name} (${line.selectedWeight}) from your cart.`}</p>
          <Button
            ref={undoRef}
            variant="overlay"
            size="sm"
            className="min-h-11"
            aria-label={`Undo: put ${line.name} back in your cart`}
            onFocus={() => setPaused(true)}
            onBlur={() => setPaused(false)}
            onClick={() => {
              // The button goes with the offer: the message that replaces it keeps a keyboard user's place.
              if (document.activeElement === undoRef.current) regionRef.current?.focus();
              undo();
            }}
          >
            Undo
          </Button>
        </>
      )}
      {notice?.kind === 'restored' && <p>{`${notice.name} is back in your cart.`}</p>}
    </div>
  );
}
