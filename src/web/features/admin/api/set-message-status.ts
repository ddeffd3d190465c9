/**
 * PATCH /api/admin/messages/{id} `{ status }` (an admin's bearer token): marks a contact message new, read or
 * answered; answers the message.
 */
import { adminApiPaths } from '#shared/admin-api-paths';
import { type AdminMessage, AdminMessageSchema, type MessageStatus } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client.ts';

export async function setMessageStatus(messageId: string, status: MessageStatus): Promise<AdminMessage> {
  const answer = await apiRequest<unknown>(adminApiPaths.message(messageId), { method: 'PATCH', body: { status } });
  return AdminMessageSchema.parse(answer);
}
