/**
 * Customer accounts: signup with an e-mailed code, login, the current customer, and password reset.
 * Every answer is `{ message }` or a documented shape; every mail goes through the queue (`app.mailer`).
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import type { Database } from '../../../db/client.ts';
import { passwordResetMail, signupCodeMail } from '../../../mail/templates.ts';
import { hashResetToken } from '../../../plugins/app/auth.ts';
import { toWireUser, type IssueCodeResult, type UserRecord } from '../../../plugins/app/user-repository.ts';

export const authMessages = {
  emailTaken: 'An account with this e-mail address already exists. Please log in.',
  signupNotFound: 'We could not find that sign-up. Please sign up again.',
  alreadyVerified: 'Your e-mail address is already verified. Please log in.',
  verified: 'Email verified! You can now log in.',
  noCode: 'There is no code waiting for this account. Please ask for a new code.',
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

/** Limits per 15 minutes before RATE_LIMIT_FACTOR; the code's own 5 tries are separate and fixed. */
export const attemptLimits = {
  signup: { perAddress: 20, perAccount: 5 },
  login: { perAddress: 30, perAccount: 10 },
  verifyOtp: { perAddress: 30, perAccount: 15 },
  resendOtp: { perAddress: 10, perAccount: 5 },
  forgotPassword: { perAddress: 10, perAccount: 5 },
  resetPassword: { perAddress: 20, perAccount: 5 },
};

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return cause?.code === '23505' || (error as { code?: unknown } | undefined)?.code === '23505';
}

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

  const limit = (name: keyof typeof attemptLimits, accountOf: (request: FastifyRequest) => string | undefined) =>
    app.attemptLimit({
      name,
      perAddress: { max: attemptLimits[name].perAddress, windowMs: WINDOW_MS },
      perAccount: { max: attemptLimits[name].perAccount, windowMs: WINDOW_MS, key: accountOf },
    });

  /** Stores a fresh code and queues its mail in `executor`'s transaction, unless one went out within the cooldown. */
  async function issueSignupCode(
    user: Pick<UserRecord, 'id' | 'name' | 'email'>,
    executor: Database,
  ): Promise<IssueCodeResult> {
    const code = newSignupCode();
    const result = await users.issueSignupCode(
      user.id,
      app.auth.hashSignupCode(user.id, code),
      { validForSeconds: SIGNUP_CODE_VALID_MINUTES * 60, cooldownSeconds: SIGNUP_CODE_RESEND_COOLDOWN_SECONDS },
      executor,
    );
    if (result.issued) {
      await app.mailer.enqueue(
        signupCodeMail({ to: user.email, name: user.name, code, validForMinutes: SIGNUP_CODE_VALID_MINUTES }),
        executor,
      );
    }
    return result;
  }

  async function issueSignupCodeNow(user: Pick<UserRecord, 'id' | 'name' | 'email'>): Promise<IssueCodeResult> {
    const result = await app.db.transaction((tx) => issueSignupCode(user, tx));
    if (result.issued) app.mailer.deliverSoon();
    return result;
  }

  app.post(
    '/signup',
    {
      schema: {
        body: SignupBodySchema,
        response: { 200: SignupAnswerSchema, 201: SignupAnswerSchema, '4xx': ApiErrorSchema },
      },
      preHandler: limit('signup', (request) => (request.body as { email: string }).email),
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      const existing = await users.findByEmail(email);
      if (existing?.verifiedAt) return reply.code(409).send({ message: authMessages.emailTaken } satisfies ApiError);

      const passwordHash = await app.auth.hashPassword(password);
      if (existing) {
        // Only the mailbox's owner can verify, so the newest details win (decision 023).
        await app.db.transaction(async (tx) => {
          await users.replaceUnverifiedDetails(existing.id, { name, passwordHash }, tx);
          await issueSignupCode({ id: existing.id, name, email }, tx);
        });
        app.mailer.deliverSoon();
        return reply.code(200).send({ userId: existing.id });
      }

      try {
        const user = await app.db.transaction(async (tx) => {
          const created = await users.create({ name, email, passwordHash }, tx);
          await issueSignupCode(created, tx);
          return created;
        });
        app.mailer.deliverSoon();
        return reply.code(201).send({ userId: user.id });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A signup of the same address at the same moment won; this one joins it.
        const winner = await users.findByEmail(email);
        if (!winner) throw error;
        if (winner.verifiedAt) return reply.code(409).send({ message: authMessages.emailTaken } satisfies ApiError);
        return reply.code(200).send({ userId: winner.id });
      }
    },
  );

  app.post(
    '/verify-otp',
    {
      schema: { body: VerifyOtpBodySchema, response: { 200: MessageSchema, '4xx': ApiErrorSchema } },
      preHandler: limit('verifyOtp', (request) => (request.body as { userId: string }).userId),
    },
    async (request, reply) => {
      const { userId, otp } = request.body;
      const user = await users.findById(userId);
      if (!user) return reply.code(404).send({ message: authMessages.signupNotFound } satisfies ApiError);
      if (user.verifiedAt) return { message: authMessages.alreadyVerified };

      const attempt = await users.countCodeAttempt(user.id, SIGNUP_CODE_MAX_ATTEMPTS);
      switch (attempt.status) {
        case 'none':
          return reply.code(400).send({ message: authMessages.noCode } satisfies ApiError);
        case 'expired':
          return reply.code(400).send({ message: authMessages.codeExpired } satisfies ApiError);
        case 'exhausted':
          return reply.code(400).send({ message: authMessages.codeExhausted } satisfies ApiError);
        case 'counted':
          if (!app.auth.signupCodeMatches(attempt.codeHash, user.id, otp)) {
            const triesLeft = SIGNUP_CODE_MAX_ATTEMPTS - attempt.attemptsUsed;
            return reply.code(400).send({ message: authMessages.wrongCode(triesLeft) } satisfies ApiError);
          }
          await users.markVerified(user.id);
          return { message: authMessages.verified };
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
      const user = await users.findById(request.body.userId);
      if (!user) return reply.code(404).send({ message: authMessages.signupNotFound } satisfies ApiError);
      if (user.verifiedAt) return reply.code(409).send({ message: authMessages.alreadyVerified } satisfies ApiError);

      const result = await issueSignupCodeNow(user);
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
      const user = await users.findByEmail(email);
      // An unknown address costs a full hash check too, so the answer's timing does not tell them apart.
      const passwordMatches = await app.auth.verifyPassword(user?.passwordHash, password);
      if (!user || !passwordMatches) {
        return reply.code(401).send({ message: authMessages.badCredentials } satisfies ApiError);
      }
      if (!user.verifiedAt) {
        const result = await issueSignupCodeNow(user);
        return reply.code(403).send({
          message: result.issued ? authMessages.verifyFirstNewCode : authMessages.verifyFirstCodeRecent,
          userId: user.id,
        });
      }
      const token = await app.auth.issueSessionToken(user);
      return { user: toWireUser(user), token };
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
