/**
 * GET /api/auth/reset-password/:token/check: whether the mailed link can still be used, so the reset page says so
 * before the shopper types a new password twice. Asked once per page; never retried or kept.
 */
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '#shared/api-paths';
import { RESET_LINK_CHECK_SUFFIX, type ResetLinkCheck } from '#shared/schemas/user';
import { apiRequest } from '#web/lib/api-client.ts';

export function checkResetLink(token: string, signal?: AbortSignal): Promise<ResetLinkCheck> {
  return apiRequest<ResetLinkCheck>(`${apiPaths.auth.resetPassword(token)}${RESET_LINK_CHECK_SUFFIX}`, {
    signal,
    withToken: false,
  });
}

export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: ['reset-link', token],
    queryFn: ({ signal }) => checkResetLink(token, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
