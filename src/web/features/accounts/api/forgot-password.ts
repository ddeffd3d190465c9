/** POST /api/auth/forgot-password: asks for a reset link; the answer is the same whether or not the address has an account. */
import { useMutation } from '@tanstack/react-query';
import { type ForgotPasswordBody, ForgotPasswordBodySchema, type MessageAnswer } from '#shared/schemas/user';
import { apiPaths } from '#shared/api-paths';
import { apiRequest } from '#web/lib/api-client.ts';

export const ForgotPasswordFormSchema = ForgotPasswordBodySchema;

export function forgotPassword(body: ForgotPasswordBody): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>(apiPaths.auth.forgotPassword, { method: 'POST', body, withToken: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
