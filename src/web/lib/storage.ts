/**
 * The browser's local storage, reached only through here: it can be missing (a server render) or refuse every
 * call (storage disabled, Safari's private mode of old), and a shop that cannot remember a session must still sell.
 */

/** The part of the Web Storage API the shop uses; tests pass a Map-backed stand-in. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** `window.localStorage`, or null where there is none or it may not be used. Call it from effects and entry code, never while rendering. */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readItem(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(storage: KeyValueStorage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Full or refused: the session then lasts as long as this page.
  }
}

export function removeItem(storage: KeyValueStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Refused: nothing was stored there either.
  }
}
