/**
 * POST /api/auth/logout (bearer): ends the session on the server (decision 101). `logOutHere` forgets the session in
 * the browser first, then asks the server with the token it had, so the browser is logged out even when the call fails.
 */
import { apiPaths } from '#shared/api-paths';
import { apiRequest } from '#web/lib/api-client.ts';
import { getSession, logOut } from '#web/lib/session.ts';

export function endSession(token: string): Promise<unknown> {
  // The token is passed by hand: the session is already forgotten, and a 401 here must not end any other.
  return apiRequest(apiPaths.auth.logout, {
    method: 'POST',
    withToken: false,
    headers: { authorization: `Bearer ${token}` },
  });
}

export function logOutHere(): void {
  const token = getSession()?.token;
  logOut();
  // Nothing to tell the customer if it fails: the browser has forgotten the token, which expires on its own.
  if (token) endSession(token).catch(() => undefined);
}
