/**
 * The second login step's endpoints on the account page (decision 103): its state, setting it up (a new secret, then
 * the first code, answered with the recovery codes) and turning it off. Each needs a live session; setting up is for
 * staff and admin accounts only. Every code tried counts against the account's limits.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '#shared/schemas/error';
import {
  TotpConfirmAnswerSchema,
  TotpConfirmBodySchema,
  TotpDisableBodySchema,
  TotpStartAnswerSchema,
  TotpStartBodySchema,
  TotpStatusSchema,
} from '#shared/schemas/totp';
import { MessageSchema } from '#shared/schemas/user';

const WINDOW_MS = 15 * 60_000;

/** Per 15 minutes before RATE_LIMIT_FACTOR; keyed on the logged-in account, as a password change is. */
export const totpLimits = {
  start: { perAddress: 20, perAccount: 10 },
  confirm: { perAddress: 20, perAccount: 10 },
  disable: { perAddress: 20, perAccount: 5 },
};

const totpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { totp } = app;
  app.removeContentTypeParser('text/plain');
  // requireCustomer (onRequest) has answered 401 unless a customer is set.
  app.addHook('onRequest', app.requireCustomer);
  const account = (request: FastifyRequest) => request.customer!;

  const limit = (name: keyof typeof totpLimits) =>
    app.attemptLimit({
      name: `totp-${name}`,
      perAddress: { max: totpLimits[name].perAddress, windowMs: WINDOW_MS },
      perAccount: { max: totpLimits[name].perAccount, windowMs: WINDOW_MS, key: (request) => request.customer?.id },
    });

  app.get('/', { schema: { response: { 200: TotpStatusSchema, '4xx': ApiErrorSchema } } }, async (request) =>
    totp.status(account(request)),
  );

  app.post(
    '/start',
    {
      schema: { body: TotpStartBodySchema, response: { 200: TotpStartAnswerSchema, '4xx': ApiErrorSchema } },
      preHandler: limit('start'),
    },
    async (request) => totp.start(account(request)),
  );

  app.post(
    '/confirm',
    {
      schema: { body: TotpConfirmBodySchema, response: { 200: TotpConfirmAnswerSchema, '4xx': ApiErrorSchema } },
      preHandler: limit('confirm'),
    },
    async (request) => totp.confirm(account(request), request.body.code),
  );

  app.delete(
    '/',
    {
      schema: { body: TotpDisableBodySchema, response: { 200: MessageSchema, '4xx': ApiErrorSchema } },
      preHandler: limit('disable'),
    },
    async (request) => {
      const found = await app.userRepository.findById(account(request).id);
      const matches = await app.auth.verifyPassword(found?.passwordHash, request.body.password);
      return { message: await totp.disable(account(request), matches, request.body.code) };
    },
  );
};

export default totpRoutes;
