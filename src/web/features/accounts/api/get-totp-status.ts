/** GET /api/auth/totp (bearer): whether the account's second login step is on, held under the customer's query key. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '#shared/api-paths';
import type { TotpStatus } from '#shared/schemas/totp';
import { apiRequest } from '#web/lib/api-client.ts';
import { customerQueryKey } from '#web/lib/session.ts';

export function getTotpStatus(signal?: AbortSignal): Promise<TotpStatus> {
  return apiRequest<TotpStatus>(apiPaths.totp.status, { signal });
}

export const totpStatusQueryOptions = () =>
  queryOptions({ queryKey: [...customerQueryKey, 'totp'], queryFn: ({ signal }) => getTotpStatus(signal) });

export function useTotpStatus() {
  return useQuery(totpStatusQueryOptions());
}
