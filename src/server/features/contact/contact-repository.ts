/**
 * Adds `app.contactRepository`: messages sent through the contact form, kept in `contact_messages`. The service
 * stores a message and queues its mail to the shop in one transaction, so neither exists without the other.
 */
import fp from 'fastify-plugin';
import type { ContactBody } from '#shared/schemas/contact';
import type { Database } from '../../db/database.ts';
import { contactMessages } from '../../db/schema.ts';

export interface ContactMessageRecord {
  id: string;
  name: string;
  email: string;
  /** Null when the sender gave none. */
  phone: string | null;
  message: string;
  createdAt: Date;
}

export interface ContactRepository {
  /** Stores a validated message; an empty phone is stored as null. */
  create(message: ContactBody, executor?: Database): Promise<ContactMessageRecord>;
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
  };
}

export default fp(
  async (app) => {
    app.decorate('contactRepository', createContactRepository(app.db));
  },
  { name: 'contact-repository', dependencies: ['database'] },
);
