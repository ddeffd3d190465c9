/**
 * The built-in test payment page (PAYMENT_PROVIDER=local, contract §4), registered only with that provider:
 * `GET /pay/{id}` shows it, `POST /pay/{id}` takes a test card and, when it pays, places the order at once
 * (the payment and its order commit together, so a paid session always has an order) and sends the browser
 * to `/success?session_id={id}`.
 */
import formBody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { SessionIdSchema } from '#shared/schemas/order';
import {
  PAY_PAGE_STYLESHEET_PATH,
  type PayPageModel,
  payPageStylesheet,
  renderPayMessagePage,
  renderPayPage,
} from '../../payments/local-pay-page.ts';
import { chargeTestCard } from '../../payments/test-cards.ts';

const ParamsSchema = z.object({ sessionId: SessionIdSchema });
/** Whatever the form sends; every field is checked by the card rules, so a missing one is only an empty one. */
const CardFormSchema = z.object({
  cardNumber: z.string().max(40).catch(''),
  expiry: z.string().max(20).catch(''),
  cvc: z.string().max(10).catch(''),
  nameOnCard: z.string().max(100).catch(''),
});

const unknownPayment = {
  title: 'Payment not found',
  message: 'We could not find this payment. Please go back to your cart and check out again.',
};

const payRoutes: FastifyPluginAsync = async (app) => {
  await app.register(formBody, { bodyLimit: 4 * 1024 });

  const sendHtml = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

  app.get(PAY_PAGE_STYLESHEET_PATH, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(payPageStylesheet),
  );

  /** The page's model for a session, or undefined for an unknown one. */
  async function pageFor(sessionId: string): Promise<PayPageModel | undefined> {
    const checkout = await app.orderRepository.findCheckoutBySession(sessionId);
    if (!checkout) return undefined;
    return { sessionId, lines: checkout.lines, amountPence: checkout.amountPence, email: checkout.email };
  }

  const successUrl = (sessionId: string) => `/success?session_id=${encodeURIComponent(sessionId)}`;

  app.get('/pay/:sessionId', async (request, reply) => {
    const params = ParamsSchema.safeParse(request.params);
    const model = params.success ? await pageFor(params.data.sessionId) : undefined;
    if (!params.success || !model)
      return sendHtml(reply, 404, renderPayMessagePage(unknownPayment.title, unknownPayment.message));
    const checkout = await app.orderRepository.findCheckoutBySession(model.sessionId);
    // Paid already (a second tab, the back button): nothing more to pay.
    if (checkout?.paidAt) return reply.redirect(successUrl(model.sessionId), 303);
    return sendHtml(reply, 200, renderPayPage(model));
  });

  app.post('/pay/:sessionId', async (request, reply) => {
    const params = ParamsSchema.safeParse(request.params);
    const model = params.success ? await pageFor(params.data.sessionId) : undefined;
    if (!params.success || !model)
      return sendHtml(reply, 404, renderPayMessagePage(unknownPayment.title, unknownPayment.message));
    const entered = CardFormSchema.parse(typeof request.body === 'object' && request.body !== null ? request.body : {});
    const outcome = chargeTestCard(entered, new Date());
    if (!outcome.paid) {
      request.log.info({ field: outcome.field }, 'test card refused');
      return sendHtml(reply, 402, renderPayPage({ ...model, entered, error: outcome }));
    }
    await app.checkout.confirm(model.sessionId, { knownPaid: true });
    return reply.redirect(successUrl(model.sessionId), 303);
  });
};

export default payRoutes;
