/**
 * Refunds through Stripe (decision 093): `refunds.create` on the session's payment intent with an idempotency key per
 * try, a refund's state read back, and the refunds Stripe holds for a payment (those made in its dashboard too). The
 * shop's refund id and try go into the refund's metadata, so Stripe's events name the shop's refund.
 */
import Stripe from 'stripe';
import type { RefundOutcome, RefundRequest } from './provider.ts';

/** A refund as Stripe holds it, in what the shop needs. */
export interface ProviderRefund {
  providerRefundId: string;
  paymentIntent: string | null;
  amountPence: number;
  outcome: RefundOutcome;
  /** The shop's refund and try, when the shop asked for it; undefined for one made in Stripe's dashboard. */
  shopRefund: { refundId: string; attempt: number } | undefined;
  /** Stripe's reason code ('requested_by_customer', …), if any. */
  reason: string | null;
}

/** Stripe's failure codes ('expired_or_canceled_card') as words an owner reads. */
const failureWords = (code: string | null | undefined) =>
  code ? `Stripe: ${code.replaceAll('_', ' ')}` : 'Stripe could not make the refund';

export function refundOutcome(refund: Stripe.Refund): RefundOutcome {
  if (refund.status === 'succeeded') return { status: 'succeeded', providerRefundId: refund.id };
  if (refund.status === 'failed' || refund.status === 'canceled')
    return { status: 'failed', providerRefundId: refund.id, failureReason: failureWords(refund.failure_reason) };
  // pending, requires_action: Stripe settles it later and says so in a refund.updated event.
  return { status: 'pending', providerRefundId: refund.id };
}

export function toProviderRefund(refund: Stripe.Refund): ProviderRefund {
  const { refundId, attempt } = refund.metadata ?? {};
  return {
    providerRefundId: refund.id,
    paymentIntent:
      typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? null),
    amountPence: refund.amount,
    outcome: refundOutcome(refund),
    shopRefund: refundId && attempt && /^\d+$/.test(attempt) ? { refundId, attempt: Number(attempt) } : undefined,
    reason: refund.reason ?? null,
  };
}

export function createStripeRefunds(stripe: Stripe) {
  return {
    async refund({ refundId, attempt, sessionId, amountPence, orderNumber }: RefundRequest): Promise<RefundOutcome> {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const paymentIntent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) return { status: 'failed', failureReason: 'Stripe holds no payment for this order' };
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: amountPence,
            metadata: { refundId, attempt: String(attempt), orderNumber },
          },
          { idempotencyKey: `refund-${refundId}-${attempt}` },
        );
        return refundOutcome(refund);
      } catch (error) {
        // Stripe's definite no (already refunded, too much, a card that cannot take it): this try failed. Anything
        // else (the network, Stripe's own trouble) leaves the outcome unknown, and the caller asks again later.
        if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError)
          return { status: 'failed', failureReason: `Stripe: ${error.message}` };
        throw error;
      }
    },

    async refundStatus(providerRefundId: string): Promise<RefundOutcome> {
      return refundOutcome(await stripe.refunds.retrieve(providerRefundId));
    },

    /** Every refund Stripe holds for a payment, newest first (a payment has a handful at most). */
    async refundsOfPayment(paymentIntent: string): Promise<ProviderRefund[]> {
      const list = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
      return list.data.map(toProviderRefund);
    },

    /** The Checkout Session that took a payment, if this Stripe account has one. */
    async sessionOfPayment(paymentIntent: string): Promise<string | undefined> {
      const list = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
      return list.data[0]?.id;
    },
  };
}
