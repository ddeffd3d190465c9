/**
 * Counted stock kept in batches (docs/api.md, Batches and recalls; decision 116), inside the caller's transaction and
 * under the weight row's lock that `product-stock.ts` takes first: a sale takes from the earliest best-before first and
 * never from a batch past its date or recalled; what a checkout took is recorded per batch, so giving it back (a checkout
 * not paid, a refund's restock) puts the packs into the batches they came from.
 */
import { and, asc, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { batchTakes, stockBatches } from '../../db/schema.ts';

/** Today in London, where the shop is: a best-before is good to the end of its day there. */
export const londonToday = sql`(now() at time zone 'Europe/London')::date`;

interface Weight {
  productId: string;
  label: string;
}

const ofWeight = (weight: Weight) =>
  and(eq(stockBatches.productId, weight.productId), eq(stockBatches.label, weight.label));

/** A batch a sale may take from: not recalled, not past its best-before. */
const sellable = and(isNull(stockBatches.recalledAt), gte(stockBatches.bestBefore, londonToday));

/** The weight's sellable batches with packs left, first expiry first; empty for a weight with none. */
async function sellableBatches(weight: Weight, tx: Database) {
  return tx
    .select({ id: stockBatches.id, remaining: stockBatches.remaining })
    .from(stockBatches)
    .where(and(ofWeight(weight), sellable, gt(stockBatches.remaining, 0)))
    .orderBy(asc(stockBatches.bestBefore), asc(stockBatches.receivedAt), asc(stockBatches.id));
}

/** Whether the weight's stock is kept in batches (it has received one). */
export async function isBatched(weight: Weight, tx: Database): Promise<boolean> {
  const [row] = await tx.select({ id: stockBatches.id }).from(stockBatches).where(ofWeight(weight)).limit(1);
  return row !== undefined;
}

/** Packs a sale could take now: the sum of the sellable batches' `remaining`. */
export async function sellablePacks(weight: Weight, tx: Database): Promise<number> {
  return (await sellableBatches(weight, tx)).reduce((sum, batch) => sum + batch.remaining, 0);
}

/**
 * Takes `qty` packs for the checkout, first expiry first, and records each batch's share; the caller has checked that
 * `sellablePacks` covers it. A checkout that takes again (paid after it gave its packs back) adds to its record.
 */
export async function takeFromBatches(weight: Weight & { qty: number }, checkoutId: string, tx: Database) {
  let wanted = weight.qty;
  for (const batch of await sellableBatches(weight, tx)) {
    if (wanted === 0) break;
    const qty = Math.min(wanted, batch.remaining);
    wanted -= qty;
    await tx
      .update(stockBatches)
      .set({ remaining: sql`${stockBatches.remaining} - ${qty}` })
      .where(eq(stockBatches.id, batch.id));
    await tx
      .insert(batchTakes)
      .values({ checkoutId, batchId: batch.id, qty })
      .onConflictDoUpdate({
        target: [batchTakes.checkoutId, batchTakes.batchId],
        set: { qty: sql`${batchTakes.qty} + ${qty}` },
      });
  }
  if (wanted > 0) throw new Error(`batches of ${weight.productId} ${weight.label} short by ${wanted}`);
}

/**
 * Gives back up to `qty` of the packs the checkout took of this weight, to the batches they came from, the latest
 * best-before first (those a refund's restock is likeliest to put back on the shelf). Packs of a batch since recalled
 * or past its date go to its `withdrawn`, never on sale again. Answers how many went back on sale.
 */
export async function returnToBatches(weight: Weight & { qty: number }, checkoutId: string, tx: Database) {
  const takes = await tx
    .select({
      batchId: batchTakes.batchId,
      left: sql<number>`${batchTakes.qty} - ${batchTakes.returned}`.mapWith(Number),
      onSale: sql<boolean>`${stockBatches.recalledAt} is null and ${stockBatches.bestBefore} >= ${londonToday}`,
    })
    .from(batchTakes)
    .innerJoin(stockBatches, eq(stockBatches.id, batchTakes.batchId))
    .where(and(eq(batchTakes.checkoutId, checkoutId), ofWeight(weight), gt(batchTakes.qty, batchTakes.returned)))
    .orderBy(desc(stockBatches.bestBefore), desc(stockBatches.receivedAt), desc(stockBatches.id));
  let left = weight.qty;
  let backOnSale = 0;
  for (const take of takes) {
    if (left === 0) break;
    const qty = Math.min(left, take.left);
    left -= qty;
    await tx
      .update(batchTakes)
      .set({ returned: sql`${batchTakes.returned} + ${qty}` })
      .where(and(eq(batchTakes.checkoutId, checkoutId), eq(batchTakes.batchId, take.batchId)));
    await tx
      .update(stockBatches)
      .set(
        take.onSale
          ? { remaining: sql`${stockBatches.remaining} + ${qty}` }
          : { withdrawn: sql`${stockBatches.withdrawn} + ${qty}` },
      )
      .where(eq(stockBatches.id, take.batchId));
    if (take.onSale) backOnSale += qty;
  }
  return backOnSale;
}
