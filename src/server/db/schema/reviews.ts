/** Customer reviews. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';

/**
 * Customer reviews, kept as typed (trimmed); the browser shows them as text. `image` is the photo's URL path
 * (`/uploads/reviews/<random id>.webp`, re-encoded by the server) or null. `verified` is decided when the review
 * is posted: a logged-in customer with at least one order. `user_id` is kept only to know who wrote it and is
 * cleared if the account goes; the review and its badge stay. `product_id` names the product reviewed, or null for a
 * review of the shop; a review of a product that is later deleted stays as a review of the shop.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    name: text('name').notNull(),
    location: text('location').notNull().default(''),
    rating: smallint('rating').notNull(),
    message: text('message').notNull(),
    image: text('image'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    verified: boolean('verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the owner hid it from the shop (docs/api.md, The owner's API); null while it is shown. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('reviews_created_idx').on(table.createdAt),
    // A product's page of reviews, newest first, without reading the other products' reviews.
    index('reviews_product_created_idx').on(table.productId, table.createdAt),
    check('reviews_rating_check', sql`${table.rating} between 1 and 5`),
    // The API's limits (docs/api.md, Limits) again, so nothing longer gets in by another way.
    check(
      'reviews_lengths_check',
      sql`char_length(${table.name}) between 1 and 100 and char_length(${table.location}) <= 100 and char_length(${table.message}) between 1 and 2000`,
    ),
  ],
);

/** The key of the summary of every shown review; never a product id, which is a slug. */
export const SHOP_SUMMARY_KEY = '*';

/**
 * The number and rating sum of the shown reviews, one row for the whole shop (`SHOP_SUMMARY_KEY`) and one per
 * reviewed product (its id): what the shop shows as counts and averages, read without reading the reviews. Kept by
 * triggers on `reviews` (migration 0023) in the same statement as every insert, update and delete of a review, so no
 * writer can leave it behind (decision 108). A product never reviewed has no row: no reviews.
 */
export const reviewSummaries = pgTable('review_summaries', {
  key: text('key').primaryKey(),
  reviewCount: integer('review_count').notNull().default(0),
  ratingSum: integer('rating_sum').notNull().default(0),
});
