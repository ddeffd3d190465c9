/**
 * GET /api/admin/messages/{id} (an admin's bearer token): one contact message; opening a new one marks it read on
 * the server, so the lists are asked again once it arrives.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import { type AdminMessage, AdminMessageSchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminMessagesKey } from './get-admin-messages.ts';

export const ADMIN_MESSAGE_FAILED = 'We could not load this message. Please try again.';

export async function getAdminMessage(messageId: string, signal?: AbortSignal): Promise<AdminMessage> {
  const answer = await apiRequest<unknown>(adminApiPaths.message(messageId), { signal });
  return AdminMessageSchema.parse(answer);
}

export function useAdminMessage(messageId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...adminMessagesKey, 'one', messageId],
    queryFn: async ({ signal }) => {
      const message = await getAdminMessage(messageId, signal);
      // Opened, a new message is read now: the lists show it so.
      void queryClient.invalidateQueries({ queryKey: [...adminMessagesKey, 'list'] });
      return message;
    },
    staleTime: 0,
  });
}
