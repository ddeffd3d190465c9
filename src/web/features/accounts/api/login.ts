/** POST /api/auth/login: e-mail and password for `{ user, token }`; a 403 with a userId means the code step comes first. */
import { useMutation } from '@tanstack/react-query';
import { type LoginAnswer, type LoginBody, LoginBodySchema } from '#shared/schemas/user';
import { apiPaths } from '#shared/api-paths';
import { ApiRequestError, apiRequest } from '#web/lib/api-client.ts';

export const LoginFormSchema = LoginBodySchema;

export function login(body: LoginBody): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>(apiPaths.auth.login, { method: 'POST', body, withToken: false });
}

/** The account waiting for its code, when login refused an address that is not verified yet (a fresh code is mailed). */
export function unverifiedUserId(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 403) return undefined;
  const { body } = error;
  return typeof body === 'object' && body !== null && 'userId' in body && typeof body.userId === 'string'
    ? body.userId
    : undefined;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
