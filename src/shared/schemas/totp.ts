/**
 * Wire contracts for the second login step of staff and admin accounts (TOTP, RFC 6238; decision 103): setting it up
 * on the account page, the recovery codes, turning it off, and login's answer while a code is wanted.
 */
import { z } from 'zod';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes handed out when the step is turned on; each works once, in place of a code. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code as typed may carry spaces and dashes; this bounds the field, not the code. */
export const SECOND_STEP_FIELD_MAX_LENGTH = 40;

const enterCode = `Please enter the ${TOTP_DIGITS}-digit code from your authenticator app.`;
const enterCodeOrRecovery = `Please enter the ${TOTP_DIGITS}-digit code from your authenticator app, or a recovery code.`;

/** A code from the authenticator app, or a recovery code: login and turning the step off take either. */
export const SecondStepCodeSchema = z
  .string({ error: enterCodeOrRecovery })
  .trim()
  .max(SECOND_STEP_FIELD_MAX_LENGTH, { error: enterCodeOrRecovery });

/** `POST /api/auth/totp/start` (bearer): an empty JSON object; the account is the session's. */
export const TotpStartBodySchema = z.object({}, { error: 'Please send the form as a JSON object.' });
export type TotpStartBody = z.infer<typeof TotpStartBodySchema>;

/** `POST /api/auth/totp/confirm` (bearer): the first code from the app, proving it holds the new secret. */
export const TotpConfirmBodySchema = z.object(
  {
    code: z
      .string({ error: enterCode })
      .trim()
      .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), { error: enterCode }),
  },
  { error: 'Please send the form as a JSON object.' },
);
export type TotpConfirmBody = z.infer<typeof TotpConfirmBodySchema>;

/** `DELETE /api/auth/totp` (bearer): the password and a current code (or a recovery code). */
export const TotpDisableBodySchema = z.object(
  {
    password: z
      .string({ error: 'Please enter your password.' })
      .min(1, { error: 'Please enter your password.' })
      .max(128, { error: 'Password must be at most 128 characters.' }),
    code: SecondStepCodeSchema.min(1, { error: enterCodeOrRecovery }),
  },
  { error: 'Please send the form as a JSON object.' },
);
export type TotpDisableBody = z.infer<typeof TotpDisableBodySchema>;

/** `GET /api/auth/totp` (bearer): whether the step is on, and how many recovery codes are left unused. */
export const TotpStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TotpStatus = z.infer<typeof TotpStatusSchema>;

/**
 * `POST /api/auth/totp/start` (bearer): a new secret, not yet in force: as an otpauth:// address for an
 * authenticator app (and its QR code) and as text to type in.
 */
export const TotpStartAnswerSchema = z.object({ secret: z.string(), uri: z.string() });
export type TotpStartAnswer = z.infer<typeof TotpStartAnswerSchema>;

/** The step is on: the recovery codes, shown this once (the server keeps only their hashes). */
export const TotpConfirmAnswerSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export type TotpConfirmAnswer = z.infer<typeof TotpConfirmAnswerSchema>;

/** Login's 401 once the password is right, for an account with the step on: a code is wanted (again). */
export const TotpRequiredAnswerSchema = z.object({ message: z.string(), totpRequired: z.literal(true) });
export type TotpRequiredAnswer = z.infer<typeof TotpRequiredAnswerSchema>;
