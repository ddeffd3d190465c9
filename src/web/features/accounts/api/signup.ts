/** POST /api/auth/signup: the sign-up form's fields, its zod schema (built from the shared one) and the call. */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import {
  EmailSchema,
  NAME_MAX_LENGTH,
  NameSchema,
  NewPasswordSchema,
  type SignupAnswer,
  type SignupBody,
} from '#shared/schemas/user';
import { apiPaths } from '#shared/api-paths';
import type { Session } from '#web/lib/session.ts';
import { apiRequest } from '#web/lib/api-client.ts';

const required = (message: string) => z.string().trim().min(1, { error: message });

/** The form asks for first and last name apart; the server gets them joined by a space. */
export const SignupFormSchema = z
  .object({
    firstName: required('Please enter your first name.').pipe(NameSchema),
    lastName: required('Please enter your last name.').pipe(NameSchema),
    email: EmailSchema,
    password: NewPasswordSchema,
  })
  .refine(({ firstName, lastName }) => fullName(firstName, lastName).length <= NAME_MAX_LENGTH, {
    path: ['lastName'],
    error: `First and last name together must be at most ${NAME_MAX_LENGTH} characters.`,
  });
export type SignupFormInput = z.input<typeof SignupFormSchema>;
export type SignupFormValues = z.output<typeof SignupFormSchema>;

export function fullName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`;
}

/**
 * `{ userId }` means the code step follows (this server always answers so). The browser also accepts an answer
 * with the session itself, which logs the customer straight in.
 */
export type SignupOutcome = SignupAnswer | Session;

export function signup({ firstName, lastName, email, password }: SignupFormValues): Promise<SignupOutcome> {
  const body: SignupBody = { name: fullName(firstName, lastName), email, password };
  return apiRequest<SignupOutcome>(apiPaths.auth.signup, { method: 'POST', body, withToken: false });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
