/**
 * The owner's and staff's screens: anyone not logged in goes to /login and back (RequireCustomer); a logged-in customer gets the
 * not-allowed page, and the screen (and so any request for its data) is never rendered for them. The server checks
 * every /api/admin call on its own; this only spares a shopper a screen of errors.
 */
import type { ReactNode } from 'react';
import { NotAllowed } from '#web/components/errors/not-allowed.tsx';
import { worksInAdmin } from '#web/features/admin/role.ts';
import { useSession } from '#web/lib/session.ts';
import { RequireCustomer } from './require-customer.tsx';

export function RequireAdmin({ children }: { children: ReactNode }) {
  return (
    <RequireCustomer>
      <AdminOnly>{children}</AdminOnly>
    </RequireCustomer>
  );
}

function AdminOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  return worksInAdmin(session?.user.role) ? children : <NotAllowed />;
}
