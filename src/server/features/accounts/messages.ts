/** What the account endpoints answer, in the shop's words; the tests read them from here too. */
import { RESET_LINK_VALID_MINUTES } from '#shared/schemas/user';

export const authMessages = {
  signupNotFound: 'We could not find that sign-up. Please sign up again.',
  alreadyVerified: 'Your e-mail address is already verified. Please log in.',
  verified: 'Email verified! You can now log in.',
  codeExpired: 'This code has expired. Please ask for a new code.',
  codeExhausted: 'Too many wrong codes. Please ask for a new code.',
  codeSent: 'We have e-mailed you a new code.',
  badCredentials: 'The e-mail address or password is not right.',
  verifyFirstNewCode: 'Please verify your e-mail address first. We have e-mailed you a new code.',
  verifyFirstCodeRecent: 'Please verify your e-mail address first, using the code we have just e-mailed you.',
  resetLinkSent: `If an account uses that address, we have e-mailed it a link to reset the password. The link works for ${RESET_LINK_VALID_MINUTES / 60} hour.`,
  resetLinkInvalid: 'This reset link is not valid or has already been used. Please ask for a new one.',
  resetLinkExpired: 'This reset link has expired. Please ask for a new one.',
  passwordReset: 'Your password has been reset. You can now log in.',
  loginFromNewPlaceLimited:
    'Too many attempts to log in to this account from new places. Please wait 15 minutes, or log in where you have logged in before.',
  loggedOut: 'You have been logged out.',
  wrongCurrentPassword: 'Your current password is not right.',
  passwordChanged: 'Your password has been changed. Anywhere else you were logged in, please log in again.',
  wrongPasswordToDelete: 'That password is not right, so your account has not been deleted.',
  accountDeleted:
    'Your account has been deleted. We keep your orders for our accounts, without your name, e-mail address or delivery address.',
  wrongCode: (triesLeft: number) =>
    triesLeft > 0
      ? `That code is not right. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`
      : 'That code is not right, and that was the last try. Please ask for a new code.',
  waitForCode: (seconds: number) =>
    `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before asking for a new code.`,
};
