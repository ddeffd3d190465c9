/**
 * POST /api/auth/login: e-mail and password (and, for an account with the second step on, its code) for
 * `{ user, token }`; a 403 with a userId means the e-mailed code step comes first, a 401 with `totpRequired` that the
 * authenticator app's code is wanted.
 */
import { useMutation } from '@tanstack/react-query';
import { type LoginAnswer, type LoginBody, LoginBodySchema } from '#shared/schemas/user';
import { apiPaths } from '#shared/api-paths';
import { ApiRequestError, apiRequest } from '#web/lib/api-client.ts';

export const LoginFormSchema = LoginBodySchema;

export function login({ totp, ...credentials }: LoginBody): Promise<LoginAnswer> {
  // An empty code field is no code: the server then asks for one again.
  const body: LoginBody = totp ? { ...credentials, totp } : credentials;
  return apiRequest<LoginAnswer>(apiPaths.auth.login, { method: 'POST', body, withToken: false });
}

/** The server's message when the password was right and the authenticator app's code is wanted (again). */
export function totpRequiredMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 401) return undefined;
  const { body } = error;
  return typeof body === 'object' && body !== null && 'totpRequired' in body && body.totpRequired === true
    ? error.message
    : undefined;
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
