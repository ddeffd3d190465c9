/**
 * The batches' queries (decision 116): receiving one, a product's list, a batch with the orders that received it, and
 * the writes that take packs off sale (a recall, the day after the best-before). Each write locks the weight's row
 * first, as a checkout does, so it never interleaves with a sale of the same weight.
 */
import { and, asc, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { batchTakes, orders, products, productWeights, stockBatches } from '../../db/schema.ts';
import { isBatched, londonToday } from './batch-stock.ts';

export interface BatchRecord {
  id: string;
  code: string;
  productId: string;
  productName: string;
  label: string;
  bestBefore: string;
  quantity: number;
  remaining: number;
  withdrawn: number;
  receivedAt: Date;
  recalledAt: Date | null;
  recallMessage: string | null;
  recallMailed: number | null;
  expired: boolean;
}

/** An order that received packs of a batch. */
export interface BatchOrder {
  id: string;
  orderNumber: number;
  email: string | null;
  qty: number;
}

const batchColumns = {
  id: stockBatches.id,
  code: stockBatches.code,
  productId: stockBatches.productId,
  productName: products.name,
  label: stockBatches.label,
  bestBefore: stockBatches.bestBefore,
  quantity: stockBatches.quantity,
  remaining: stockBatches.remaining,
  withdrawn: stockBatches.withdrawn,
  receivedAt: stockBatches.receivedAt,
  recalledAt: stockBatches.recalledAt,
  recallMessage: stockBatches.recallMessage,
  recallMailed: stockBatches.recallMailed,
  expired: sql<boolean>`${stockBatches.bestBefore} < ${londonToday}`,
};

const selectBatches = (db: Database) =>
  db.select(batchColumns).from(stockBatches).innerJoin(products, eq(products.id, stockBatches.productId));

const sameWeight = (productId: string, label: string) =>
  and(eq(productWeights.productId, productId), eq(productWeights.label, label));

/** The weight's row locked for the rest of `tx`; false when the product has no such weight. */
async function lockWeight(productId: string, label: string, tx: Database): Promise<boolean> {
  const rows = await tx
    .select({ label: productWeights.label })
    .from(productWeights)
    .where(sameWeight(productId, label))
    .for('update');
  return rows.length > 0;
}

async function byCode(code: string, db: Database): Promise<BatchRecord | undefined> {
  const [row] = await selectBatches(db).where(eq(stockBatches.code, code));
  return row;
}

export function createBatchRepository(appDb: Database) {
  return {
    /**
     * Receives a batch of a weight: its packs join the weight's stock, which becomes the sum of its batches (loose
     * packs counted before the first batch cannot be traced, so they leave the count). `unknown-weight`: the product
     * has no such weight; `code-taken`: a batch has this code already.
     */
    async receive(
      input: { productId: string; label: string; code: string; bestBefore: string; quantity: number },
      tx: Database,
    ): Promise<{ batch: BatchRecord } | { refused: 'unknown-weight' | 'code-taken' }> {
      const { productId, label, code, bestBefore, quantity } = input;
      if (!(await lockWeight(productId, label, tx))) return { refused: 'unknown-weight' };
      const first = !(await isBatched({ productId, label }, tx));
      const [inserted] = await tx
        .insert(stockBatches)
        .values({ code, productId, label, bestBefore, quantity, remaining: quantity })
        .onConflictDoNothing({ target: stockBatches.code })
        .returning({ id: stockBatches.id });
      if (!inserted) return { refused: 'code-taken' };
      await tx
        .update(productWeights)
        .set({ stock: first ? quantity : sql`coalesce(${productWeights.stock}, 0) + ${quantity}` })
        .where(sameWeight(productId, label));
      const batch = await byCode(code, tx);
      if (!batch) throw new Error(`batch ${code} lost its row`);
      return { batch };
    },

    /** A product's batches, latest received first. */
    listForProduct: (productId: string, db: Database = appDb) =>
      selectBatches(db)
        .where(eq(stockBatches.productId, productId))
        .orderBy(desc(stockBatches.receivedAt), desc(stockBatches.code)),

    findByCode: (code: string, db: Database = appDb) => byCode(code, db),

    async productExists(productId: string): Promise<boolean> {
      const rows = await appDb.select({ id: products.id }).from(products).where(eq(products.id, productId));
      return rows.length > 0;
    },

    /**
     * The orders that received packs of the batch and kept them (a restock gave some back; a cancelled order was never
     * sent), oldest first.
     */
    async ordersOf(batchId: string, db: Database = appDb): Promise<BatchOrder[]> {
      return db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          email: orders.email,
          qty: sql<number>`${batchTakes.qty} - ${batchTakes.returned}`.mapWith(Number),
        })
        .from(batchTakes)
        .innerJoin(orders, eq(orders.checkoutId, batchTakes.checkoutId))
        .where(
          and(eq(batchTakes.batchId, batchId), gt(batchTakes.qty, batchTakes.returned), ne(orders.status, 'cancelled')),
        )
        .orderBy(asc(orders.orderNumber));
    },

    /**
     * Stops the batch's sale inside `tx`: its packs left go to `withdrawn` and out of the weight's stock, and it is
     * marked recalled with the owner's message. Answers the batch as it was before, locked; undefined for no such code.
     */
    async recall(code: string, message: string, tx: Database): Promise<BatchRecord | undefined> {
      const found = await byCode(code, tx);
      if (!found) return undefined;
      await lockWeight(found.productId, found.label, tx);
      const [locked] = await selectBatches(tx).where(eq(stockBatches.id, found.id)).for('update', { of: stockBatches });
      if (!locked || locked.recalledAt) return locked;
      await tx
        .update(stockBatches)
        .set({
          recalledAt: sql`now()`,
          recallMessage: message,
          withdrawn: sql`${stockBatches.withdrawn} + ${stockBatches.remaining}`,
          remaining: 0,
        })
        .where(eq(stockBatches.id, locked.id));
      await tx
        .update(productWeights)
        .set({ stock: sql`greatest(${productWeights.stock} - ${locked.remaining}, 0)` })
        .where(sameWeight(locked.productId, locked.label));
      return locked;
    },

    async setRecallMailed(batchId: string, mailed: number, tx: Database): Promise<void> {
      await tx.update(stockBatches).set({ recallMailed: mailed }).where(eq(stockBatches.id, batchId));
    },

    /**
     * Takes off sale, in its own transaction, one batch whose best-before has passed and that still counts packs;
     * answers its code, or undefined when none is left.
     */
    async expireOne(db: Database = appDb): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        const [due] = await tx
          .select({ id: stockBatches.id, productId: stockBatches.productId, label: stockBatches.label })
          .from(stockBatches)
          .where(and(isNull(stockBatches.expiredAt), lt(stockBatches.bestBefore, londonToday)))
          .limit(1);
        if (!due) return undefined;
        await lockWeight(due.productId, due.label, tx);
        const [batch] = await tx
          .select({ code: stockBatches.code, remaining: stockBatches.remaining, expiredAt: stockBatches.expiredAt })
          .from(stockBatches)
          .where(eq(stockBatches.id, due.id))
          .for('update');
        if (!batch || batch.expiredAt) return batch?.code;
        await tx
          .update(stockBatches)
          .set({
            expiredAt: sql`now()`,
            withdrawn: sql`${stockBatches.withdrawn} + ${stockBatches.remaining}`,
            remaining: 0,
          })
          .where(eq(stockBatches.id, due.id));
        await tx
          .update(productWeights)
          .set({ stock: sql`greatest(${productWeights.stock} - ${batch.remaining}, 0)` })
          .where(sameWeight(due.productId, due.label));
        return batch.code;
      });
    },
  };
}

export type BatchRepository = ReturnType<typeof createBatchRepository>;
