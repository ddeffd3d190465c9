/** PUT /api/auth/reset-password/:token: a new password for the account the mailed link belongs to. */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { type MessageAnswer, NewPasswordSchema, type ResetPasswordBody } from '#shared/schemas/user';
import { apiPaths } from '#shared/api-paths';
import { apiRequest } from '#web/lib/api-client.ts';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

export const ResetPasswordFormSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: z.string() })
  .refine(({ password, confirmPassword }) => password === confirmPassword, {
    path: ['confirmPassword'],
    error: PASSWORDS_DO_NOT_MATCH,
  });
export type ResetPasswordFormValues = z.infer<typeof ResetPasswordFormSchema>;

export function resetPassword({ token, password }: { token: string } & ResetPasswordBody): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>(apiPaths.auth.resetPassword(token), {
    method: 'PUT',
    body: { password } satisfies ResetPasswordBody,
    withToken: false,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
