/**
 * Customer accounts' rules (`app.accounts`, made once in plugin.ts): signup attempts proven by an e-mailed code
 * (decision 043), login, password reset and change, and account deletion. Every refusal is an `HttpError` with the
 * shop's words (`messages.ts`); every mail is queued with the rows that call for it, in one unit of work.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { pageRoutes } from '#shared/page-routes';
import {
  RESET_LINK_VALID_MINUTES,
  type ResetLinkCheck,
  SIGNUP_CODE_LENGTH,
  SIGNUP_CODE_MAX_ATTEMPTS,
  SIGNUP_CODE_RESEND_COOLDOWN_SECONDS,
  SIGNUP_CODE_VALID_MINUTES,
  type User,
} from '#shared/schemas/user';
import type { Database } from '../../db/database.ts';
import type { Background } from '../../plugins/app/background.ts';
import { HttpError } from '../../errors.ts';
import { passwordResetMail, signupCodeMail, signupNoticeMail, type UnitOfWork } from '../mail/index.ts';
import { type Auth, hashResetToken } from './auth.ts';
import { authMessages } from './messages.ts';
import { createPasswordChanges } from './password-changes.ts';
import { refuseCommonPassword } from './password-policy.ts';
import type { SessionRepository } from './session-repository.ts';
import type { TotpService } from './totp.ts';
import {
  type IssueCodeResult,
  newSignupAttemptId,
  type SignupAttemptRecord,
  type SignupAttemptRepository,
} from './signup-attempt-repository.ts';
import { toWireUser, type UserRepository } from './user-repository.ts';

/** Attempts older than this are deleted at the address's next signup (decision 043). */
const SIGNUP_ATTEMPT_KEPT_SECONDS = 24 * 60 * 60;

function newSignupCode(): string {
  return randomInt(0, 10 ** SIGNUP_CODE_LENGTH)
    .toString()
    .padStart(SIGNUP_CODE_LENGTH, '0');
}

export type LoginResult =
  | { status: 'logged-in'; user: User; token: string }
  /** The password is a waiting signup's: the address must be verified first (403 with the attempt's id). */
  | { status: 'unverified'; message: string; userId: string }
  /** The password is right, and the account's second step wants a code, or a better one (401; decision 103). */
  | { status: 'totp-required'; message: string };

export interface AccountService {
  /** A new signup attempt, answered alike whether or not the address has an account; its id is the `userId`. */
  signup(fields: { name: string; email: string; password: string }): Promise<string>;
  /** Checks a signup code; the account is made from its attempt. Answers the message to show. */
  verifyCode(attemptId: string, code: string): Promise<string>;
  /** Mails a waiting attempt a new code, unless its address was mailed within the cooldown (429). */
  resendCode(attemptId: string): Promise<string>;
  /** `totp` is the second step's code or a recovery code, looked at only once the password is right. */
  login(email: string, password: string, totp?: string): Promise<LoginResult>;
  /** Ends the session a token names on the server: that token is refused from then on (decision 101). */
  logout(sessionId: string): Promise<string>;
  /**
   * Mails a reset link if an account uses the address; runs after the caller has answered, so the answer and its
   * timing say nothing about the address. Failures are logged on `log`.
   */
  requestPasswordReset(email: string, log: FastifyBaseLogger): void;
  /** Sets the password a mailed link allows and mails the account a notice; answers the message and whose it was. */
  resetPassword(token: string, password: string): Promise<{ message: string; userId: string }>;
  /**
   * A logged-in customer's new password, once the current one is proved (401 naming `currentPassword` if not):
   * every earlier session token stops working, and the answer carries a fresh one for this browser (decision 061).
   */
  changePassword(
    customer: { id: string },
    currentPassword: string,
    password: string,
  ): Promise<{ message: string; token: string }>;
  /**
   * Deletes the customer's account once their password is proved (401 naming `password` if not): the account, its
   * cart and signup attempts go, its orders stay without personal data, and what other domains hold of the address
   * goes with it (decisions 061, 082).
   */
  deleteAccount(customer: { id: string }, password: string): Promise<string>;
  /** Whether a reset link can still be used, with the message the reset itself would give when it cannot. */
  checkResetLink(token: string): Promise<ResetLinkCheck>;
}

export function createAccountService(deps: {
  auth: Auth;
  users: UserRepository;
  sessions: SessionRepository;
  attempts: SignupAttemptRepository;
  unitOfWork: UnitOfWork;
  /** `app.background.run`: the reset mail is prepared after the answer. */
  runInBackground: Background['run'];
  publicUrl: string;
  /** `app.totp.checkLogin`: the second step of an account that has turned it on (decision 103). */
  secondStep: TotpService['checkLogin'];
  /**
   * Removes, inside the deletion's transaction, what the other domains hold of the customer: the orders lose the
   * account's data, the contact messages and the finished mail of the address go (decisions 061, 082).
   */
  forgetElsewhere: (customer: { id: string; email: string }, tx: Database) => Promise<void>;
}): AccountService {
  const { auth, users, sessions, attempts, unitOfWork, runInBackground, publicUrl, secondStep, forgetElsewhere } = deps;

  /** The account behind a session, once the password typed for it is right; else 401 naming the field. */
  async function provenAccount(customerId: string, password: string, field: string, wrong: string) {
    const account = await users.findById(customerId);
    const matches = await auth.verifyPassword(account?.passwordHash, password);
    if (!account || !matches) throw new HttpError(401, wrong, { field });
    return account;
  }

  /**
   * What an attempt's address is mailed: a fresh code, or, when the address already has an account, a notice
   * to its owner with no code (the attempt then has none), so the signup answers the same either way.
   */
  async function mailFor(attemptId: string, email: string, executor: Database) {
    const account = await users.findByEmail(email, executor);
    if (account) {
      const mail = signupNoticeMail({
        to: email,
        name: account.name,
        loginLink: `${publicUrl}${pageRoutes.login}`,
        resetLink: `${publicUrl}${pageRoutes.forgotPassword}`,
      });
      return { codeHash: null, mail };
    }
    const code = newSignupCode();
    const mail = signupCodeMail({ to: email, code, validForMinutes: SIGNUP_CODE_VALID_MINUTES });
    return { codeHash: auth.hashSignupCode(attemptId, code), mail };
  }

  /** Mails the attempt's address again (a new code, or the notice), unless it was mailed within the cooldown. */
  function mailAgain(attempt: Pick<SignupAttemptRecord, 'id' | 'email'>): Promise<IssueCodeResult> {
    return unitOfWork(async (tx, queueMail) => {
      const { codeHash, mail } = await mailFor(attempt.id, attempt.email, tx);
      const reissued = await attempts.reissueSignupAttempt(
        attempt.id,
        codeHash,
        { validForSeconds: SIGNUP_CODE_VALID_MINUTES * 60, cooldownSeconds: SIGNUP_CODE_RESEND_COOLDOWN_SECONDS },
        tx,
      );
      if (reissued.issued) await queueMail(mail);
      return reissued;
    });
  }

  async function prepareResetMail(email: string, log: FastifyBaseLogger) {
    const user = await users.findByEmail(email);
    if (!user) {
      log.info('password reset asked for an address without an account');
      return;
    }
    const token = randomBytes(32).toString('base64url');
    await unitOfWork(async (tx, queueMail) => {
      await users.createPasswordResetToken(user.id, hashResetToken(token), RESET_LINK_VALID_MINUTES * 60, tx);
      await queueMail(
        passwordResetMail({
          to: user.email,
          name: user.name,
          link: `${publicUrl}/api/auth/reset-password/${token}`,
          validForMinutes: RESET_LINK_VALID_MINUTES,
        }),
      );
    });
  }

  return {
    ...createPasswordChanges({ auth, users, unitOfWork, publicUrl, provenAccount }),

    async signup({ name, email, password }) {
      refuseCommonPassword(password, email);
      // Every signup is a new attempt with its own code and password, answered alike whether or not the address
      // has an account or waits for a code; the password is hashed in every case, so the timing is alike too.
      const passwordHash = await auth.hashPassword(password);
      const id = newSignupAttemptId();
      await unitOfWork(async (tx, queueMail) => {
        await attempts.deleteOldSignupAttempts(email, SIGNUP_ATTEMPT_KEPT_SECONDS, tx);
        const { codeHash, mail } = await mailFor(id, email, tx);
        await attempts.createSignupAttempt(
          { id, email, name, passwordHash, codeHash },
          SIGNUP_CODE_VALID_MINUTES * 60,
          tx,
        );
        await queueMail(mail);
      });
      return id;
    },

    async verifyCode(attemptId, code) {
      const tried = await attempts.countCodeTry(attemptId, SIGNUP_CODE_MAX_ATTEMPTS);
      switch (tried.status) {
        case 'none':
          throw new HttpError(404, authMessages.signupNotFound);
        case 'verified':
          return authMessages.alreadyVerified;
        case 'expired':
          throw new HttpError(400, authMessages.codeExpired);
        case 'exhausted':
          throw new HttpError(400, authMessages.codeExhausted);
        case 'counted': {
          if (!auth.signupCodeMatches(tried.codeHash, attemptId, code))
            throw new HttpError(400, authMessages.wrongCode(SIGNUP_CODE_MAX_ATTEMPTS - tried.triesUsed));
          // An account made meanwhile (by another attempt's code) keeps its password.
          const completed = await attempts.completeSignup(attemptId);
          return completed.created ? authMessages.verified : authMessages.alreadyVerified;
        }
      }
    },

    async resendCode(attemptId) {
      const attempt = await attempts.findSignupAttempt(attemptId);
      if (!attempt) throw new HttpError(404, authMessages.signupNotFound);
      if (attempt.verified) throw new HttpError(409, authMessages.alreadyVerified);
      const result = await mailAgain(attempt);
      if (!result.issued) {
        throw new HttpError(429, authMessages.waitForCode(result.retryAfterSeconds), {
          headers: { 'retry-after': String(result.retryAfterSeconds) },
        });
      }
      return authMessages.codeSent;
    },

    async login(email, password, totp) {
      const [account, attempt] = await Promise.all([
        users.findByEmail(email),
        attempts.newestWaitingSignupAttempt(email),
      ]);
      // Two full hash checks on every login, against a decoy for what is missing: the timing says nothing about
      // the address, and the answer to a signup's own password is the same whether or not an account exists
      // (decision 043).
      const [accountMatches, attemptMatches] = await Promise.all([
        auth.verifyPassword(account?.passwordHash, password),
        auth.verifyPassword(attempt?.passwordHash, password),
      ]);
      if (account && accountMatches) {
        // Only after the password: a wrong one answers the same whether or not the account has a second step.
        const step = await secondStep(account, totp);
        if (!step.passed) return { status: 'totp-required', message: step.message };
        const token = await auth.issueSessionToken(account);
        return { status: 'logged-in', user: toWireUser(account), token };
      }
      if (attempt && attemptMatches) {
        const result = await mailAgain(attempt);
        const message = result.issued ? authMessages.verifyFirstNewCode : authMessages.verifyFirstCodeRecent;
        return { status: 'unverified', message, userId: attempt.id };
      }
      throw new HttpError(401, authMessages.badCredentials);
    },

    async logout(sessionId) {
      await sessions.delete(sessionId);
      return authMessages.loggedOut;
    },

    requestPasswordReset(email, log) {
      runInBackground(() => prepareResetMail(email, log), log, 'could not prepare a password-reset mail');
    },

    async checkResetLink(token) {
      const found = await users.findPasswordResetToken(hashResetToken(token));
      if (!found) return { usable: false, message: authMessages.resetLinkInvalid };
      if (found.expired) return { usable: false, message: authMessages.resetLinkExpired };
      return { usable: true };
    },

    async deleteAccount(customer, password) {
      const account = await provenAccount(customer.id, password, 'password', authMessages.wrongPasswordToDelete);
      await unitOfWork(async (tx) => {
        await forgetElsewhere(account, tx);
        await users.deleteAccount(account, tx);
      });
      return authMessages.accountDeleted;
    },
  };
}
