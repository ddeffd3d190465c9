/**
 * The guest cart in the browser: stored lines `{ _id, qty, selectedWeight }` under local storage's 'guestCart'
 * and the 'isGuest' flag, kept as a tiny external store that every tab of the shop follows through
 * the `storage` event. What a login or logout does to it is wired by the app (app/wire-session.ts).
 */
import { useSyncExternalStore } from 'react';
import type { StoredCartLine } from '#shared/schemas/cart';
import { normaliseCart } from '#shared/cart-rules';
import { browserStorage, type KeyValueStorage, readItem, removeItem, writeItem } from '#web/lib/storage.ts';

export const GUEST_CART_KEY = 'guestCart';
export const IS_GUEST_KEY = 'isGuest';

export interface GuestCartSnapshot {
  /** The stored lines, normalised; the same array until the cart changes. */
  lines: StoredCartLine[];
  /** True once the visitor chose 'Continue as Guest'. */
  isGuest: boolean;
}

type StorageEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface GuestCartStore {
  get(): GuestCartSnapshot;
  subscribe(listener: () => void): () => void;
  /** Replaces the lines, e.g. with `addToCart(get().lines, …)`. */
  setLines(lines: StoredCartLine[]): void;
  setGuest(isGuest: boolean): void;
  /** Forgets the lines and the flag (logout, or a guest cart merged into the customer's). */
  clear(): void;
  /** Forgets only the lines, keeping the flag. */
  clearLines(): void;
  stop(): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Checked by hand, keeping zod off the home page: a line needs a product id and a whole-number quantity. */
export function parseGuestCart(json: string | null): StoredCartLine[] {
  if (json === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const lines: StoredCartLine[] = [];
  for (const item of value) {
    if (!isRecord(item) || typeof item._id !== 'string' || item._id === '') continue;
    if (typeof item.qty !== 'number' || !Number.isInteger(item.qty)) continue;
    lines.push({
      _id: item._id,
      qty: item.qty,
      selectedWeight: typeof item.selectedWeight === 'string' ? item.selectedWeight : '',
    });
  }
  return normaliseCart(lines);
}

export function createGuestCartStore({
  storage,
  events,
}: {
  storage: KeyValueStorage | null;
  events: StorageEvents | null;
}): GuestCartStore {
  const listeners = new Set<() => void>();
  let snapshot = read();

  function read(): GuestCartSnapshot {
    return {
      lines: parseGuestCart(readItem(storage, GUEST_CART_KEY)),
      isGuest: readItem(storage, IS_GUEST_KEY) === 'true',
    };
  }
  function set(next: GuestCartSnapshot) {
    snapshot = next;
    for (const listener of listeners) listener();
  }

  // Another tab changed the guest cart (or cleared all storage: key null).
  const onStorage = (event: Event) => {
    const { key } = event as StorageEvent;
    if (key !== null && key !== GUEST_CART_KEY && key !== IS_GUEST_KEY) return;
    set(read());
  };
  events?.addEventListener('storage', onStorage);

  return {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setLines(lines) {
      const normalised = normaliseCart(lines);
      if (normalised.length === 0) removeItem(storage, GUEST_CART_KEY);
      else writeItem(storage, GUEST_CART_KEY, JSON.stringify(normalised));
      set({ ...snapshot, lines: normalised });
    },
    setGuest(isGuest) {
      if (isGuest) writeItem(storage, IS_GUEST_KEY, 'true');
      else removeItem(storage, IS_GUEST_KEY);
      if (snapshot.isGuest !== isGuest) set({ ...snapshot, isGuest });
    },
    clear() {
      removeItem(storage, GUEST_CART_KEY);
      removeItem(storage, IS_GUEST_KEY);
      set({ lines: [], isGuest: false });
    },
    clearLines() {
      removeItem(storage, GUEST_CART_KEY);
      set({ ...snapshot, lines: [] });
    },
    stop: () => events?.removeEventListener('storage', onStorage),
  };
}

// Until the entry starts the real one: an empty cart, nothing read.
let activeStore = createGuestCartStore({ storage: null, events: null });

/** Reads the stored guest cart and follows other tabs. Called once by the browser entry, before the first render. */
export function startGuestCart(): void {
  activeStore.stop();
  activeStore = createGuestCartStore({ storage: browserStorage(), events: window });
}

export const guestCart = {
  get: (): GuestCartSnapshot => activeStore.get(),
  subscribe: (listener: () => void): (() => void) => activeStore.subscribe(listener),
  setLines: (lines: StoredCartLine[]): void => activeStore.setLines(lines),
  setGuest: (isGuest: boolean): void => activeStore.setGuest(isGuest),
  clear: (): void => activeStore.clear(),
  clearLines: (): void => activeStore.clearLines(),
};

const EMPTY: GuestCartSnapshot = { lines: [], isGuest: false };
const emptyOnServer = () => EMPTY;

/** The guest cart and flag, re-rendering when they change (here or in another tab). */
export function useGuestCart(): GuestCartSnapshot {
  return useSyncExternalStore(guestCart.subscribe, guestCart.get, emptyOnServer);
}
