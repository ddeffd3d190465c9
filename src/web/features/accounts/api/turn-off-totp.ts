/** DELETE /api/auth/totp (bearer): turns the second step off, with the password and a current or recovery code. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '#shared/api-paths';
import { type TotpDisableBody, TotpDisableBodySchema } from '#shared/schemas/totp';
import type { MessageAnswer } from '#shared/schemas/user';
import { apiRequest } from '#web/lib/api-client.ts';
import { totpStatusQueryOptions } from './get-totp-status.ts';

export const TotpDisableFormSchema = TotpDisableBodySchema;

export function turnOffTotp(body: TotpDisableBody): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>(apiPaths.totp.status, { method: 'DELETE', body });
}

export function useTurnOffTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: totpStatusQueryOptions().queryKey }),
  });
}
