/**
 * The owner answering contact messages (contract §7), registered by the admin scope (features/admin), which admits
 * only admins. Opening a new message marks it read; a reply is mailed to the sender with their message quoted and
 * marks it answered, in one unit of work with its audit record.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AdminMessage,
  AdminMessageListSchema,
  AdminMessageSchema,
  AdminMessagesQuerySchema,
  type AuditAction,
  MessageIdParamsSchema,
  MessageStatusBodySchema,
  ReplyBodySchema,
} from '#shared/schemas/admin';
import { ApiErrorSchema } from '#shared/schemas/error';
import type { Config } from '../../config.ts';
import { HttpError } from '../../errors.ts';
import { contactReplyMail } from '../mail/index.ts';
import type { ContactMessageRecord, MessageChange } from './contact-repository.ts';

const notFound = 'Message not found.';

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

export interface MessagesAdminRoutesOptions {
  config: Pick<Config, 'shopEmail'>;
}

const contactAdminRoutes: FastifyPluginAsyncZod<MessagesAdminRoutesOptions> = async (app, { config }) => {
  const errors = { '4xx': ApiErrorSchema };
  const actorOf = (customer: { id: string; email: string } | null) => ({ id: customer!.id, email: customer!.email });

  /** Records the change in the audit inside `tx`, or answers 404 when there was no such message. */
  async function audit(
    tx: Parameters<typeof app.audit.record>[0],
    actor: { id: string; email: string },
    action: AuditAction,
    change: MessageChange | undefined,
  ): Promise<ContactMessageRecord> {
    if (!change) throw new HttpError(404, notFound);
    await app.audit.record(tx, {
      actor,
      action,
      target: `message:${change.after.id}`,
      before: audited(change.before),
      after: audited(change.after),
    });
    return change.after;
  }

  app.get(
    '/messages',
    { schema: { querystring: AdminMessagesQuerySchema, response: { 200: AdminMessageListSchema, ...errors } } },
    async (request) => {
      const { messages, total } = await app.contactRepository.listForAdmin(request.query);
      return { items: messages.map(toAdminMessage), total };
    },
  );

  app.get(
    '/messages/:id',
    { schema: { params: MessageIdParamsSchema, response: { 200: AdminMessageSchema, ...errors } } },
    async (request) => {
      const actor = actorOf(request.customer);
      const message = await app.db.transaction(async (tx) => {
        const change = await app.contactRepository.setStatus(request.params.id, 'read', tx, { onlyIfNew: true });
        if (change && change.before.status === change.after.status) return change.after;
        return audit(tx, actor, 'message.read', change);
      });
      return toAdminMessage(message);
    },
  );

  app.patch(
    '/messages/:id',
    {
      schema: {
        params: MessageIdParamsSchema,
        body: MessageStatusBodySchema,
        response: { 200: AdminMessageSchema, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request.customer);
      const { status } = request.body;
      const message = await app.db.transaction(async (tx) =>
        audit(tx, actor, `message.${status}`, await app.contactRepository.setStatus(request.params.id, status, tx)),
      );
      return toAdminMessage(message);
    },
  );

  app.post(
    '/messages/:id/reply',
    {
      schema: {
        params: MessageIdParamsSchema,
        body: ReplyBodySchema,
        response: { 200: AdminMessageSchema, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request.customer);
      const message = await app.unitOfWork(async (tx, queueMail) => {
        const change = await app.contactRepository.recordReply(request.params.id, request.body.message, tx);
        const answered = await audit(tx, actor, 'message.answered', change);
        await queueMail(
          contactReplyMail({
            to: answered.email,
            name: answered.name,
            reply: request.body.message,
            original: answered.message,
            sentAt: answered.createdAt,
            replyTo: config.shopEmail,
          }),
        );
        return answered;
      });
      return toAdminMessage(message);
    },
  );
};

export default contactAdminRoutes;
