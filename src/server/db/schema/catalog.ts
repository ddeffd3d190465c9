/** The catalog's tables: products with their food information, and their weights (pack sizes), money in pence. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { Nutrition } from '#shared/schemas/product';

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    category: text('category', { enum: ['Nuts', 'Dry Fruits', 'Seeds'] }).notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    allergens: text('allergens').array().notNull().default([]),
    vatRate: smallint('vat_rate').notNull(),
    isNewlyLaunched: boolean('is_newly_launched').notNull().default(false),
    isBestSeller: boolean('is_best_seller').notNull().default(false),
    /** The shop's chosen order on lists; ties break by name. */
    position: integer('position').notNull().default(0),
    /** Set while the owner hides the product from the shop; orders keep their lines either way. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    // The food information a distance seller shows before purchase (FIR art. 14).
    ingredients: text('ingredients').notNull().default(''),
    mayContain: text('may_contain').array().notNull().default([]),
    nutrition: jsonb('nutrition').$type<Nutrition>(),
    origin: text('origin').notNull().default(''),
    storage: text('storage').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('products_category_check', sql`${table.category} in ('Nuts', 'Dry Fruits', 'Seeds')`),
    check('products_vat_rate_check', sql`${table.vatRate} in (0, 20)`),
  ],
);

export const productWeights = pgTable(
  'product_weights',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    grams: integer('grams').notNull(),
    pricePence: integer('price_pence').notNull(),
    /** The reference price struck through beside the price; null where the owner gives none (decision 094). */
    mrpPence: integer('mrp_pence'),
    /** Order of the size buttons; the first weight is the product's headline price. */
    position: smallint('position').notNull(),
    /** Packs on the shelf and not reserved by a checkout; null when the shop does not count them (docs/api.md, Stock). */
    stock: integer('stock'),
    /** The owner is mailed once when the counted stock falls to this; null: no alert (decision 098). */
    lowStockAt: integer('low_stock_at'),
    /** When that mail was queued; cleared once the stock is above the threshold again, so the next fall mails again. */
    lowStockAlertedAt: timestamp('low_stock_alerted_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.label] }),
    check('product_weights_low_stock_check', sql`${table.lowStockAt} >= 0`),
    // The alert sweep's question: counted weights with a threshold.
    index('product_weights_low_stock_idx').on(table.productId).where(sql`${table.lowStockAt} is not null`),
    check('product_weights_grams_check', sql`${table.grams} > 0`),
    check('product_weights_stock_check', sql`${table.stock} >= 0`),
    check(
      'product_weights_price_check',
      sql`${table.pricePence} > 0 and (${table.mrpPence} is null or ${table.pricePence} <= ${table.mrpPence})`,
    ),
  ],
);
