/**
 * Customer accounts: signup attempts proven by an e-mailed code (decision 043), login, the current customer,
 * and password reset. Every answer is `{ message }` or a documented shape; every mail goes through the queue
 * (`app.mailer`).
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageRoutes } from '#shared/page-routes';
import { ApiErrorSchema, type ApiError } from '#shared/schemas/error';
import {
  ForgotPasswordBodySchema,
  LoginAnswerSchema,
  LoginBodySchema,
  MeAnswerSchema,
  MessageSchema,
  RESET_LINK_VALID_MINUTES,
  ResendOtpBodySchema,
  ResetPasswordBodySchema,
  ResetPasswordParamsSchema,
  SIGNUP_CODE_LENGTH,
  SIGNUP_CODE_MAX_ATTEMPTS,
  SIGNUP_CODE_RESEND_COOLDOWN_SECONDS,
  SIGNUP_CODE_VALID_MINUTES,
  SignupAnswerSchema,
  SignupBodySchema,
  UnverifiedAnswerSchema,
  VerifyOtpBodySchema,
} from '#shared/schemas/user';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/database.ts';
import { passwordResetMail, signupCodeMail, signupNoticeMail } from '../../../features/mail/index.ts';
import { hashResetToken } from '../../../plugins/app/auth.ts';
import {
  type IssueCodeResult,
  newSignupAttemptId,
  type SignupAttemptRecord,
  toWireUser,
} from '../../../plugins/app/user-repository.ts';

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
  wrongCode: (triesLeft: number) =>
    triesLeft > 0
      ? `That code is not right. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`
      : 'That code is not right, and that was the last try. Please ask for a new code.',
  waitForCode: (seconds: number) =>
    `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before asking for a new code.`,
};

const MINUTE_MS = 60_000;
const WINDOW_MS = 15 * MINUTE_MS;
/** Attempts older than this are deleted at the address's next signup (decision 043). */
const SIGNUP_ATTEMPT_KEPT_SECONDS = 24 * 60 * 60;

export interface EndpointLimits {
  /** Refused past this many from one client address. */
  perAddress: number;
  /** Refused past this many aimed at one account (an e-mail, an attempt id, a reset token) from anywhere. */
  perAccount?: number;
  /** Refused past this many aimed at one account from one client address. */
  perAccountFromAddress?: number;
  /** Slowed, never refused, past this many aimed at one account from anywhere. */
  slowPerAccount?: number;
}

/**
 * Limits per 15 minutes before RATE_LIMIT_FACTOR; the code's own 5 tries are separate and fixed. What each is
 * keyed on, and why, is decision 044: login is never refused per e-mail alone, so nobody can lock an owner out.
 */
export const attemptLimits: Record<
  'signup' | 'login' | 'verifyOtp' | 'resendOtp' | 'forgotPassword' | 'resetPassword',
  EndpointLimits
> = {
  signup: { perAddress: 20, perAccount: 5 },
  login: { perAddress: 30, perAccountFromAddress: 10, slowPerAccount: 10 },
  verifyOtp: { perAddress: 30, perAccount: 15 },
  resendOtp: { perAddress: 10, perAccount: 5 },
  forgotPassword: { perAddress: 10, perAccount: 5 },
  resetPassword: { perAddress: 20, perAccount: 5 },
};

function newSignupCode(): string {
  return randomInt(0, 10 ** SIGNUP_CODE_LENGTH)
    .toString()
    .padStart(SIGNUP_CODE_LENGTH, '0');
}

export interface AuthRoutesOptions {
  config: Pick<Config, 'publicUrl'>;
}

const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { config }) => {
  // These endpoints take JSON only: a form post or plain text answers 415 instead of failing validation.
  app.removeContentTypeParser('text/plain');

  const users = app.userRepository;
  const background = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(background);
  });

  const limit = (name: keyof typeof attemptLimits, accountOf: (request: FastifyRequest) => string | undefined) => {
    const limits = attemptLimits[name];
    const rule = (max: number | undefined) =>
      max === undefined ? undefined : { max, windowMs: WINDOW_MS, key: accountOf };
    return app.attemptLimit({
      name,
      perAddress: { max: limits.perAddress, windowMs: WINDOW_MS },
      perAccount: rule(limits.perAccount),
      perAccountFromAddress: rule(limits.perAccountFromAddress),
      slowPerAccount: rule(limits.slowPerAccount),
    });
  };

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
        loginLink: `${config.publicUrl}${pageRoutes.login}`,
        resetLink: `${config.publicUrl}${pageRoutes.forgotPassword}`,
      });
      return { codeHash: null, mail };
    }
    const code = newSignupCode();
    const mail = signupCodeMail({ to: email, code, validForMinutes: SIGNUP_CODE_VALID_MINUTES });
    return { codeHash: app.auth.hashSignupCode(attemptId, code), mail };
  }

  /** Mails the attempt's address again (a new code, or the notice), unless it was mailed within the cooldown. */
  async function mailAgain(attempt: Pick<SignupAttemptRecord, 'id' | 'email'>): Promise<IssueCodeResult> {
    const result = await app.db.transaction(async (tx) => {
      const { codeHash, mail } = await mailFor(attempt.id, attempt.email, tx);
      const reissued = await users.reissueSignupAttempt(
        attempt.id,
        codeHash,
        { validForSeconds: SIGNUP_CODE_VALID_MINUTES * 60, cooldownSeconds: SIGNUP_CODE_RESEND_COOLDOWN_SECONDS },
        tx,
      );
      if (reissued.issued) await app.mailer.enqueue(mail, tx);
      return reissued;
    });
    if (result.issued) app.mailer.deliverSoon();
    return result;
  }

  app.post(
    '/signup',
    {
      schema: {
        body: SignupBodySchema,
        response: { 201: SignupAnswerSchema, '4xx': ApiErrorSchema },
      },
      preHandler: limit('signup', (request) => (request.body as { email: string }).email),
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      // Every signup is a new attempt with its own code and password, answered alike whether or not the address
      // has an account or waits for a code; the password is hashed in every case, so the timing is alike too.
      const passwordHash = await app.auth.hashPassword(password);
      const id = newSignupAttemptId();
      await app.db.transaction(async (tx) => {
        await users.deleteOldSignupAttempts(email, SIGNUP_ATTEMPT_KEPT_SECONDS, tx);
        const { codeHash, mail } = await mailFor(id, email, tx);
        await users.createSignupAttempt(
          { id, email, name, passwordHash, codeHash },
          SIGNUP_CODE_VALID_MINUTES * 60,
          tx,
        );
        await app.mailer.enqueue(mail, tx);
      });
      app.mailer.deliverSoon();
      return reply.code(201).send({ userId: id });
    },
  );

  app.post(
    '/verify-otp',
    {
      schema: { body: VerifyOtpBodySchema, response: { 200: MessageSchema, '4xx': ApiErrorSchema } },
      preHandler: limit('verifyOtp', (request) => (request.body as { userId: string }).userId),
    },
    async (request, reply) => {
      const { userId: attemptId, otp } = request.body;
      const tried = await users.countCodeTry(attemptId, SIGNUP_CODE_MAX_ATTEMPTS);
      switch (tried.status) {
        case 'none':
          return reply.code(404).send({ message: authMessages.signupNotFound } satisfies ApiError);
        case 'verified':
          return { message: authMessages.alreadyVerified };
        case 'expired':
          return reply.code(400).send({ message: authMessages.codeExpired } satisfies ApiError);
        case 'exhausted':
          return reply.code(400).send({ message: authMessages.codeExhausted } satisfies ApiError);
        case 'counted': {
          if (!app.auth.signupCodeMatches(tried.codeHash, attemptId, otp)) {
            const triesLeft = SIGNUP_CODE_MAX_ATTEMPTS - tried.triesUsed;
            return reply.code(400).send({ message: authMessages.wrongCode(triesLeft) } satisfies ApiError);
          }
          // An account made meanwhile (by another attempt's code) keeps its password.
          const completed = await users.completeSignup(attemptId);
          return { message: completed.created ? authMessages.verified : authMessages.alreadyVerified };
        }
      }
    },
  );

  app.post(
    '/resend-otp',
    {
      schema: { body: ResendOtpBodySchema, response: { 200: MessageSchema, '4xx': ApiErrorSchema } },
      preHandler: limit('resendOtp', (request) => (request.body as { userId: string }).userId),
    },
    async (request, reply) => {
      const attempt = await users.findSignupAttempt(request.body.userId);
      if (!attempt) return reply.code(404).send({ message: authMessages.signupNotFound } satisfies ApiError);
      if (attempt.verified) return reply.code(409).send({ message: authMessages.alreadyVerified } satisfies ApiError);

      const result = await mailAgain(attempt);
      if (!result.issued) {
        return reply
          .code(429)
          .header('retry-after', String(result.retryAfterSeconds))
          .send({ message: authMessages.waitForCode(result.retryAfterSeconds) } satisfies ApiError);
      }
      return { message: authMessages.codeSent };
    },
  );

  app.post(
    '/login',
    {
      schema: {
        body: LoginBodySchema,
        response: { 200: LoginAnswerSchema, 403: UnverifiedAnswerSchema, '4xx': ApiErrorSchema },
      },
      preHandler: limit('login', (request) => (request.body as { email: string }).email),
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const [account, attempt] = await Promise.all([users.findByEmail(email), users.newestWaitingSignupAttempt(email)]);
      // Two full hash checks on every login, against a decoy for what is missing: the timing says nothing about
      // the address, and the answer to a signup's own password is the same whether or not an account exists
      // (decision 043).
      const [accountMatches, attemptMatches] = await Promise.all([
        app.auth.verifyPassword(account?.passwordHash, password),
        app.auth.verifyPassword(attempt?.passwordHash, password),
      ]);
      if (account && accountMatches) {
        const token = await app.auth.issueSessionToken(account);
        return { user: toWireUser(account), token };
      }
      if (attempt && attemptMatches) {
        const result = await mailAgain(attempt);
        return reply.code(403).send({
          message: result.issued ? authMessages.verifyFirstNewCode : authMessages.verifyFirstCodeRecent,
          userId: attempt.id,
        });
      }
      return reply.code(401).send({ message: authMessages.badCredentials } satisfies ApiError);
    },
  );

  app.get(
    '/me',
    { schema: { response: { 200: MeAnswerSchema, '4xx': ApiErrorSchema } }, onRequest: app.requireCustomer },
    async (request) => {
      // requireCustomer has answered 401 unless a customer is set.
      return { user: toWireUser(request.customer!) };
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: { body: ForgotPasswordBodySchema, response: { 200: MessageSchema, '4xx': ApiErrorSchema } },
      preHandler: limit('forgotPassword', (request) => (request.body as { email: string }).email),
    },
    async (request, reply) => {
      const { email } = request.body;
      // Answer first, then look the address up: the answer and its timing are the same for every address.
      reply.send({ message: authMessages.resetLinkSent });

      const work = (async () => {
        const user = await users.findByEmail(email);
        if (!user) {
          request.log.info('password reset asked for an address without an account');
          return;
        }
        const token = randomBytes(32).toString('base64url');
        await app.db.transaction(async (tx) => {
          await users.createPasswordResetToken(user.id, hashResetToken(token), RESET_LINK_VALID_MINUTES * 60, tx);
          await app.mailer.enqueue(
            passwordResetMail({
              to: user.email,
              name: user.name,
              link: `${config.publicUrl}/api/auth/reset-password/${token}`,
              validForMinutes: RESET_LINK_VALID_MINUTES,
            }),
            tx,
          );
        });
        app.mailer.deliverSoon();
      })()
        .catch((error: unknown) => request.log.error({ err: error }, 'could not prepare a password-reset mail'))
        .finally(() => background.delete(work));
      background.add(work);
      return reply;
    },
  );

  // NOTE: only PUT here: a browser's GET of this path is the reset page, served by the single-page app.
  app.put(
    '/reset-password/:token',
    {
      schema: {
        params: ResetPasswordParamsSchema,
        body: ResetPasswordBodySchema,
        response: { 200: MessageSchema, '4xx': ApiErrorSchema },
      },
      preHandler: limit('resetPassword', (request) => (request.params as { token: string }).token),
    },
    async (request, reply) => {
      const passwordHash = await app.auth.hashPassword(request.body.password);
      const outcome = await app.db.transaction(async (tx) => {
        const token = await users.consumePasswordResetToken(hashResetToken(request.params.token), tx);
        if (!token) return 'invalid';
        if (token.expired) return 'expired';
        await users.setPassword(token.userId, passwordHash, tx);
        return 'reset';
      });
      if (outcome === 'invalid')
        return reply.code(400).send({ message: authMessages.resetLinkInvalid } satisfies ApiError);
      if (outcome === 'expired')
        return reply.code(400).send({ message: authMessages.resetLinkExpired } satisfies ApiError);
      return { message: authMessages.passwordReset };
    },
  );
};

export default authRoutes;
