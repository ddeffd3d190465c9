/**
 * Counted stock taken and given back by checkouts (decision 077), inside the caller's transaction. Each weight's row
 * is locked before it is read, so two checkouts of the last packs cannot both take them. A weight kept in batches
 * sells only what its sellable batches hold, first expiry first (`batch-stock.ts`, decision 116).
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { productWeights } from '../../db/schema.ts';
import { isBatched, returnToBatches, sellablePacks, takeFromBatches } from './batch-stock.ts';

/** Packs of one weight of a product. */
export interface StockLine {
  productId: string;
  label: string;
  qty: number;
}

export interface StockTaken {
  short?: { line: StockLine; left: number };
  soldOut: boolean;
}

/**
 * The same weights in the same order for every transaction, so two checkouts taking the same two weights lock them
 * one after the other rather than each holding one and waiting for the other.
 */
const inLockOrder = (lines: readonly StockLine[]) =>
  [...lines].sort((a, b) => a.productId.localeCompare(b.productId) || a.label.localeCompare(b.label));

const sameWeight = (line: StockLine) =>
  and(eq(productWeights.productId, line.productId), eq(productWeights.label, line.label));

/** The weight's stock, its row locked for the rest of `tx`; null when not counted (or the weight is gone). */
async function lockedStock(line: StockLine, tx: Database): Promise<number | null> {
  const [weight] = await tx
    .select({ stock: productWeights.stock })
    .from(productWeights)
    .where(sameWeight(line))
    .for('update');
  return weight?.stock ?? null;
}

/**
 * Locks the counted weights among `lines` for the rest of `tx`, in the one lock order, and answers them with their
 * stock: a caller can then read what else holds these weights (a client's other checkouts) knowing that no other
 * checkout of them can commit meanwhile. Weights not counted are left out.
 */
export async function lockStock(
  lines: readonly StockLine[],
  tx: Database,
): Promise<{ line: StockLine; stock: number }[]> {
  const counted: { line: StockLine; stock: number }[] = [];
  for (const line of inLockOrder(lines)) {
    const stock = await lockedStock(line, tx);
    if (stock !== null) counted.push({ line, stock });
  }
  return counted;
}

/**
 * Takes every line's packs or none: all the weights are locked and read first, and only if each has enough is any
 * taken, so a caller that goes on after a shortage (a paid order that cannot be filled) leaves no line half-taken.
 */
export async function takeStock(lines: readonly StockLine[], tx: Database, checkoutId: string): Promise<StockTaken> {
  const counted: { line: StockLine; stock: number; batched: boolean; left: number }[] = [];
  for (const line of inLockOrder(lines)) {
    const stock = await lockedStock(line, tx);
    if (stock === null) continue;
    const batched = await isBatched(line, tx);
    // Packs past their best-before or recalled are on the shelf, but not for sale.
    const left = batched ? await sellablePacks(line, tx) : stock;
    if (left < line.qty) return { short: { line, left }, soldOut: false };
    counted.push({ line, stock, batched, left });
  }
  for (const { line, stock, batched } of counted) {
    if (batched) await takeFromBatches(line, checkoutId, tx);
    await tx
      .update(productWeights)
      .set({ stock: stock - line.qty })
      .where(sameWeight(line));
  }
  return { soldOut: counted.some(({ line, left }) => left === line.qty) };
}

/**
 * Puts back packs the checkout took: into the batches they came from for a weight kept in batches (what was sold
 * before its first batch cannot be traced, and is not put back), else into the weight's count.
 */
export async function returnStock(
  lines: readonly StockLine[],
  tx: Database,
  checkoutId: string,
): Promise<{ restocked: boolean }> {
  let restocked = false;
  for (const line of inLockOrder(lines)) {
    const stock = await lockedStock(line, tx);
    // A weight the owner has since stopped counting (or removed) takes nothing back.
    if (stock === null) continue;
    const batched = await isBatched(line, tx);
    const back = batched ? await returnToBatches(line, checkoutId, tx) : line.qty;
    if (back === 0) continue;
    const [after] = await tx
      .update(productWeights)
      .set({ stock: sql`${productWeights.stock} + ${back}` })
      .where(and(sameWeight(line), isNotNull(productWeights.stock)))
      .returning({ stock: productWeights.stock });
    // A batch's packs back may bring an earlier best-before back to the product page.
    restocked ||= batched || after?.stock === back;
  }
  return { restocked };
}
