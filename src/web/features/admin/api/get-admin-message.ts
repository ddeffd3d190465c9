/**
 * GET /api/admin/messages/{id} (an admin's bearer token): one contact message. Opening a new one marks it read
 * (PATCH `{ status: 'read' }`, set-message-status.ts): a GET changes nothing on the server, so the screen does it.
 * The lists are asked again once it has arrived.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import { type AdminMessage, AdminMessageSchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminKey } from './get-admin-list.ts';
import { setMessageStatus } from './set-message-status.ts';

export const ADMIN_MESSAGE_FAILED = 'We could not load this message. Please try again.';

/** Every admin message query's key starts here, so a reply or an opening refreshes them all. */
export const adminMessagesKey = adminKey('messages');

export async function getAdminMessage(messageId: string, signal?: AbortSignal): Promise<AdminMessage> {
  const answer = await apiRequest<unknown>(adminApiPaths.message(messageId), { signal });
  return AdminMessageSchema.parse(answer);
}

/** The message, read now if it was new; still new if marking it read failed, as the owner may open it again. */
export async function openAdminMessage(messageId: string, signal?: AbortSignal): Promise<AdminMessage> {
  const message = await getAdminMessage(messageId, signal);
  if (message.status !== 'new') return message;
  return setMessageStatus(messageId, 'read').catch(() => message);
}

export function useAdminMessage(messageId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...adminMessagesKey, 'one', messageId],
    queryFn: async ({ signal }) => {
      const message = await openAdminMessage(messageId, signal);
      // Opened, a new message is read now: the lists show it so.
      void queryClient.invalidateQueries({ queryKey: [...adminMessagesKey, 'list'] });
      return message;
    },
    staleTime: 0,
  });
}
