/**
 * Adds `app.contactRepository`: messages sent through the contact form, kept in `contact_messages`. The service
 * stores a message and queues its mail to the shop in one transaction, so neither exists without the other.
 */
import { and, count, desc, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { MessageStatus } from '#shared/schemas/admin';
import type { ContactBody } from '#shared/schemas/contact';
import type { Database } from '../../db/database.ts';
import { deleteInBatches } from '../../db/delete-in-batches.ts';
import { contactMessages } from '../../db/schema.ts';

export interface ContactMessageRecord {
  id: string;
  name: string;
  email: string;
  /** Null when the sender gave none. */
  phone: string | null;
  message: string;
  createdAt: Date;
  status: MessageStatus;
  /** The last reply sent from /admin, or null. */
  reply: string | null;
  answeredAt: Date | null;
}

/** A message before and after the owner changed it. */
export interface MessageChange {
  before: ContactMessageRecord;
  after: ContactMessageRecord;
}

export interface ContactRepository {
  /** Stores a validated message; an empty phone is stored as null. */
  create(message: ContactBody, executor?: Database): Promise<ContactMessageRecord>;
  /** Messages newest first, a page at a time, with how many match. */
  listForAdmin(query: {
    status?: MessageStatus | undefined;
    limit: number;
    offset: number;
  }): Promise<{ messages: ContactMessageRecord[]; total: number }>;
  /** One message, or undefined when there is none. */
  find(id: string): Promise<ContactMessageRecord | undefined>;
  /** How many messages nobody has opened yet. */
  countNew(): Promise<number>;
  /** Sets a message's status inside `tx` (holding its row): before and after, or undefined when there is none. */
  setStatus(id: string, status: MessageStatus, tx: Database): Promise<MessageChange | undefined>;
  /** Records a reply inside `tx`: the message becomes answered. */
  recordReply(id: string, reply: string, tx: Database): Promise<MessageChange | undefined>;
  /**
   * Deletes messages that arrived, and were last answered if ever, before `before` (decision 082); answers how many.
   */
  deleteQuietSince(before: Date): Promise<number>;
  /** Deletes, inside `tx`, every message sent from `email`, whose account is being deleted (any case). */
  deleteFrom(email: string, tx: Database): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    contactRepository: ContactRepository;
  }
}

export function createContactRepository(db: Database): ContactRepository {
  return {
    async create({ name, email, phone, message }, executor = db) {
      const [row] = await executor
        .insert(contactMessages)
        .values({ name, email, phone: phone === '' ? null : phone, message })
        .returning();
      if (!row) throw new Error('Inserting a contact message returned no row');
      return row;
    },

    async listForAdmin({ status, limit, offset }) {
      const where: SQL | undefined = status ? eq(contactMessages.status, status) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(contactMessages)
          .where(where)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(contactMessages).where(where),
      ]);
      return { messages: rows, total: counted?.total ?? 0 };
    },

    async find(id) {
      const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
      return row;
    },

    async countNew() {
      const [row] = await db.select({ total: count() }).from(contactMessages).where(eq(contactMessages.status, 'new'));
      return row?.total ?? 0;
    },

    async setStatus(id, status, tx) {
      const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
      if (!before) return undefined;
      const [after] = await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, id)).returning();
      if (!after) throw new Error('message lost its row');
      return { before, after };
    },

    async recordReply(id, reply, tx) {
      const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
      if (!before) return undefined;
      const [after] = await tx
        .update(contactMessages)
        .set({ status: 'answered', reply, answeredAt: sql`now()` })
        .where(eq(contactMessages.id, id))
        .returning();
      if (!after) throw new Error('message lost its row');
      return { before, after };
    },

    deleteQuietSince: (before) =>
      deleteInBatches(db, {
        table: contactMessages,
        key: contactMessages.id,
        // An answer always comes after its message, so `created_at` alone can use its index to narrow the search.
        where: and(
          lt(contactMessages.createdAt, before),
          or(isNull(contactMessages.answeredAt), lt(contactMessages.answeredAt, before)),
        ),
      }),

    async deleteFrom(email, tx) {
      await tx.delete(contactMessages).where(eq(sql`lower(${contactMessages.email})`, email));
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('contactRepository', createContactRepository(app.db));
  },
  { name: 'contact-repository', dependencies: ['database'] },
);
