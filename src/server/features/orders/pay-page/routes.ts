/**
 * The built-in test payment page (PAYMENT_PROVIDER=local; docs/api.md, Checkout and payment), registered only with that provider:
 * `GET /pay/{id}` shows it, `POST /pay/{id}` takes a test card and, when it pays, places the order at once
 * (the payment and its order commit together, so a paid session always has an order) and sends the browser
 * to `/success?session_id={id}`. Every POST answers with a 303 to a GET (decision 065): a refused card goes back to
 * `/pay/{id}?refused={reason}`, so the browser's history holds no form to resubmit when the shopper presses Back;
 * that GET shows the fields again as they were typed, held in memory for it alone (decision 115).
 * `POST /pay/{id}/cancel` gives the checkout's stock back and goes to `/cancel`; a checkout that gave its stock back
 * (cancelled, or past its hold) is refused payment.
 */
import formBody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { SessionIdSchema } from '#shared/schemas/order';
import { cacheControl } from '../../../lib/cache-control.ts';
import { chargeTestCard, type TestCardEntry, type TestCardRefusal, testCardMessages } from '../payments/test-cards.ts';
import {
  PAY_PAGE_STYLESHEET_PATH,
  type PayPageModel,
  payPageStylesheet,
  renderPayMessagePage,
  renderPayPage,
} from './html.ts';
import { createTypedEntries } from './typed-entries.ts';

const ParamsSchema = z.object({ sessionId: SessionIdSchema });
/** Whatever the form sends; every field is checked by the card rules, so a missing one is only an empty one. */
const CardFormSchema = z.object({
  cardNumber: z.string().max(40).catch(''),
  expiry: z.string().max(20).catch(''),
  cvc: z.string().max(10).catch(''),
  nameOnCard: z.string().max(100).catch(''),
});

/** Each refusal's field, for the page the redirect shows; the address names the reason, never what was typed. */
const refusalFields: Record<TestCardRefusal, keyof TestCardEntry> = {
  invalidNumber: 'cardNumber',
  declined: 'cardNumber',
  insufficientFunds: 'cardNumber',
  invalidExpiry: 'expiry',
  expired: 'expiry',
  invalidCvc: 'cvc',
  missingName: 'nameOnCard',
};
const RefusedQuerySchema = z.object({
  refused: z
    .enum(Object.keys(testCardMessages) as [TestCardRefusal, ...TestCardRefusal[]])
    .optional()
    .catch(undefined),
});

const expiredPayment = {
  title: 'Payment expired',
  message: 'This payment was cancelled or has expired. Please go back to your cart and check out again.',
};

const unknownPayment = {
  title: 'Payment not found',
  message: 'We could not find this payment. Please go back to your cart and check out again.',
};

const payRoutes: FastifyPluginAsync = async (app) => {
  await app.register(formBody, { bodyLimit: 4 * 1024 });
  const typedEntries = createTypedEntries();

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
      subtotalPence: checkout.subtotalPence,
      discountPence: checkout.discountPence,
      deliveryPence: checkout.deliveryPence,
      promoCode: checkout.promoCode,
      amountPence: checkout.amountPence,
      email: checkout.email,
    };
    return { checkout, model };
  }

  const notFound = (reply: FastifyReply) =>
    sendHtml(reply, 404, renderPayMessagePage(unknownPayment.title, unknownPayment.message));

  const successUrl = (sessionId: string) => `/success?session_id=${encodeURIComponent(sessionId)}`;
  const refusedUrl = (sessionId: string, reason: TestCardRefusal) =>
    `/pay/${encodeURIComponent(sessionId)}?refused=${reason}`;

  app.get('/pay/:sessionId', async (request, reply) => {
    const found = await pageFor(request.params);
    if (!found) return notFound(reply);
    // Paid already (a second tab, the back button): nothing more to pay.
    if (found.checkout.paidAt) return reply.redirect(successUrl(found.model.sessionId), 303);
    if (found.checkout.stockReleasedAt)
      return sendHtml(reply, 409, renderPayMessagePage(expiredPayment.title, expiredPayment.message));
    const { refused } = RefusedQuerySchema.parse(request.query ?? {});
    const error = refused ? { field: refusalFields[refused], message: testCardMessages[refused] } : undefined;
    const entered = refused ? typedEntries.take(found.model.sessionId) : undefined;
    return sendHtml(reply, 200, renderPayPage({ ...found.model, ...(error && { error }), entered }));
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
      // NOTE: a card's details never go into an address or a log: what was typed waits in memory for the GET.
      typedEntries.keep(model.sessionId, entered);
      return reply.redirect(refusedUrl(model.sessionId, outcome.reason), 303);
    }
    // Cancelled, or left past its hold: its stock has gone back to the shelf, and this page no longer takes payment.
    // The order's own transaction decides (a Cancel sent at the same moment may win); this read only spares it.
    const expired = () => sendHtml(reply, 409, renderPayMessagePage(expiredPayment.title, expiredPayment.message));
    if (found.checkout.stockReleasedAt && !found.checkout.paidAt) return expired();
    const result = await app.checkout.confirmCheckout(found.checkout, { knownPaid: true, onlyWhileHeld: true });
    if (result.status === 'stock-given-back') return expired();
    return reply.redirect(successUrl(model.sessionId), 303);
  });

  // Giving up: the checkout's stock goes back at once rather than when its hold ends; the shop says the rest.
  app.post('/pay/:sessionId/cancel', async (request, reply) => {
    const found = await pageFor(request.params);
    if (!found) return notFound(reply);
    await app.checkout.releaseCheckout(found.checkout.id);
    return reply.redirect('/cancel', 303);
  });
};

export default payRoutes;
