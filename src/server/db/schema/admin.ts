/** The owner's side: the audit of every change an admin makes (docs/api.md, The owner's API). */
import { randomUUID } from 'node:crypto';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * One row per admin change, written in the same transaction as the change: when, who, what was done to which
 * target, and the target before and after (JSON). The actor's e-mail is kept beside the id, so the record outlives
 * the account.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** What was done, e.g. `order.dispatched`. */
    action: text('action').notNull(),
    /** What it was done to, e.g. `order:RC-1042`. */
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [index('admin_audit_at_idx').on(table.at), index('admin_audit_target_idx').on(table.target, table.at)],
);
