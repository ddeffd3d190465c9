/**
 * `app.refundRepository`: an order's refunds and its cancellation (decision 093). Every write that decides how much
 * may still be refunded happens with the order's row locked (`lockForRefund`), so refunds asked for at once are
 * decided one after another; a refund's state moves only from `pending`, by a conditional update, so whichever of the
 * request, the sweep and the webhook settles it first settles it once.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { RefundLine } from '#shared/schemas/refund';
import type { PaymentProviderName } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { checkouts, orderStatusChanges, orders, refunds } from '../../db/schema.ts';
import {
  type CheckoutLine,
  linesByOrderId,
  type OrderRecord,
  type RefundRecord,
  refundsByOrderId,
  toRefundRecord,
} from './order-records.ts';
import type { RefundOutcome } from './payments/provider.ts';

/**
 * An order as refunds need it, personal data or not: an order whose customer deleted their account can still be
 * refunded in Stripe, and the books must hear of it.
 */
export interface OrderForRefund extends Pick<OrderRecord, 'id' | 'orderNumber' | 'status' | 'totalPence'> {
  lines: CheckoutLine[];
  refunds: RefundRecord[];
  /** Null once anonymised: then nobody is mailed. */
  email: string | null;
  name: string | null;
  provider: PaymentProviderName;
  sessionId: string | null;
  /** Its packs were taken for this checkout: a restock puts them back into the batches they came from. */
  checkoutId: string;
}

export interface NewRefund {
  orderId: string;
  amountPence: number;
  reason: string;
  restock: boolean;
  lines: RefundLine[] | null;
  provider: PaymentProviderName;
  idempotencyKey: string | null;
  cancellation: boolean;
  actor: { id: string | null; email: string };
  /** A refund learnt from the provider (made in its dashboard) arrives with its id and state. */
  settled?: RefundOutcome;
}

export interface RefundRepository {
  /** The order with its row locked until `tx` ends; undefined when there is none. */
  lockForRefund(orderId: string, tx: Database): Promise<OrderForRefund | undefined>;
  /** The order paid by a provider's session, if any. */
  orderIdOfSession(sessionId: string): Promise<string | undefined>;
  /** Inserts a refund; undefined when one with the same provider id is recorded already. */
  insert(refund: NewRefund, tx: Database): Promise<RefundRecord | undefined>;
  find(refundId: string, db?: Database): Promise<RefundRecord | undefined>;
  findByProviderId(providerRefundId: string, db?: Database): Promise<RefundRecord | undefined>;
  /**
   * Settles a pending refund's try `attempt` as the provider says: the refund as settled, or undefined when it was no
   * longer pending in that try (settled by someone else first, or tried again since). A `pending` outcome only keeps
   * the provider's id.
   */
  settle(refundId: string, attempt: number, outcome: RefundOutcome, tx: Database): Promise<RefundRecord | undefined>;
  /** A failed refund becomes pending again in a new try; undefined when it was not failed. */
  retry(refundId: string, tx: Database): Promise<RefundRecord | undefined>;
  /**
   * Up to `limit` refunds pending since before `before`, each taken by this caller (its time moved on), so several
   * processes' sweeps take different ones.
   */
  claimPending(before: Date, limit: number): Promise<RefundRecord[]>;
  /** Marks a processing order cancelled, with its history row; false when it was not processing. */
  markCancelled(orderId: string, actor: { id: string | null; email: string }, tx: Database): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    refundRepository: RefundRepository;
  }
}

export function createRefundRepository(appDb: Database): RefundRepository {
  const findWhere = async (where: ReturnType<typeof eq>, db: Database) => {
    const [row] = await db.select().from(refunds).where(where);
    return row && toRefundRecord(row);
  };

  return {
    async lockForRefund(orderId, tx) {
      const [row] = await tx
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          status: orders.status,
          totalPence: orders.totalPence,
          email: orders.email,
          shippingAddress: orders.shippingAddress,
          provider: checkouts.provider,
          sessionId: checkouts.sessionId,
          checkoutId: orders.checkoutId,
        })
        .from(orders)
        .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
        .where(eq(orders.id, orderId))
        .for('update', { of: orders });
      if (!row) return undefined;
      const lines = (await linesByOrderId(tx, [row.id])).get(row.id) ?? [];
      const orderRefunds = (await refundsByOrderId(tx, [row.id])).get(row.id) ?? [];
      const { shippingAddress, ...order } = row;
      return { ...order, name: shippingAddress?.name ?? null, lines, refunds: orderRefunds };
    },

    async orderIdOfSession(sessionId) {
      const [row] = await appDb
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
        .where(eq(checkouts.sessionId, sessionId));
      return row?.id;
    },

    async insert({ actor, settled, ...refund }, tx) {
      const [row] = await tx
        .insert(refunds)
        .values({
          ...refund,
          actorId: actor.id,
          actorEmail: actor.email,
          ...(settled && {
            status: settled.status,
            providerRefundId: settled.providerRefundId ?? null,
            failureReason: settled.status === 'failed' ? settled.failureReason : null,
            succeededAt: settled.status === 'succeeded' ? sql`now()` : null,
          }),
        })
        .onConflictDoNothing({ target: refunds.providerRefundId })
        .returning();
      return row && toRefundRecord(row);
    },

    find: (refundId, db = appDb) => findWhere(eq(refunds.id, refundId), db),
    findByProviderId: (providerRefundId, db = appDb) => findWhere(eq(refunds.providerRefundId, providerRefundId), db),

    async settle(refundId, attempt, outcome, tx) {
      const pendingTry = and(eq(refunds.id, refundId), eq(refunds.attempt, attempt), eq(refunds.status, 'pending'));
      const providerRefundId = outcome.providerRefundId ?? null;
      if (outcome.status === 'pending') {
        await tx
          .update(refunds)
          .set({ providerRefundId: sql`coalesce(${providerRefundId}, ${refunds.providerRefundId})` })
          .where(pendingTry);
        return undefined;
      }
      const [row] = await tx
        .update(refunds)
        .set({
          status: outcome.status,
          providerRefundId: sql`coalesce(${providerRefundId}, ${refunds.providerRefundId})`,
          failureReason: outcome.status === 'failed' ? outcome.failureReason : null,
          succeededAt: outcome.status === 'succeeded' ? sql`now()` : null,
        })
        .where(pendingTry)
        .returning();
      return row && toRefundRecord(row);
    },

    async retry(refundId, tx) {
      const [row] = await tx
        .update(refunds)
        .set({
          status: 'pending',
          attempt: sql`${refunds.attempt} + 1`,
          failureReason: null,
          providerRefundId: null,
          attemptedAt: sql`now()`,
        })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, 'failed')))
        .returning();
      return row && toRefundRecord(row);
    },

    async claimPending(before, limit) {
      return appDb.transaction(async (tx) => {
        const due = await tx
          .select({ id: refunds.id })
          .from(refunds)
          .where(and(eq(refunds.status, 'pending'), lt(refunds.attemptedAt, before)))
          .orderBy(refunds.attemptedAt)
          .limit(limit)
          .for('update', { skipLocked: true });
        const claimed: RefundRecord[] = [];
        for (const { id } of due) {
          const [row] = await tx.update(refunds).set({ attemptedAt: sql`now()` }).where(eq(refunds.id, id)).returning();
          if (row) claimed.push(toRefundRecord(row));
        }
        return claimed;
      });
    },

    async markCancelled(orderId, actor, tx) {
      const [row] = await tx
        .update(orders)
        .set({ status: 'cancelled', cancelledAt: sql`now()` })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'processing')))
        .returning({ id: orders.id });
      if (!row) return false;
      await tx.insert(orderStatusChanges).values({
        orderId,
        fromStatus: 'processing',
        toStatus: 'cancelled',
        trackingNumber: null,
        actorId: actor.id,
        actorEmail: actor.email,
      });
      return true;
    },
  };
}
