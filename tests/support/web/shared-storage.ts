/** Test stand-ins for the browser's local storage and its `storage` event, for the stores that keep state there. */
import type { KeyValueStorage } from '#web/lib/storage.ts';

/** One origin's local storage, shared by the "tabs" of a test, like the real one; `items` shows what it holds. */
export function sharedStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const storage: KeyValueStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
  return { items, storage };
}

/** What the browser does in every other tab after one tab writes to local storage (key null: storage cleared). */
export function storageEvent(key: string | null): Event {
  return Object.assign(new Event('storage'), { key });
}
