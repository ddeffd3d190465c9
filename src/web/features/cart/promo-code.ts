/**
 * The promotion code the shopper applied, kept in the tab's session storage under 'promoCode' so it survives the
 * cart, /shipping, the payment page and a reload, and no longer than the tab. A tiny external store: storage is read
 * when the first component subscribes (after rendering, never on the server), so a server render and the hydrating
 * render both see no code. Forgotten after a paid order and at logout (forget-promo-code.ts).
 */
import { useSyncExternalStore } from 'react';
import { type KeyValueStorage, readItem, removeItem, writeItem } from '#web/lib/storage.ts';
import { onPromoCodeForgotten, PROMO_CODE_KEY, sessionStorageOrNull } from './forget-promo-code.ts';

export { PROMO_CODE_KEY };

/** A promotion code is short; anything else found in storage is not one the shop wrote. */
const STORED_CODE = /^[A-Za-z0-9][A-Za-z0-9-]{1,49}$/;

export interface PromoCodeStore {
  /** The applied code, or null; null until a component has subscribed. */
  get(): string | null;
  subscribe(listener: () => void): () => void;
  set(code: string): void;
  clear(): void;
}

export function createPromoCodeStore(storage: () => KeyValueStorage | null): PromoCodeStore {
  const listeners = new Set<() => void>();
  let loaded = false;
  let code: string | null = null;

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const load = () => {
    if (loaded) return;
    loaded = true;
    const stored = readItem(storage(), PROMO_CODE_KEY);
    code = stored !== null && STORED_CODE.test(stored) ? stored : null;
  };

  return {
    get: () => code,
    subscribe(listener) {
      listeners.add(listener);
      if (!loaded) {
        load();
        if (code !== null) emit();
      }
      return () => listeners.delete(listener);
    },
    set(next) {
      loaded = true;
      code = next;
      writeItem(storage(), PROMO_CODE_KEY, next);
      emit();
    },
    clear() {
      loaded = true;
      const had = code !== null;
      code = null;
      removeItem(storage(), PROMO_CODE_KEY);
      if (had) emit();
    },
  };
}

export const promoCodeStore = createPromoCodeStore(sessionStorageOrNull);
onPromoCodeForgotten(() => promoCodeStore.clear());

/** The applied code; null on the server, while hydrating, and when none is applied. */
export function usePromoCode(): string | null {
  return useSyncExternalStore(promoCodeStore.subscribe, promoCodeStore.get, () => null);
}
