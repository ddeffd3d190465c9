/**
 * The batches each order line came from (decision 116): read from what its checkout took and did not give back, so the
 * owner's order, the packing slip and the confirmation mail show the best-before of what is in the bag.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { LineBatch } from '#shared/schemas/order';
import type { Database } from '../../db/database.ts';
import { batchTakes, orders, stockBatches } from '../../db/schema.ts';

export /** The packs of each batch these orders kept (taken and not given back), by `orderId productId label`. */
async function batchesByOrderId(db: Database, orderIds: string[]): Promise<Map<string, LineBatch[]>> {
  const rows = await db
    .select({
      orderId: orders.id,
      productId: stockBatches.productId,
      label: stockBatches.label,
      code: stockBatches.code,
      bestBefore: stockBatches.bestBefore,
      qty: sql<number>`${batchTakes.qty} - ${batchTakes.returned}`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(batchTakes, eq(batchTakes.checkoutId, orders.checkoutId))
    .innerJoin(stockBatches, eq(stockBatches.id, batchTakes.batchId))
    .where(and(inArray(orders.id, orderIds), gt(batchTakes.qty, batchTakes.returned)))
    .orderBy(asc(stockBatches.bestBefore), asc(stockBatches.code));
  const byLine = new Map<string, LineBatch[]>();
  for (const { orderId, productId, label, ...batch } of rows) {
    const key = `${orderId} ${productId} ${label}`;
    byLine.set(key, [...(byLine.get(key) ?? []), batch]);
  }
  return byLine;
}
