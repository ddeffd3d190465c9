/** Screens for logged-in customers only: anyone else goes to /login, and comes back here once logged in. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { useSession } from '#web/lib/session.ts';

export function RequireCustomer({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  // Also when the session ends while the screen is open (logout here or in another tab, or a refused token).
  if (!session) return <Navigate to={paths.login.getHref(pathname + search)} replace />;
  return children;
}
