/**
 * The owner's refunds and cancellations (`app.refunds`; docs/api.md, Refunds and cancellations; decision 093). Each call
 * decides in one unit of work, with the order's row locked: what is left to refund, the pending refund, the packs
 * back in stock, the cancellation and its mail, and the audit record. The provider is asked after that commit (never
 * inside a transaction), through the settlement, which records its answer once.
 */
import type { RefundBody } from '#shared/schemas/refund';
import { formatPence } from '#shared/money';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import type { Actor, Audit } from '../admin/index.ts';
import type { ProductRepository } from '../catalog/index.ts';
import { cancellationMail, type QueueMail, type UnitOfWork } from '../mail/index.ts';
import { orderAdminMessages, refundMessages } from './messages.ts';
import { formatOrderNumber, type RefundRecord, refundablePence } from './order-records.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { OrderForRefund, RefundRepository } from './refund-repository.ts';
import type { RefundSettlement } from './refund-settlement.ts';

/** Who asked: an admin, or the shop itself (a payment that came after its packs were sold). */
export type RefundActor = { id: string | null; email: string };

export interface RefundService {
  /** Records a refund and asks the provider for it; `created` is false when the key named an earlier one. */
  refund(orderId: string, body: RefundBody, actor: Actor, idempotencyKey?: string): Promise<{ created: boolean }>;
  /** Cancels a processing order: everything left refunded, its packs back unless `restock` is false. */
  cancel(orderId: string, body: { reason: string; restock: boolean }, actor: Actor): Promise<void>;
  /** Tries a failed refund again, if what it asks for is still left. */
  retry(orderId: string, refundId: string, actor: Actor): Promise<void>;
  /**
   * Cancels inside the caller's unit of work (the checkout's, for a payment that came after its packs were sold):
   * the refund to settle once it has committed, if there was anything to refund.
   */
  cancelInside(
    tx: Database,
    queueMail: QueueMail,
    order: OrderForRefund,
    cancel: { reason: string; restock: boolean; actor: RefundActor },
  ): Promise<RefundRecord | undefined>;
}

const notFound = () => new HttpError(404, orderAdminMessages.notFound);

/** The packs of each line already refunded: failed refunds count only if their packs went back on the shelf. */
function refundedPacks(order: OrderForRefund, onlyRestocked = false): number[] {
  const packs = order.lines.map(() => 0);
  for (const refund of order.refunds) {
    if (onlyRestocked ? !refund.restock : refund.status === 'failed' && !refund.restock) continue;
    for (const line of refund.lines ?? []) packs[line.index] = (packs[line.index] ?? 0) + line.qty;
  }
  return packs;
}

const auditedRefund = (refund: RefundRecord) => ({
  amount: formatPence(refund.amountPence),
  reason: refund.reason,
  restock: refund.restock,
  ...(refund.lines ? { lines: refund.lines } : {}),
});

export function createRefundService(deps: {
  unitOfWork: UnitOfWork;
  audit: Pick<Audit, 'record'>;
  refundRepository: RefundRepository;
  productRepository: Pick<ProductRepository, 'returnStock'>;
  payments: Pick<PaymentProvider, 'name'>;
  settlement: RefundSettlement;
  /** After a commit that brought a sold-out weight back: the shop's pages must say so. */
  stockShown: (changed: boolean) => Promise<void>;
}): RefundService {
  const { unitOfWork, audit, refundRepository, productRepository, payments, settlement, stockShown } = deps;

  /** The order locked for `tx`, refundable through this shop's provider, or the refusal. */
  async function lockedOrder(orderId: string, tx: Database): Promise<OrderForRefund> {
    const order = await refundRepository.lockForRefund(orderId, tx);
    if (!order) throw notFound();
    if (order.provider !== payments.name) throw new HttpError(409, refundMessages.otherProvider(order.provider));
    return order;
  }

  /** Puts packs back on the shelf: whether a sold-out weight came back. */
  async function restock(order: OrderForRefund, packs: { index: number; qty: number }[], tx: Database) {
    const lines = packs
      .filter((pack) => pack.qty > 0)
      .map(({ index, qty }) => ({
        productId: order.lines[index]!.productId,
        label: order.lines[index]!.selectedWeight,
        qty,
      }));
    return lines.length > 0 ? (await productRepository.returnStock(lines, tx, order.checkoutId)).restocked : false;
  }

  function checkLines(order: OrderForRefund, lines: { index: number; qty: number }[]) {
    const orderNumber = formatOrderNumber(order.orderNumber);
    const refunded = refundedPacks(order);
    lines.forEach(({ index, qty }, position) => {
      const line = order.lines[index];
      if (!line)
        throw new HttpError(400, refundMessages.noSuchLine(orderNumber, index), { field: `lines.${position}.index` });
      const left = line.qty - (refunded[index] ?? 0);
      if (qty > left)
        throw new HttpError(409, refundMessages.lineUsedUp(`${line.name} (${line.selectedWeight})`, left), {
          field: `lines.${position}.qty`,
        });
    });
  }

  function checkAmount(order: OrderForRefund, amountPence: number) {
    const orderNumber = formatOrderNumber(order.orderNumber);
    const left = refundablePence(order);
    if (left <= 0) throw new HttpError(409, refundMessages.nothingLeft(orderNumber));
    if (amountPence > left)
      throw new HttpError(409, refundMessages.tooMuch(orderNumber, formatPence(left)), { field: 'amount' });
  }

  const service: RefundService = {
    async refund(orderId, body, actor, idempotencyKey) {
      const amountPence = Math.round(body.amount * 100);
      let restocked = false;
      const result = await unitOfWork(async (tx) => {
        const order = await lockedOrder(orderId, tx);
        const earlier = idempotencyKey && order.refunds.find((refund) => refund.idempotencyKey === idempotencyKey);
        if (earlier) {
          if (earlier.amountPence !== amountPence || earlier.reason !== body.reason)
            throw new HttpError(409, refundMessages.keyReused);
          return { refund: earlier, created: false };
        }
        if (body.lines) checkLines(order, body.lines);
        checkAmount(order, amountPence);
        const refund = await refundRepository.insert(
          {
            orderId,
            amountPence,
            reason: body.reason,
            restock: body.restock,
            lines: body.lines ?? null,
            provider: order.provider,
            idempotencyKey: idempotencyKey ?? null,
            cancellation: false,
            actor,
          },
          tx,
        );
        if (!refund) throw new Error('refund insert returned no row');
        if (body.restock && body.lines) restocked = await restock(order, body.lines, tx);
        await audit.record(tx, {
          actor,
          action: 'order.refunded',
          target: `order:${formatOrderNumber(order.orderNumber)}`,
          before: { refunded: formatPence(order.totalPence - refundablePence(order)) },
          after: auditedRefund(refund),
        });
        return { refund, created: true };
      });
      await stockShown(restocked);
      if (result.created || result.refund.status === 'pending') await settlement.settle(result.refund);
      return { created: result.created };
    },

    async cancel(orderId, { reason, restock: putBack }, actor) {
      let restocked = false;
      const refund = await unitOfWork(async (tx, queueMail) => {
        const order = await lockedOrder(orderId, tx);
        const before = order.status;
        const made = await service.cancelInside(tx, queueMail, order, { reason, restock: putBack, actor });
        restocked = putBack;
        await audit.record(tx, {
          actor,
          action: 'order.cancelled',
          target: `order:${formatOrderNumber(order.orderNumber)}`,
          before: { status: before },
          after: { status: 'cancelled', reason, restock: putBack, refund: made ? formatPence(made.amountPence) : null },
        });
        return made;
      });
      await stockShown(restocked);
      if (refund) await settlement.settle(refund);
    },

    async retry(orderId, refundId, actor) {
      const refund = await unitOfWork(async (tx) => {
        const order = await lockedOrder(orderId, tx);
        const failed = order.refunds.find((each) => each.id === refundId);
        if (!failed) throw new HttpError(404, refundMessages.refundNotFound);
        if (failed.status !== 'failed') throw new HttpError(409, refundMessages.notFailed);
        checkAmount(order, failed.amountPence);
        const retried = await refundRepository.retry(refundId, tx);
        if (!retried) throw new HttpError(409, refundMessages.notFailed);
        await audit.record(tx, {
          actor,
          action: 'order.refund-retried',
          target: `order:${formatOrderNumber(order.orderNumber)}`,
          before: { status: 'failed', failureReason: failed.failureReason },
          after: { status: 'pending', ...auditedRefund(retried) },
        });
        return retried;
      });
      await settlement.settle(refund);
    },

    async cancelInside(tx, queueMail, order, { reason, restock: putBack, actor }) {
      const orderNumber = formatOrderNumber(order.orderNumber);
      if (!(await refundRepository.markCancelled(order.id, actor, tx)))
        throw new HttpError(409, refundMessages.notCancellable(orderNumber, order.status));
      const left = refundablePence(order);
      const refund =
        left > 0
          ? await refundRepository.insert(
              {
                orderId: order.id,
                amountPence: left,
                reason,
                restock: putBack,
                lines: null,
                provider: order.provider,
                idempotencyKey: null,
                cancellation: true,
                actor,
              },
              tx,
            )
          : undefined;
      if (putBack) {
        const onShelf = refundedPacks(order, true);
        await restock(
          order,
          order.lines.map((line, index) => ({ index, qty: line.qty - (onShelf[index] ?? 0) })),
          tx,
        );
      }
      if (order.email)
        await queueMail(
          cancellationMail({ to: order.email, name: order.name, orderNumber, reason, refundPence: left }),
        );
      return refund;
    },
  };
  return service;
}
