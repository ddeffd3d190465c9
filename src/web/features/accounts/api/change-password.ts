/**
 * PUT /api/auth/password (bearer): the current password and a new one, typed twice. The answer's fresh token keeps
 * this browser logged in; every other session of the account has ended (decision 061).
 */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '#shared/api-paths';
import { type ChangePasswordAnswer, type ChangePasswordBody, ChangePasswordBodySchema } from '#shared/schemas/user';
import { apiRequest } from '#web/lib/api-client.ts';
import { PASSWORDS_DO_NOT_MATCH } from './reset-password.ts';

export const ChangePasswordFormSchema = ChangePasswordBodySchema.extend({ confirmPassword: z.string() }).refine(
  ({ password, confirmPassword }) => password === confirmPassword,
  { path: ['confirmPassword'], error: PASSWORDS_DO_NOT_MATCH },
);
export type ChangePasswordFormValues = z.infer<typeof ChangePasswordFormSchema>;

export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordAnswer> {
  return apiRequest<ChangePasswordAnswer>(apiPaths.auth.password, {
    method: 'PUT',
    body: { currentPassword: body.currentPassword, password: body.password } satisfies ChangePasswordBody,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
