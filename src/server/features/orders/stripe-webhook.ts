/**
 * `POST /api/orders/stripe-webhook`, registered only with PAYMENT_PROVIDER=stripe: a signed event that a session
 * is paid makes its order through `app.checkout.confirm`, as the verify and order calls do (decision 038); one that a
 * session expired gives its checkout's stock back (decision 077); one about a refund settles the shop's pending refund
 * or records one made in Stripe's dashboard (decision 093).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiErrorSchema } from '#shared/schemas/error';
import { documentedOnly } from '../../lib/documented-only.ts';
import { HttpError } from '../../errors.ts';
import { orderMessages } from './messages.ts';
import type { StripePaymentProvider } from './payments/stripe.ts';

export async function registerStripeWebhook(app: FastifyInstance, stripe: StripePaymentProvider) {
  // The signature covers the body's exact bytes, so this route reads them raw; the scope keeps the parser here.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/stripe-webhook',
      {
        bodyLimit: 512 * 1024,
        schema: {
          description: 'Stripe calls this, signed in its `Stripe-Signature` header.',
          body: documentedOnly({
            description: 'A Stripe event, read as raw bytes: the signature covers them exactly.',
          }),
          response: { 200: z.object({ received: z.literal(true) }), '4xx': ApiErrorSchema },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const outcome = stripe.readWebhookEvent(
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
        if (outcome.type === 'invalid-signature') throw new HttpError(400, orderMessages.badSignature);
        if (outcome.type === 'ignored') return { received: true };
        if (outcome.type === 'refund-changed') {
          await app.refundSettlement.fromProvider(outcome.refund, stripe.sessionOfPayment);
          return { received: true };
        }
        if (outcome.type === 'charge-refunded') {
          // Stripe's charge names no single refund: every refund it holds for the payment is read and recorded.
          for (const refund of await stripe.refundsOfPayment(outcome.paymentIntent))
            await app.refundSettlement.fromProvider(refund, stripe.sessionOfPayment);
          return { received: true };
        }
        if (outcome.type === 'checkout-expired') {
          // Abandoned at Stripe: the stock it held goes back now rather than at the sweep.
          const pending = await app.checkout.find(outcome.sessionId);
          if (pending) await app.checkout.releaseCheckout(pending.id);
          return { received: true };
        }
        const result = await app.checkout.confirm(outcome.sessionId, { knownPaid: true });
        // Stripe may tell us of sessions this shop did not make (another integration on the same account).
        if (result.status === 'unknown-session')
          request.log.warn({ sessionId: outcome.sessionId }, 'webhook for a payment session this shop does not know');
        return { received: true };
      },
    );
  });
}
