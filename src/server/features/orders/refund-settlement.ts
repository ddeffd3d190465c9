/**
 * How a refund is settled after it is recorded (decision 093): the provider is asked with the refund's own
 * idempotency key, and its answer is written by a conditional update, so the request, the sweep after a crash and the
 * provider's webhook may all try and only the first settles it. A refund that succeeds is mailed to the buyer in the
 * same unit of work (a cancellation's refund was mailed with the cancellation). Refunds the provider made on its own
 * (in Stripe's dashboard) are recorded here too.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type QueueMail, refundMail, type UnitOfWork } from '../mail/index.ts';
import { formatOrderNumber, type RefundRecord } from './order-records.ts';
import type { PaymentProvider, RefundOutcome } from './payments/provider.ts';
import type { ProviderRefund } from './payments/stripe-refunds.ts';
import type { OrderForRefund, RefundRepository } from './refund-repository.ts';

/** Who a refund made in Stripe's dashboard is recorded as. */
export const STRIPE_ACTOR = { id: null, email: 'Stripe' } as const;
/** A pending refund is left to its request (or the provider's webhook) this long before the sweep asks again. */
export const REFUND_SWEEP_AFTER_MS = 60_000;
const SWEEP_BATCH = 20;

export interface RefundSettlement {
  /** Asks the provider for this try of the refund and records its answer; an unknown answer leaves it pending. */
  settle(refund: RefundRecord): Promise<void>;
  /** Settles refunds left pending (a crash, a network failure, Stripe still working): how many it asked about. */
  sweep(now?: Date): Promise<number>;
  /** A refund the provider tells of: settles the shop's own, or records one made in the provider's dashboard. */
  fromProvider(
    refund: ProviderRefund,
    sessionOf: (paymentIntent: string) => Promise<string | undefined>,
  ): Promise<void>;
}

/** The buyer's mail for a refund that has just succeeded; nobody is mailed once the order was anonymised. */
async function mailRefund(queueMail: QueueMail, order: OrderForRefund, refund: RefundRecord) {
  if (!order.email) return;
  await queueMail(
    refundMail({
      to: order.email,
      name: order.name,
      orderNumber: formatOrderNumber(order.orderNumber),
      reason: refund.reason,
      amountPence: refund.amountPence,
    }),
  );
}

export function createRefundSettlement(deps: {
  unitOfWork: UnitOfWork;
  refundRepository: RefundRepository;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}): RefundSettlement {
  const { unitOfWork, refundRepository, payments, log } = deps;

  /** Writes the provider's answer for try `attempt`, and mails the buyer when it has just succeeded. */
  function record(refund: Pick<RefundRecord, 'id' | 'orderId'>, attempt: number, outcome: RefundOutcome) {
    return unitOfWork(async (tx, queueMail) => {
      const order = await refundRepository.lockForRefund(refund.orderId, tx);
      const settled = await refundRepository.settle(refund.id, attempt, outcome, tx);
      if (order && settled?.status === 'succeeded' && !settled.cancellation)
        await mailRefund(queueMail, order, settled);
      return settled;
    });
  }

  async function settle(refund: RefundRecord) {
    const order = await unitOfWork((tx) => refundRepository.lockForRefund(refund.orderId, tx));
    if (!order?.sessionId) throw new Error(`refund ${refund.id}: its order has no payment session`);
    let outcome: RefundOutcome;
    try {
      outcome = refund.providerRefundId
        ? await payments.refundStatus(refund.providerRefundId)
        : await payments.refund({
            refundId: refund.id,
            attempt: refund.attempt,
            sessionId: order.sessionId,
            amountPence: refund.amountPence,
            orderNumber: formatOrderNumber(order.orderNumber),
          });
    } catch (error) {
      log.warn({ err: error, refundId: refund.id }, 'the payment provider did not answer a refund; it stays pending');
      return;
    }
    const settled = await record(refund, refund.attempt, outcome);
    if (settled) log.info({ refundId: refund.id, status: settled.status }, 'refund settled');
  }

  return {
    settle,

    async sweep(now = new Date()) {
      const before = new Date(now.getTime() - REFUND_SWEEP_AFTER_MS);
      let asked = 0;
      for (;;) {
        const due = await refundRepository.claimPending(before, SWEEP_BATCH);
        // Another provider's refunds (a process with other settings on the same database) are left to it.
        for (const refund of due.filter((each) => each.provider === payments.name)) await settle(refund);
        asked += due.length;
        if (due.length < SWEEP_BATCH) return asked;
      }
    },

    async fromProvider(refund, sessionOf) {
      const known =
        (await refundRepository.findByProviderId(refund.providerRefundId)) ??
        (refund.shopRefund && (await refundRepository.find(refund.shopRefund.refundId)));
      if (known) {
        // A late event about an earlier, failed try must not settle the try under way.
        const attempt = refund.shopRefund?.attempt ?? known.attempt;
        if (known.status === 'pending') await record(known, attempt, refund.outcome);
        return;
      }
      if (refund.shopRefund) {
        log.warn({ providerRefundId: refund.providerRefundId }, 'a refund names a shop refund that does not exist');
        return;
      }
      const sessionId = refund.paymentIntent ? await sessionOf(refund.paymentIntent) : undefined;
      const orderId = sessionId && (await refundRepository.orderIdOfSession(sessionId));
      if (!orderId) {
        log.warn({ providerRefundId: refund.providerRefundId }, 'a refund for a payment this shop has no order for');
        return;
      }
      // Made in Stripe's dashboard: the money has gone back (or is going), so the shop records it as Stripe says,
      // whatever the shop's own count; it is the owner's to see on the order.
      await unitOfWork(async (tx, queueMail) => {
        const order = await refundRepository.lockForRefund(orderId, tx);
        if (!order) return;
        const inserted = await refundRepository.insert(
          {
            orderId,
            amountPence: refund.amountPence,
            reason: refund.reason ? `Refunded in Stripe (${refund.reason.replaceAll('_', ' ')})` : 'Refunded in Stripe',
            restock: false,
            lines: null,
            provider: payments.name,
            idempotencyKey: null,
            cancellation: false,
            actor: STRIPE_ACTOR,
            settled: refund.outcome,
          },
          tx,
        );
        if (inserted?.status === 'succeeded') await mailRefund(queueMail, order, inserted);
      });
    },
  };
}
