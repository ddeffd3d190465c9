/** The customers' carts. */
import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Customers' carts: one row per customer and product, the primary key, so parallel adds of one product meet in
 * one row. `product_id` is deliberately not a foreign key: a product may leave the catalog while it sits in a
 * cart, and the line then shows as unavailable instead of vanishing (decision 032). Prices are never stored;
 * they come from the catalog whenever the cart is read.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    /** A label of the product's weights ("500g"); checked against the catalog when written, not by a key. */
    selectedWeight: text('selected_weight').notNull(),
    qty: smallint('qty').notNull(),
    /** The product's name when the line was last written, to name the line if the product leaves the catalog. */
    productName: text('product_name').notNull(),
    /**
     * The order lines were first added in, which the cart shows. A sequence rather than the time, as lines
     * written by one statement (a merge) share their timestamp.
     */
    addedSeq: bigint('added_seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    check('cart_lines_qty_check', sql`${table.qty} between 1 and 99`),
  ],
);
