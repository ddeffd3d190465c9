/** On load, a stored session is checked with GET /api/auth/me, and the stored user refreshed from the answer. */
import { useEffect } from 'react';
import { getSession, updateSessionUser } from '#web/lib/session.ts';
import { getMe } from '../api/get-me.ts';

export function useVerifyStoredSession(): void {
  useEffect(() => {
    const session = getSession();
    if (!session) return;
    const controller = new AbortController();
    getMe(controller.signal).then(
      ({ user }) => updateSessionUser(session.token, user),
      // A 401 has already ended the session (the API client does that for every call). Offline or a server
      // error says nothing about the token, so the session stays and the next call finds out.
      () => undefined,
    );
    return () => controller.abort();
  }, []);
}
