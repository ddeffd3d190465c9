/** The contact form's messages. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Messages sent through the contact form, kept as sent (trimmed) beside the mail to the shop that carries
 * them, which is queued in the same transaction. `phone` is null when the sender gave none.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The owner's handling (docs/api.md, The owner's API): new, read once opened, answered once replied to from /admin. */
    status: text('status', { enum: ['new', 'read', 'answered'] })
      .notNull()
      .default('new'),
    /** The last reply sent from /admin, and when; earlier replies are in the audit. */
    reply: text('reply'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (table) => [
    index('contact_messages_created_idx').on(table.createdAt),
    index('contact_messages_status_idx').on(table.status, table.createdAt),
    check('contact_messages_status_check', sql`${table.status} in ('new', 'read', 'answered')`),
    // The API's limits (docs/api.md, Limits) again, so nothing longer gets in by another way.
    check(
      'contact_messages_lengths_check',
      sql`char_length(${table.name}) <= 100 and char_length(${table.email}) <= 254 and char_length(coalesce(${table.phone}, '')) <= 30 and char_length(${table.message}) <= 2000`,
    ),
  ],
);
