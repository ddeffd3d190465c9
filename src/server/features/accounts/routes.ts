/**
 * Customer accounts' endpoints: signup, the code (verify, resend), login, the current customer and password reset.
 * Each parses with the shared schema, counts the request against its limits, and hands it to `app.accounts`.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '#shared/schemas/error';
import { TotpRequiredAnswerSchema } from '#shared/schemas/totp';
import {
  ChangePasswordAnswerSchema,
  ChangePasswordBodySchema,
  DeleteAccountBodySchema,
  ForgotPasswordBodySchema,
  LoginAnswerSchema,
  LoginBodySchema,
  MeAnswerSchema,
  MessageSchema,
  ResendOtpBodySchema,
  ResetPasswordBodySchema,
  RESET_LINK_CHECK_SUFFIX,
  ResetLinkCheckSchema,
  ResetPasswordParamsSchema,
  SignupAnswerSchema,
  SignupBodySchema,
  UnverifiedAnswerSchema,
  VerifyOtpBodySchema,
} from '#shared/schemas/user';
import { createLoginProtection } from './login-protection.ts';
import { authMessages } from './messages.ts';
import { toWireUser } from './user-repository.ts';

const WINDOW_MS = 15 * 60_000;

export interface EndpointLimits {
  /** Refused past this many from one client address. */
  perAddress: number;
  /** Refused past this many aimed at one account (an e-mail, an attempt id, a reset token) from anywhere. */
  perAccount?: number;
  /** Refused past this many aimed at one account from one client address. */
  perAccountFromAddress?: number;
  /**
   * Refused past this many aimed at one account from networks that account has never logged in from (decision 102):
   * strangers can spend it, the owner from their own network is never counted.
   */
  perAccountFromOtherNetworks?: number;
  /** Slowed, never refused, past this many aimed at one account from networks it has never logged in from. */
  slowPerAccount?: number;
  /** IPv6 prefix that counts as one client address here (64 unless given). */
  ipv6PrefixLength?: number;
}

/**
 * Limits per 15 minutes before RATE_LIMIT_FACTOR; the code's own 5 tries are separate and fixed. What each is
 * keyed on, and why, is decision 102: a limit per e-mail counts only requests from networks its account has never
 * logged in from, so nobody can lock an owner out of their own account from their own network.
 */
export const attemptLimits: Record<
  | 'signup'
  | 'login'
  | 'verifyOtp'
  | 'resendOtp'
  | 'forgotPassword'
  | 'resetPassword'
  | 'changePassword'
  | 'deleteAccount'
  | 'checkResetLink',
  EndpointLimits
> = {
  signup: { perAddress: 20, perAccountFromAddress: 5, perAccountFromOtherNetworks: 5, ipv6PrefixLength: 48 },
  login: {
    perAddress: 30,
    perAccountFromAddress: 10,
    perAccountFromOtherNetworks: 20,
    slowPerAccount: 10,
    ipv6PrefixLength: 48,
  },
  verifyOtp: { perAddress: 30, perAccount: 15 },
  resendOtp: { perAddress: 10, perAccount: 5 },
  forgotPassword: { perAddress: 10, perAccountFromAddress: 3, perAccountFromOtherNetworks: 3, ipv6PrefixLength: 48 },
  resetPassword: { perAddress: 20, perAccount: 5 },
  // Keyed on the logged-in account: a stolen session cannot guess its way to the password at login's pace.
  changePassword: { perAddress: 20, perAccount: 5 },
  deleteAccount: { perAddress: 20, perAccount: 5 },
  // Each opening of a reset page asks once; a token is 256 random bits, so the answer helps no guesser.
  checkResetLink: { perAddress: 60 },
};

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts } = app;
  // These endpoints take JSON only: a form post or plain text answers 415 instead of failing validation.
  app.removeContentTypeParser('text/plain');

  app.decorateRequest('fromKnownNetwork', false);
  const protection = createLoginProtection(app);

  const limit = (name: keyof typeof attemptLimits, accountOf: (request: FastifyRequest) => string | undefined) => {
    const limits = attemptLimits[name];
    const rule = (max: number | undefined, key = accountOf, message?: string) =>
      max === undefined ? undefined : { max, windowMs: WINDOW_MS, key, message };
    // Only e-mail endpoints have limits from other networks; `markKnownNetwork` runs before them (emailLimit).
    const fromOtherNetworks = (request: FastifyRequest) => (request.fromKnownNetwork ? undefined : accountOf(request));
    return app.attemptLimit({
      name,
      perAddress: { max: limits.perAddress, windowMs: WINDOW_MS },
      ipv6PrefixLength: limits.ipv6PrefixLength,
      perAccount:
        rule(limits.perAccount) ??
        rule(
          limits.perAccountFromOtherNetworks,
          fromOtherNetworks,
          name === 'login' ? authMessages.loginFromNewPlaceLimited : undefined,
        ),
      perAccountFromAddress: rule(limits.perAccountFromAddress),
      slowPerAccount: rule(limits.slowPerAccount, fromOtherNetworks),
    });
  };
  /** The limits of an endpoint that names an e-mail: whether it comes from the account's own network, then the count. */
  const emailLimit = (name: 'signup' | 'login' | 'forgotPassword') => {
    const emailOf = (request: FastifyRequest) => (request.body as { email: string }).email;
    return [protection.markKnownNetwork(emailOf), limit(name, emailOf)];
  };

  app.post(
    '/signup',
    {
      schema: {
        body: SignupBodySchema,
        response: { 201: SignupAnswerSchema, '4xx': ApiErrorSchema },
      },
      preHandler: emailLimit('signup'),
    },
    async (request, reply) => reply.code(201).send({ userId: await accounts.signup(request.body) }),
  );

  app.post(
    '/verify-otp',
    {
      schema: { body: VerifyOtpBodySchema, response: { 200: MessageSchema, '4xx': ApiErrorSchema } },
      preHandler: limit('verifyOtp', (request) => (request.body as { userId: string }).userId),
    },
    async (request) => ({ message: await accounts.verifyCode(request.body.userId, request.body.otp) }),
  );

  app.post(
    '/resend-otp',
    {
      schema: { body: ResendOtpBodySchema, response: { 200: MessageSchema, '4xx': ApiErrorSchema } },
      preHandler: limit('resendOtp', (request) => (request.body as { userId: string }).userId),
    },
    async (request) => ({ message: await accounts.resendCode(request.body.userId) }),
  );

  app.post(
    '/login',
    {
      schema: {
        body: LoginBodySchema,
        response: {
          200: LoginAnswerSchema,
          401: TotpRequiredAnswerSchema.or(ApiErrorSchema),
          403: UnverifiedAnswerSchema,
          '4xx': ApiErrorSchema,
        },
      },
      preHandler: emailLimit('login'),
    },
    async (request, reply) => {
      const result = await accounts.login(request.body.email, request.body.password, request.body.totp);
      if (result.status === 'unverified')
        return reply.code(403).send({ message: result.message, userId: result.userId });
      if (result.status === 'totp-required')
        return reply.code(401).send({ message: result.message, totpRequired: true });
      await protection.remember(result.user._id, request);
      return { user: result.user, token: result.token };
    },
  );

  app.post(
    '/logout',
    { schema: { response: { 200: MessageSchema, '4xx': ApiErrorSchema } }, onRequest: app.requireCustomer },
    // requireCustomer has answered 401 unless the token names a live session.
    async (request) => ({ message: await accounts.logout(request.sessionId!) }),
  );

  app.get(
    '/me',
    { schema: { response: { 200: MeAnswerSchema, '4xx': ApiErrorSchema } }, onRequest: app.requireCustomer },
    async (request) => {
      // requireCustomer has answered 401 unless a customer is set.
      return { user: toWireUser(request.customer!) };
    },
  );

  // requireCustomer (onRequest) has answered 401 unless a customer is set, before these limits count.
  const customerOf = (request: FastifyRequest) => request.customer?.id;

  app.put(
    '/password',
    {
      schema: {
        body: ChangePasswordBodySchema,
        response: { 200: ChangePasswordAnswerSchema, '4xx': ApiErrorSchema },
      },
      onRequest: app.requireCustomer,
      preHandler: limit('changePassword', customerOf),
    },
    async (request) => accounts.changePassword(request.customer!, request.body.currentPassword, request.body.password),
  );

  app.delete(
    '/me',
    {
      schema: { body: DeleteAccountBodySchema, response: { 200: MessageSchema, '4xx': ApiErrorSchema } },
      onRequest: app.requireCustomer,
      preHandler: limit('deleteAccount', customerOf),
    },
    async (request) => ({ message: await accounts.deleteAccount(request.customer!, request.body.password) }),
  );

  app.post(
    '/forgot-password',
    {
      schema: { body: ForgotPasswordBodySchema, response: { 200: MessageSchema, '4xx': ApiErrorSchema } },
      preHandler: emailLimit('forgotPassword'),
    },
    async (request, reply) => {
      // Answer first, then look the address up: the answer and its timing are the same for every address.
      reply.send({ message: authMessages.resetLinkSent });
      accounts.requestPasswordReset(request.body.email, request.log);
      return reply;
    },
  );

  app.get(
    `/reset-password/:token${RESET_LINK_CHECK_SUFFIX}`,
    {
      schema: { params: ResetPasswordParamsSchema, response: { 200: ResetLinkCheckSchema, '4xx': ApiErrorSchema } },
      preHandler: limit('checkResetLink', () => undefined),
    },
    async (request) => accounts.checkResetLink(request.params.token),
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
    async (request) => {
      const { message, userId } = await accounts.resetPassword(request.params.token, request.body.password);
      // Following the mailed link proves the mailbox: its network is the owner's from now on (decision 102).
      await protection.remember(userId, request);
      return { message };
    },
  );
};

export default authRoutes;
