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
import { cacheControl } from '../../../lib/cache-control.ts';
import { chargeTestCard } from '../payments/test-cards.ts';
import {
  PAY_PAGE_STYLESHEET_PATH,
  type PayPageModel,
  payPageStylesheet,
  renderPayMessagePage,
  renderPayPage,
} from './html.ts';

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
    reply.header('cache-control', cacheControl.revalidate).type('text/css; charset=utf-8').send(payPageStylesheet),
  );

  /**
   * The checkout a page address names and the page's model for it, or undefined for an unknown one; another
   * provider's checkout on the same database (a Stripe session) is unknown here: this page cannot take its payment.
   */
  async function pageFor(rawParams: unknown) {
    const params = ParamsSchema.safeParse(rawParams);
    if (!params.success) return undefined;
    const { sessionId } = params.data;
    const checkout = await app.checkout.find(sessionId);
    if (!checkout) return undefined;
    const model: PayPageModel = {
      sessionId,
      lines: checkout.lines,
      amountPence: checkout.amountPence,
      email: checkout.email,
    };
    return { checkout, model };
  }

  const notFound = (reply: FastifyReply) =>
    sendHtml(reply, 404, renderPayMessagePage(unknownPayment.title, unknownPayment.message));

  const successUrl = (sessionId: string) => `/success?session_id=${encodeURIComponent(sessionId)}`;

  app.get('/pay/:sessionId', async (request, reply) => {
    const found = await pageFor(request.params);
    if (!found) return notFound(reply);
    // Paid already (a second tab, the back button): nothing more to pay.
    if (found.checkout.paidAt) return reply.redirect(successUrl(found.model.sessionId), 303);
    return sendHtml(reply, 200, renderPayPage(found.model));
  });

  app.post('/pay/:sessionId', async (request, reply) => {
    const found = await pageFor(request.params);
    if (!found) return notFound(reply);
    const { model } = found;
    // Whatever came (a JSON list, a string): anything but an object is an empty form, never a 500.
    const body = request.body;
    const entered = CardFormSchema.parse(typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {});
    const outcome = chargeTestCard(entered, new Date());
    if (!outcome.paid) {
      request.log.info({ field: outcome.field }, 'test card refused');
      return sendHtml(reply, 402, renderPayPage({ ...model, entered, error: outcome }));
    }
    await app.checkout.confirmCheckout(found.checkout, { knownPaid: true });
    return reply.redirect(successUrl(model.sessionId), 303);
  });
};

export default payRoutes;
