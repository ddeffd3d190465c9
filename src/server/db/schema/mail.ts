/** The mail domain's table: the durable queue every mail goes through. */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The durable mail queue: a mail is written here (in the same transaction as whatever caused it) and a sender
 * delivers it, retrying with back-off. Sent mail keeps its envelope but loses its body (codes and links).
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html'),
    text: text('text'),
    /** Delivery tries so far, counted when a sender claims the mail. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender's claim; another process may take the mail once the lease has run out. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the tries ran out; the mail stays for an operator to look at. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mail_queue_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    // The housekeeping sweep's question: mail sent or given up on before its retention period (decision 082).
    index('mail_queue_finished_idx').on(sql`coalesce(${table.sentAt}, ${table.failedAt})`),
  ],
);
