/**
 * Adds `app.audit`: every admin change recorded in the same transaction as the change (decision 072), and the list
 * the owner reads. A domain's admin service calls `app.audit.record(tx, …)` inside its unit of work, so a change
 * and its record commit together or not at all.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { AuditAction, AuditEntry, AuditQuery } from '#shared/schemas/admin';
import type { Database } from '../../db/database.ts';
import { adminAudit } from '../../db/schema.ts';

/** Who made a change: the admin's account (their e-mail is kept too, should the account go). */
export interface Actor {
  id: string;
  email: string;
}

export interface AuditRecord {
  actor: Actor;
  /** What was done, `<thing>.<verb>`: `order.dispatched` (one of `AUDIT_ACTIONS`). */
  action: AuditAction;
  /** To what, `<thing>:<its name>`: `order:RC-1042`. */
  target: string;
  before: unknown;
  after: unknown;
}

export interface Audit {
  record(tx: Database, entry: AuditRecord): Promise<void>;
  list(query: AuditQuery): Promise<{ items: AuditEntry[]; total: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: Audit;
  }
}

export function createAuditService({ db }: { db: Database }): Audit {
  return {
    async record(tx, { actor, action, target, before, after }) {
      await tx.insert(adminAudit).values({ actorId: actor.id, actorEmail: actor.email, action, target, before, after });
    },
    async list({ action, target, limit, offset }) {
      const conditions: SQL[] = [];
      if (action) conditions.push(eq(adminAudit.action, action));
      if (target) conditions.push(eq(adminAudit.target, target));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(adminAudit)
          .where(where)
          .orderBy(desc(adminAudit.at), desc(adminAudit.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(adminAudit).where(where),
      ]);
      return {
        items: rows.map((row) => ({
          _id: row.id,
          at: row.at.toISOString(),
          actor: { _id: row.actorId, email: row.actorEmail },
          action: row.action,
          target: row.target,
          before: row.before,
          after: row.after,
        })),
        total: counted?.total ?? 0,
      };
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('audit', createAuditService({ db: app.db }));
  },
  { name: 'audit', dependencies: ['database'] },
);
