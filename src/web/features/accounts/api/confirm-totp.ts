/** POST /api/auth/totp/confirm (bearer): the first code turns the second step on; the answer holds the recovery codes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '#shared/api-paths';
import { type TotpConfirmAnswer, type TotpConfirmBody, TotpConfirmBodySchema } from '#shared/schemas/totp';
import { apiRequest } from '#web/lib/api-client.ts';
import { totpStatusQueryOptions } from './get-totp-status.ts';

export const TotpConfirmFormSchema = TotpConfirmBodySchema;

export function confirmTotp(body: TotpConfirmBody): Promise<TotpConfirmAnswer> {
  return apiRequest<TotpConfirmAnswer>(apiPaths.totp.confirm, { method: 'POST', body });
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: totpStatusQueryOptions().queryKey }),
  });
}
