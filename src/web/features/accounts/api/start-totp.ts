/** POST /api/auth/totp/start (bearer): a new secret for the authenticator app, not in force until a code confirms it. */
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '#shared/api-paths';
import type { TotpStartAnswer, TotpStartBody } from '#shared/schemas/totp';
import { apiRequest } from '#web/lib/api-client.ts';

export function startTotp(): Promise<TotpStartAnswer> {
  return apiRequest<TotpStartAnswer>(apiPaths.totp.start, { method: 'POST', body: {} satisfies TotpStartBody });
}

export function useStartTotp() {
  return useMutation({ mutationFn: startTotp });
}
