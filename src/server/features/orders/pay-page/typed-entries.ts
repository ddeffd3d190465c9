/**
 * What a shopper typed into the test payment page, kept from a refused POST for the one GET it redirects to
 * (decision 115), so the page shows the fields again instead of blank ones. Held in this process's memory only:
 * never in the address, a log or the database; read once, and gone after a minute or when the store is full.
 * NOTE: with several processes the GET may reach another one, which shows the fields empty: no worse than before.
 */
import type { TestCardEntry } from '../payments/test-cards.ts';

const HOLD_MS = 60_000;
const MAX_HELD = 500;

export interface TypedEntries {
  keep(sessionId: string, entry: TestCardEntry): void;
  /** What was typed for this session, once; undefined when nothing is held or it is too old. */
  take(sessionId: string): TestCardEntry | undefined;
}

export function createTypedEntries(now: () => number = Date.now): TypedEntries {
  const held = new Map<string, { entry: TestCardEntry; at: number }>();
  return {
    keep(sessionId, entry) {
      held.delete(sessionId);
      // A Map iterates in insertion order: the first key is the oldest.
      if (held.size >= MAX_HELD) held.delete(held.keys().next().value as string);
      held.set(sessionId, { entry, at: now() });
    },
    take(sessionId) {
      const found = held.get(sessionId);
      held.delete(sessionId);
      return found && now() - found.at <= HOLD_MS ? found.entry : undefined;
    },
  };
}
