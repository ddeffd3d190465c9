/** Screens for logged-in customers only: anyone else goes to /login, and comes back here once logged in. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { paths } from '#web/config/paths.ts';
import { useSession } from '#web/lib/session.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

export function RequireCustomer({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  // The server, and the browser hydrating its HTML, cannot know the visitor yet: no redirect before they can.
  if (!useHydrated()) return <PageLoading />;
  // Also when the session ends while the screen is open (logout here or in another tab, or a refused token).
  if (!session) return <Navigate to={paths.login.getHref(pathname + search)} replace />;
  return children;
}
