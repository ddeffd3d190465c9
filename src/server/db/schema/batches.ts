/**
 * Food traceability (docs/api.md, Batches and recalls): stock received as batches with a code and a best-before, and
 * which checkout took how many packs of which batch, so every paid bag can be traced to its customer and recalled.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { checkouts } from './orders.ts';

/**
 * A batch of one weight of a product. The weight's counted stock is the sum of its batches' `remaining`; packs taken off
 * sale because the batch passed its best-before or was recalled move to `withdrawn`, so they are never sold again.
 */
export const stockBatches = pgTable(
  'stock_batches',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    /** The code printed on the bags: one batch per code in the whole shop, as a recall names it. */
    code: text('code').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    /** The weight's label; weights are rewritten when the owner edits a product, so it is not a foreign key. */
    label: text('label').notNull(),
    bestBefore: date('best_before', { mode: 'string' }).notNull(),
    /** Packs received. */
    quantity: integer('quantity').notNull(),
    /** Packs on the shelf and not held by a checkout. */
    remaining: integer('remaining').notNull(),
    /** Packs taken off sale: past their best-before or recalled. */
    withdrawn: integer('withdrawn').notNull().default(0),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the sweep took the packs left off sale the day after the best-before. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    recalledAt: timestamp('recalled_at', { withTimezone: true }),
    recallMessage: text('recall_message'),
    /** How many customers and guests the recall mailed, answered again to a repeated recall. */
    recallMailed: integer('recall_mailed'),
  },
  (table) => [
    uniqueIndex('stock_batches_code_unique').on(table.code),
    // A weight's batches, first expiry first: what a sale takes from.
    index('stock_batches_weight_idx').on(table.productId, table.label, table.bestBefore),
    check('stock_batches_quantity_check', sql`${table.quantity} > 0`),
    check('stock_batches_remaining_check', sql`${table.remaining} >= 0 and ${table.withdrawn} >= 0`),
  ],
);

/**
 * The packs a checkout took from a batch. Kept once the checkout is paid (its order's line came from these batches);
 * `returned` counts the packs given back: a checkout not paid, or a refund that restocked them.
 */
export const batchTakes = pgTable(
  'batch_takes',
  {
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    batchId: text('batch_id')
      .notNull()
      .references(() => stockBatches.id),
    qty: integer('qty').notNull(),
    returned: integer('returned').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.checkoutId, table.batchId] }),
    // A recall's question: who took this batch.
    index('batch_takes_batch_idx').on(table.batchId),
    check('batch_takes_qty_check', sql`${table.qty} > 0 and ${table.returned} between 0 and ${table.qty}`),
  ],
);
