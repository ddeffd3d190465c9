/** POST /api/auth/resend-otp: mails a new sign-up code; within the server's cooldown it answers 429 with the wait. */
import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer, ResendOtpBody } from '#shared/schemas/user';
import { apiPaths } from '#shared/api-paths';
import { apiRequest } from '#web/lib/api-client.ts';

export function resendOtp(body: ResendOtpBody): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>(apiPaths.auth.resendOtp, { method: 'POST', body, withToken: false });
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
