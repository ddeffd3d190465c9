/** DELETE /api/auth/me (bearer): the password again; the account goes, its orders stay without personal data. */
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '#shared/api-paths';
import { type DeleteAccountBody, DeleteAccountBodySchema, type MessageAnswer } from '#shared/schemas/user';
import { apiRequest } from '#web/lib/api-client.ts';

export const DeleteAccountFormSchema = DeleteAccountBodySchema;

export function deleteAccount(body: DeleteAccountBody): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>(apiPaths.auth.me, { method: 'DELETE', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
