/** The catalog's tables: products and their weights (pack sizes), money in pence. */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

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
    mrpPence: integer('mrp_pence').notNull(),
    /** Order of the size buttons; the first weight is the product's headline price. */
    position: smallint('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.label] }),
    check('product_weights_grams_check', sql`${table.grams} > 0`),
    check('product_weights_price_check', sql`${table.pricePence} > 0 and ${table.pricePence} <= ${table.mrpPence}`),
  ],
);
