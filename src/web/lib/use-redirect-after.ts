/** Goes to another page a moment after something happened (the shop's 2 s and 3 s redirects), unless the screen is left first. */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * While `active`, navigates to `to` after `delayMs`; leaving the screen or becoming inactive cancels it.
 * `replace`: the page it leaves takes no place in the history (Back must not run it again).
 */
export function useRedirectAfter({
  active,
  to,
  delayMs,
  replace = false,
}: {
  active: boolean;
  to: string;
  delayMs: number;
  replace?: boolean;
}): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => navigate(to, { replace }), delayMs);
    return () => clearTimeout(timer);
  }, [active, to, delayMs, replace, navigate]);
}
