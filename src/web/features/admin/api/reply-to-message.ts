/**
 * POST /api/admin/messages/{id}/reply `{ message }` (an admin's bearer token): the reply is mailed to the sender and
 * the message becomes answered. The message and every list are asked again afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import { type AdminMessage, AdminMessageSchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminMessagesKey } from './get-admin-message.ts';

export const REPLY_FAILED = 'We could not send your reply. Please try again.';

export async function replyToMessage(messageId: string, message: string): Promise<AdminMessage> {
  const answer = await apiRequest<unknown>(adminApiPaths.messageReply(messageId), {
    method: 'POST',
    body: { message },
  });
  return AdminMessageSchema.parse(answer);
}

export function useReplyToMessage(messageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => replyToMessage(messageId, message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminMessagesKey }),
  });
}
