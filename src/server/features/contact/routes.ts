/**
 * The contact form: `POST /api/contact/submit` stores the message and queues its mail to the shop (Reply-To the
 * sender) in one transaction, then answers 201 `{ message }`. Limited per client address; slowed per e-mail.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactAnswerSchema, ContactBodySchema } from '#shared/schemas/contact';
import { ApiErrorSchema } from '#shared/schemas/error';

export const contactTexts = {
  received: 'Thank you for your message. We will get back to you soon.',
  tooMany: 'You have sent several messages in a short time. Please wait a few minutes and try again.',
};

const WINDOW_MS = 15 * 60_000;

/**
 * Messages per 15 minutes before RATE_LIMIT_FACTOR: refused past `perAddress` from one client address; past
 * `slowPerEmail` in one sender's e-mail, from anywhere, each further message waits a moment but is taken. The
 * e-mail is typed by whoever sends, so a limit refusing it would let anyone silence its owner (decision 044).
 */
export const contactLimits = { perAddress: 5, slowPerEmail: 5 };

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  // JSON only: a form post or plain text answers 415 instead of failing validation (as the auth routes).
  app.removeContentTypeParser('text/plain');

  app.post(
    '/submit',
    {
      schema: { body: ContactBodySchema, response: { 201: ContactAnswerSchema, '4xx': ApiErrorSchema } },
      preHandler: app.attemptLimit({
        name: 'contact',
        message: contactTexts.tooMany,
        perAddress: { max: contactLimits.perAddress, windowMs: WINDOW_MS },
        slowPerAccount: {
          max: contactLimits.slowPerEmail,
          windowMs: WINDOW_MS,
          key: (request) => (request.body as { email: string }).email,
        },
      }),
    },
    async (request, reply) => {
      const stored = await app.contact.submit(request.body);
      request.log.info({ contactMessageId: stored.id }, 'contact message received');
      return reply.code(201).send({ message: contactTexts.received });
    },
  );
};

export default contactRoutes;
