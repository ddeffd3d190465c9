/** Customer reviews. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Customer reviews, kept as typed (trimmed); the browser shows them as text. `image` is the photo's URL path
 * (`/uploads/reviews/<random id>.webp`, re-encoded by the server) or null. `verified` is decided when the review
 * is posted: a logged-in customer with at least one order. `user_id` is kept only to know who wrote it and is
 * cleared if the account goes; the review and its badge stay.
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
  },
  (table) => [
    index('reviews_created_idx').on(table.createdAt),
    check('reviews_rating_check', sql`${table.rating} between 1 and 5`),
    // The API's limits (docs/api.md, Limits) again, so nothing longer gets in by another way.
    check(
      'reviews_lengths_check',
      sql`char_length(${table.name}) between 1 and 100 and char_length(${table.location}) <= 100 and char_length(${table.message}) between 1 and 2000`,
    ),
  ],
);
