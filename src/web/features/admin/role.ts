/**
 * Who is working in /admin: the owner (`admin`) may do everything; `staff` work orders, packing, messages and
 * reviews (decision 097). The server refuses the rest on its own; this only keeps /admin from offering it.
 */
import { useSession } from '#web/lib/session.ts';

/** True for the owner (an admin), false for staff and anyone else. */
export function useIsOwner(): boolean {
  return useSession()?.user.role === 'admin';
}

/** Whether a role works in /admin at all. */
export const worksInAdmin = (role: string | undefined) => role === 'admin' || role === 'staff';
