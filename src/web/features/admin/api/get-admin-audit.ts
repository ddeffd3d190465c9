/**
 * GET /api/admin/audit (an admin's bearer token): one page of admin changes, newest first, by action and target,
 * held under the logged-in account's query key so it goes with them at logout.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import { type AuditEntry, AuditListSchema, type AuditQuery } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client.ts';
import { customerQueryKey } from '#web/lib/session.ts';
import type { ListPage } from '../list-page.ts';

export const ADMIN_AUDIT_FAILED = 'We could not load the audit. Please try again.';

export type AuditPage = ListPage<AuditEntry, AuditQuery>;

/** One page of changes, with the query it answers. */
export async function getAdminAudit(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.action) params.set('action', query.action);
  if (query.target) params.set('target', query.target);
  const answer = await apiRequest<unknown>(`${adminApiPaths.audit}?${params.toString()}`, { signal });
  return { ...AuditListSchema.parse(answer), query };
}

export const adminAuditQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: [...customerQueryKey, 'admin', 'audit', query],
    queryFn: ({ signal }) => getAdminAudit(query, signal),
    // Every change the owner (or another admin) makes adds a row: each visit asks again.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminAudit(query: AuditQuery) {
  return useQuery(adminAuditQueryOptions(query));
}
