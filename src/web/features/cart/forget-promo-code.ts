/**
 * The applied promotion code's storage key, and forgetting it, in a module of its own: the entry wires the logout on
 * every page and /success clears it after a paid order, while the code's store belongs to the lazy cart screens.
 */
import { type KeyValueStorage, removeItem } from '#web/lib/storage.ts';

export const PROMO_CODE_KEY = 'promoCode';

/** `window.sessionStorage`, or null where there is none or it may not be used. Never call it while rendering. */
export function sessionStorageOrNull(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const forgetters = new Set<() => void>();

/** Lets the code's store, once loaded, hear that the code was forgotten from outside it. */
export function onPromoCodeForgotten(forget: () => void): () => void {
  forgetters.add(forget);
  return () => forgetters.delete(forget);
}

/** Forgets the applied code: this tab's storage, and the store's copy if a screen has loaded it. */
export function forgetPromoCode(): void {
  removeItem(sessionStorageOrNull(), PROMO_CODE_KEY);
  for (const forget of forgetters) forget();
}
