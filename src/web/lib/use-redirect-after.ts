/** Goes to another page a moment after something happened (the shop's 2 s and 3 s redirects), unless the screen is left first. */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/**
 * While `active`, navigates to `to` after `delayMs`; leaving the screen or becoming inactive cancels it.
 * `replace`: the page it leaves takes no place in the history (Back must not run it again). `state`: handed to the
 * next page in the history entry, never in its address (an e-mail address the login form starts with).
 */
export function useRedirectAfter({
  active,
  to,
  delayMs,
  replace = false,
  state,
}: {
  active: boolean;
  to: string;
  delayMs: number;
  replace?: boolean;
  state?: unknown;
}): void {
  const navigate = useNavigate();
  // Read when the time comes: a state object made afresh each render must not restart the wait.
  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => navigate(to, { replace, state: stateRef.current }), delayMs);
    return () => clearTimeout(timer);
  }, [active, to, delayMs, replace, navigate]);
}
