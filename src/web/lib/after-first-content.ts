/**
 * Optional code (the footer, the carousels' Embla) waits until the first page has shown its content,
 * so it never competes with the code, data and images that page needs. The app says when that is.
 */

const IDLE_TIMEOUT_MS = 1000;

let contentShown = false;
const waiting = new Set<() => void>();

/** Called by the app once the first page's code and data have arrived; later calls do nothing. */
export function markFirstContentShown(): void {
  if (contentShown) return;
  contentShown = true;
  for (const start of waiting) start();
  waiting.clear();
}

/**
 * Calls `run` in an idle moment after the first page has shown its content (the next idle moment if it
 * already has).
 * Returns a function that cancels the wait; calling it after `run` is harmless.
 */
export function afterFirstContent(run: () => void): () => void {
  let idleHandle: number | undefined;
  const whenIdle = () => {
    idleHandle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
        : window.setTimeout(run, 0);
  };
  if (contentShown) whenIdle();
  else waiting.add(whenIdle);

  return () => {
    waiting.delete(whenIdle);
    if (idleHandle === undefined) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleHandle);
    else window.clearTimeout(idleHandle);
  };
}
