/** GET /api/auth/me: the customer the stored token belongs to (a 401 ends the session, in the API client). */
import type { MeAnswer } from '#shared/schemas/user';
import { apiPaths } from '#shared/api-paths';
import { apiRequest } from '#web/lib/api-client.ts';

export function getMe(signal?: AbortSignal): Promise<MeAnswer> {
  return apiRequest<MeAnswer>(apiPaths.auth.me, { signal });
}
