/**
 * Adds `app.contactAdmin`: the owner answering contact messages (docs/api.md, The owner's API; decision 073). Reading
 * a message changes nothing (decision 087): the owner's screen marks a new one read with `setStatus(id, 'read')`.
 * Every change is one unit of work with its audit record; a reply is also mailed to the sender, their message quoted,
 * and marks the message answered.
 */
import fp from 'fastify-plugin';
import type { AdminMessage, AuditAction, MessageStatus } from '#shared/schemas/admin';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import type { Actor, Audit } from '../admin/index.ts';
import { contactReplyMail, type UnitOfWork } from '../mail/index.ts';
import type { ContactMessageRecord, ContactRepository, MessageChange } from './contact-repository.ts';

export const contactAdminMessages = { notFound: 'Message not found.' };

function toAdminMessage(message: ContactMessageRecord): AdminMessage {
  return {
    _id: message.id,
    name: message.name,
    email: message.email,
    ...(message.phone ? { phone: message.phone } : {}),
    message: message.message,
    createdAt: message.createdAt.toISOString(),
    status: message.status,
    ...(message.reply ? { reply: message.reply } : {}),
    ...(message.answeredAt ? { answeredAt: message.answeredAt.toISOString() } : {}),
  };
}

const audited = (message: ContactMessageRecord) => ({ status: message.status, reply: message.reply });

export interface ContactAdminService {
  /** Messages newest first, a page at a time, with how many match. */
  list(query: Parameters<ContactRepository['listForAdmin']>[0]): Promise<{ items: AdminMessage[]; total: number }>;
  /** One message as it is; 404 when there is none. */
  find(id: string): Promise<AdminMessage>;
  /** Sets a message's status (`read` when the owner opens a new one); 404 when there is none. */
  setStatus(id: string, status: MessageStatus, actor: Actor): Promise<AdminMessage>;
  /** Mails the reply to the sender and marks the message answered; 404 when there is none. */
  reply(id: string, reply: string, actor: Actor): Promise<AdminMessage>;
}

export function createContactAdminService(deps: {
  unitOfWork: UnitOfWork;
  messages: ContactRepository;
  audit: Pick<Audit, 'record'>;
  /** Where the sender's answer to a reply goes. */
  shopEmail: string;
}): ContactAdminService {
  /** Records the change in the audit inside `tx`, or answers 404 when there was no such message. */
  async function audit(
    tx: Database,
    actor: Actor,
    action: AuditAction,
    change: MessageChange | undefined,
  ): Promise<ContactMessageRecord> {
    if (!change) throw new HttpError(404, contactAdminMessages.notFound);
    await deps.audit.record(tx, {
      actor,
      action,
      target: `message:${change.after.id}`,
      before: audited(change.before),
      after: audited(change.after),
    });
    return change.after;
  }

  return {
    async list(query) {
      const { messages, total } = await deps.messages.listForAdmin(query);
      return { items: messages.map(toAdminMessage), total };
    },

    async find(id) {
      const message = await deps.messages.find(id);
      if (!message) throw new HttpError(404, contactAdminMessages.notFound);
      return toAdminMessage(message);
    },

    async setStatus(id, status, actor) {
      const message = await deps.unitOfWork(async (tx) =>
        audit(tx, actor, `message.${status}`, await deps.messages.setStatus(id, status, tx)),
      );
      return toAdminMessage(message);
    },

    async reply(id, reply, actor) {
      const message = await deps.unitOfWork(async (tx, queueMail) => {
        const answered = await audit(tx, actor, 'message.answered', await deps.messages.recordReply(id, reply, tx));
        await queueMail(
          contactReplyMail({
            to: answered.email,
            name: answered.name,
            reply,
            original: answered.message,
            sentAt: answered.createdAt,
            replyTo: deps.shopEmail,
          }),
        );
        return answered;
      });
      return toAdminMessage(message);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    contactAdmin: ContactAdminService;
  }
}

export interface ContactAdminPluginOptions {
  config: Pick<Config, 'shopEmail'>;
}

export default fp<ContactAdminPluginOptions>(
  async (app, { config }) => {
    app.decorate(
      'contactAdmin',
      createContactAdminService({
        unitOfWork: app.unitOfWork,
        messages: app.contactRepository,
        audit: app.audit,
        shopEmail: config.shopEmail,
      }),
    );
  },
  { name: 'contact-admin', dependencies: ['unit-of-work', 'contact-repository', 'audit'] },
);
