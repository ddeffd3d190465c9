/**
 * Adds `app.batches`: food traceability for the owner (docs/api.md, Batches and recalls; decision 116). Receiving a
 * batch and recalling one are each one unit of work with their audit records; a recall's mails are queued in that same
 * transaction, one per customer or guest, so a process killed half-way either recalled and queued every mail or did
 * nothing, and the durable queue sends each once. A sweep takes batches off sale the day after their best-before.
 */
import fp from 'fastify-plugin';
import type { Batch, BatchList, BatchLookup, ReceiveBatchBody, RecallAnswer } from '#shared/schemas/batch';
import { BEST_BEFORE_MAX_YEARS, batchMessages } from '#shared/schemas/batch';
import { HttpError } from '../../errors.ts';
import { runPeriodically } from '../../lib/periodic-task.ts';
import type { Actor, Audit } from '../admin/index.ts';
import { recallMail, type UnitOfWork } from '../mail/index.ts';
import { type BatchRecord, type BatchRepository, createBatchRepository } from './batch-repository.ts';
import type { Catalog } from './catalog.ts';
import { catalogAdminMessages } from './catalog-admin.ts';

export interface BatchService {
  /** 201's batch; 404 for an unknown product, 400 for a weight it has not or a date past or too far, 409 for a code taken. */
  receive(productId: string, body: ReceiveBatchBody, actor: Actor): Promise<Batch>;
  list(productId: string): Promise<BatchList>;
  lookup(code: string): Promise<BatchLookup>;
  /** Stops the batch's sale and mails everyone who received it, once; a repeated recall answers the first's count. */
  recall(code: string, message: string, actor: Actor): Promise<RecallAnswer>;
  /** Takes off sale every batch past its best-before; answers how many. */
  expireDue(): Promise<number>;
}

const formatOrderNumber = (orderNumber: number) => `RC-${orderNumber}`;

export const toWireBatch = (batch: BatchRecord): Batch => ({
  _id: batch.id,
  code: batch.code,
  product: batch.productId,
  productName: batch.productName,
  weight: batch.label,
  bestBefore: batch.bestBefore,
  quantity: batch.quantity,
  remaining: batch.remaining,
  withdrawn: batch.withdrawn,
  receivedAt: batch.receivedAt.toISOString(),
  recalledAt: batch.recalledAt?.toISOString() ?? null,
  expired: batch.expired,
});

/** Today's date in London, `YYYY-MM-DD`. */
function londonDate(now = new Date()): string {
  return now.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
}

function addYears(date: string, years: number): string {
  return `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
}

const normalCode = (code: string) => code.trim().toUpperCase();

export function createBatchService(deps: {
  batches: BatchRepository;
  unitOfWork: UnitOfWork;
  audit: Pick<Audit, 'record'>;
  catalog: Pick<Catalog, 'changed'>;
}): BatchService {
  const { batches, unitOfWork, audit, catalog } = deps;
  const productExists = (productId: string) => batches.productExists(productId);

  async function found(code: string): Promise<BatchRecord> {
    const batch = await batches.findByCode(normalCode(code));
    if (!batch) throw new HttpError(404, batchMessages.notFound);
    return batch;
  }

  return {
    async receive(productId, body, actor) {
      if (!(await productExists(productId))) throw new HttpError(404, catalogAdminMessages.notFound);
      const today = londonDate();
      if (body.bestBefore < today) throw new HttpError(400, batchMessages.bestBeforePassed, { field: 'bestBefore' });
      if (body.bestBefore > addYears(today, BEST_BEFORE_MAX_YEARS))
        throw new HttpError(400, batchMessages.bestBeforeTooFar, { field: 'bestBefore' });
      const received = await unitOfWork(async (tx) => {
        const result = await batches.receive(
          { productId, label: body.weight, code: body.code, bestBefore: body.bestBefore, quantity: body.quantity },
          tx,
        );
        if ('refused' in result) {
          if (result.refused === 'unknown-weight')
            throw new HttpError(400, batchMessages.unknownWeight(body.weight), { field: 'weight' });
          throw new HttpError(409, batchMessages.codeTaken(body.code), { field: 'code' });
        }
        const batch = toWireBatch(result.batch);
        await audit.record(tx, {
          actor,
          action: 'batch.received',
          target: `batch:${batch.code}`,
          before: null,
          after: {
            product: batch.product,
            weight: batch.weight,
            bestBefore: batch.bestBefore,
            quantity: batch.quantity,
          },
        });
        return batch;
      });
      await catalog.changed();
      return received;
    },

    async list(productId) {
      if (!(await productExists(productId))) throw new HttpError(404, catalogAdminMessages.notFound);
      const items = (await batches.listForProduct(productId)).map(toWireBatch);
      return { items, total: items.length };
    },

    async lookup(code) {
      const batch = await found(code);
      const orders = await batches.ordersOf(batch.id);
      return {
        ...toWireBatch(batch),
        recallMessage: batch.recallMessage,
        orders: orders.map((order) => ({
          _id: order.id,
          orderNumber: formatOrderNumber(order.orderNumber),
          email: order.email,
          qty: order.qty,
        })),
      };
    },

    async recall(code, message, actor) {
      const answer = await unitOfWork(async (tx, queueMail) => {
        const before = await batches.recall(normalCode(code), message, tx);
        if (!before) throw new HttpError(404, batchMessages.notFound);
        // Asked again (a retry after a lost answer, a second tap): the first recall's mails stand, none is sent twice.
        if (before.recalledAt) return { mailed: before.recallMailed ?? 0, recalled: false };
        const byRecipient = new Map<string, string[]>();
        for (const order of await batches.ordersOf(before.id, tx)) {
          if (order.email === null) continue;
          const key = order.email.toLowerCase();
          byRecipient.set(key, [...(byRecipient.get(key) ?? []), formatOrderNumber(order.orderNumber)]);
        }
        for (const [to, orderNumbers] of byRecipient) {
          await queueMail(
            recallMail({
              to,
              productName: before.productName,
              weight: before.label,
              code: before.code,
              bestBefore: before.bestBefore,
              message,
              orderNumbers,
            }),
          );
          await audit.record(tx, {
            actor,
            action: 'batch.recall-mailed',
            target: `batch:${before.code}`,
            before: null,
            after: { to, orders: orderNumbers },
          });
        }
        await batches.setRecallMailed(before.id, byRecipient.size, tx);
        await audit.record(tx, {
          actor,
          action: 'batch.recalled',
          target: `batch:${before.code}`,
          before: { remaining: before.remaining, recalledAt: null },
          after: { remaining: 0, withdrawn: before.withdrawn + before.remaining, message, mailed: byRecipient.size },
        });
        return { mailed: byRecipient.size, recalled: true };
      });
      if (answer.recalled) await catalog.changed();
      return { mailed: answer.mailed };
    },

    async expireDue() {
      let expired = 0;
      while ((await batches.expireOne()) !== undefined) expired += 1;
      if (expired > 0) await catalog.changed();
      return expired;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    batches: BatchService;
  }
}

/** Often enough that the product page says 'Out of stock' within a minute of midnight; the sale itself stops at once. */
const EXPIRY_SWEEP_EVERY_MS = 60_000;

export default fp(
  async (app) => {
    const service = createBatchService({
      batches: createBatchRepository(app.db),
      unitOfWork: app.unitOfWork,
      audit: app.audit,
      catalog: app.catalog,
    });
    app.decorate('batches', service);
    runPeriodically(app, {
      everyMs: EXPIRY_SWEEP_EVERY_MS,
      failureMessage: 'the best-before sweep failed',
      async run() {
        const expired = await service.expireDue();
        if (expired > 0) app.log.info({ expired }, 'batches past their best-before taken off sale');
      },
    });
  },
  { name: 'batches', dependencies: ['unit-of-work', 'audit', 'catalog'] },
);
