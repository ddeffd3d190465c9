/**
 * Promotion codes and the shop's settings (docs/api.md, Delivery and promotions). A promotion's uses are not counted
 * here: a checkout that names it (`checkouts.promotion_id`) holds a use while it holds its stock, and keeps it once
 * paid (decision 096), so the limit is decided with the promotion's row locked, as stock is with the weight's.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const promotions = pgTable(
  'promotions',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    /** As the owner wrote it, upper case; matched case-insensitively and unique whatever the case. */
    code: text('code').notNull(),
    description: text('description').notNull(),
    type: text('type', { enum: ['percent', 'fixed', 'free-delivery'] }).notNull(),
    /** A whole percentage for `percent`, pence for `fixed`, 0 for `free-delivery`. */
    value: integer('value').notNull(),
    /** The goods, before the discount, must come to this much. */
    minSpendPence: integer('min_spend_pence'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    /** Counted by the checkout's e-mail address, guests included. */
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promotions_code_unique').on(sql`lower(${table.code})`),
    check('promotions_value_check', sql`${table.value} >= 0`),
    check('promotions_percent_check', sql`${table.type} <> 'percent' or ${table.value} between 1 and 100`),
    check('promotions_max_uses_check', sql`${table.maxUses} is null or ${table.maxUses} > 0`),
  ],
);

/**
 * The owner's settings, one row per kind (`delivery`: the charges in pence, as `features/delivery` keeps them). A row
 * missing is the default; each kind's shape is its feature's to keep, as the one writer and reader of its row.
 */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
