/** Wire contracts for customer accounts: the bodies the auth endpoints take and the answers they give. */
import { z } from 'zod';
import { hasControlCharacter } from '#shared/control-characters';
import { SecondStepCodeSchema } from '#shared/schemas/totp';

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the work one request can ask of the password hasher. */
export const PASSWORD_MAX_LENGTH = 128;
export const SIGNUP_CODE_LENGTH = 6;

const enterEmail = 'Please enter a valid e-mail address.';

/** Addresses are compared and stored trimmed and lower-cased, so one mailbox is one account. */
export const EmailSchema = z
  .string({ error: enterEmail })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Please enter your e-mail address.' })
  .max(EMAIL_MAX_LENGTH, { error: `E-mail address must be at most ${EMAIL_MAX_LENGTH} characters.` })
  .pipe(z.email({ error: enterEmail }));

export const NameSchema = z
  .string({ error: 'Please enter your name.' })
  .trim()
  .min(1, { error: 'Please enter your name.' })
  .max(NAME_MAX_LENGTH, { error: `Name must be at most ${NAME_MAX_LENGTH} characters.` })
  // Names go into mail greetings; line breaks there would let a name write lines of its own.
  .refine((name) => !hasControlCharacter(name), { error: 'Please enter your name without line breaks.' });

/** A new password; spaces count, so nothing is trimmed. */
export const NewPasswordSchema = z
  .string({ error: 'Please enter a password.' })
  .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` });

/** Ids are opaque strings (here a signup attempt's); the bound only keeps junk out of queries. */
export const UserIdSchema = z
  .string({ error: 'Your sign-up could not be found. Please sign up again.' })
  .trim()
  .min(1, { error: 'Your sign-up could not be found. Please sign up again.' })
  .max(64, { error: 'Your sign-up could not be found. Please sign up again.' });

/** A form's body; anything but a JSON object (a missing body, a string) gets one clear message. */
function formBody<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: 'Please send the form as a JSON object.' });
}

export const SignupBodySchema = formBody({
  name: NameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
});
export type SignupBody = z.infer<typeof SignupBodySchema>;

/** A password the customer types to prove it is them (login, a password change, deleting the account). */
function typedPassword(missing: string) {
  return z
    .string({ error: missing })
    .min(1, { error: missing })
    .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` });
}

export const LoginBodySchema = formBody({
  email: EmailSchema,
  password: typedPassword('Please enter your password.'),
  /** The second step's code (or a recovery code), for an account that has turned it on (decision 103). */
  totp: SecondStepCodeSchema.optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const VerifyOtpBodySchema = formBody({
  userId: UserIdSchema,
  otp: z
    .string({ error: 'Please enter the 6-digit code from your e-mail.' })
    .trim()
    .regex(/^\d{6}$/, { error: 'Please enter the 6-digit code from your e-mail.' }),
});
export type VerifyOtpBody = z.infer<typeof VerifyOtpBodySchema>;

export const ResendOtpBodySchema = formBody({ userId: UserIdSchema });
export type ResendOtpBody = z.infer<typeof ResendOtpBodySchema>;

export const ForgotPasswordBodySchema = formBody({ email: EmailSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

export const ResetPasswordBodySchema = formBody({ password: NewPasswordSchema });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const ResetPasswordParamsSchema = z.object({ token: z.string() });

/** `PUT /api/auth/password` (bearer): the current password, and the new one. */
export const ChangePasswordBodySchema = formBody({
  currentPassword: typedPassword('Please enter your current password.'),
  password: NewPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** `DELETE /api/auth/me` (bearer): the password again, so a borrowed session cannot delete the account. */
export const DeleteAccountBodySchema = formBody({ password: typedPassword('Please enter your password.') });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

/**
 * `GET /api/auth/reset-password/{token}/check`: whether a mailed reset link can still be used, asked by the reset page
 * before the shopper types a new password twice; when it cannot, the message says why (used, unknown or expired).
 */
export const ResetLinkCheckSchema = z.union([
  z.object({ usable: z.literal(true) }),
  z.object({ usable: z.literal(false), message: z.string() }),
]);
export type ResetLinkCheck = z.infer<typeof ResetLinkCheckSchema>;
/** The check's address: the reset page's own, with `/check` after the token. */
export const RESET_LINK_CHECK_SUFFIX = '/check';

export const ROLES = ['customer', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** An account as the API shows it; never the password or its hash. */
export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  // A session a browser kept from before roles existed is a customer's.
  role: z.enum(ROLES).default('customer'),
});
export type User = z.infer<typeof UserSchema>;

export const MessageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageSchema>;

/** Signup's answer: the signup attempt that now waits for its e-mailed code (an opaque id, not the account's). */
export const SignupAnswerSchema = z.object({ userId: z.string() });
export type SignupAnswer = z.infer<typeof SignupAnswerSchema>;

export const LoginAnswerSchema = z.object({ user: UserSchema, token: z.string() });
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

/** Login's 403 for an address still waiting for its code: the attempt's id lets the browser show the code step. */
export const UnverifiedAnswerSchema = z.object({ message: z.string(), userId: z.string() });
export type UnverifiedAnswer = z.infer<typeof UnverifiedAnswerSchema>;

/**
 * A password change's answer: the message, and a fresh session token for the browser that made the change (every
 * earlier token of the account, this browser's too, stopped working with it; decision 061).
 */
export const ChangePasswordAnswerSchema = z.object({ message: z.string(), token: z.string() });
export type ChangePasswordAnswer = z.infer<typeof ChangePasswordAnswerSchema>;

export const MeAnswerSchema = z.object({ user: UserSchema });
export type MeAnswer = z.infer<typeof MeAnswerSchema>;

/** Account timings the server enforces and the browser may mention. */
export const SIGNUP_CODE_VALID_MINUTES = 10;
export const SIGNUP_CODE_MAX_ATTEMPTS = 5;
export const SIGNUP_CODE_RESEND_COOLDOWN_SECONDS = 60;
export const RESET_LINK_VALID_MINUTES = 60;
