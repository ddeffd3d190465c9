/** POST /api/auth/verify-otp: checks the 6-digit code mailed at sign-up (or at a login before verifying). */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { type MessageAnswer, VerifyOtpBodySchema, type VerifyOtpBody } from '#shared/schemas/user';
import { apiPaths } from '#shared/api-paths';
import { apiRequest } from '#web/lib/api-client.ts';

/** The shop's text once the code is right. */
export const EMAIL_VERIFIED_MESSAGE = 'Email verified! You can now log in.';

export const VerifyOtpFormSchema = z.object({ otp: VerifyOtpBodySchema.shape.otp });
export type VerifyOtpFormValues = z.infer<typeof VerifyOtpFormSchema>;

export function verifyOtp(body: VerifyOtpBody): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>(apiPaths.auth.verifyOtp, { method: 'POST', body, withToken: false });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
