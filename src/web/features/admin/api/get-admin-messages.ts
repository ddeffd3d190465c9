/**
 * GET /api/admin/messages (an admin's bearer token): one page of contact messages, newest first, by status, held
 * under the logged-in account's query key so it goes with them at logout.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import { type AdminMessage, AdminMessageListSchema, type MessageStatus } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client.ts';
import { customerQueryKey } from '#web/lib/session.ts';
import type { ListPage } from '../list-page.ts';

export const ADMIN_MESSAGES_FAILED = 'We could not load the messages. Please try again.';

/** Every admin message query's key starts here, so a reply or an opening refreshes them all. */
export const adminMessagesKey = [...customerQueryKey, 'admin', 'messages'] as const;

export interface AdminMessagesQuery {
  status?: MessageStatus | undefined;
  limit: number;
  offset: number;
}

export type AdminMessagePage = ListPage<AdminMessage, AdminMessagesQuery>;

/** One page of messages, with the query it answers. */
export async function getAdminMessages(query: AdminMessagesQuery, signal?: AbortSignal): Promise<AdminMessagePage> {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.status) params.set('status', query.status);
  const answer = await apiRequest<unknown>(`${adminApiPaths.messages}?${params.toString()}`, { signal });
  return { ...AdminMessageListSchema.parse(answer), query };
}

export function useAdminMessages(query: AdminMessagesQuery) {
  return useQuery({
    queryKey: [...adminMessagesKey, 'list', query],
    queryFn: ({ signal }) => getAdminMessages(query, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
