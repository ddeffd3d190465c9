/**
 * False while rendering on the server and during the browser's hydrating render, true afterwards (and at once in
 * a page the browser renders alone). What depends on the visitor's stored session or cart must not decide
 * anything (a redirect, "your cart is empty") before this is true: the server cannot know the visitor.
 */
import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
