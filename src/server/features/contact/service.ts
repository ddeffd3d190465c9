/**
 * Adds `app.contact`, the contact form's one rule: a message is stored, its mail to the shop and the sender's
 * acknowledgement queued together, or none of them (decisions 040 and 115).
 */
import fp from 'fastify-plugin';
import type { ContactBody } from '#shared/schemas/contact';
import type { Config } from '../../config.ts';
import { contactAcknowledgementMail, contactMessageMail, type UnitOfWork } from '../mail/index.ts';
import type { ContactMessageRecord, ContactRepository } from './contact-repository.ts';

export interface ContactService {
  /**
   * Stores a validated message and queues its mail to the shop (Reply-To the sender) and the sender's
   * acknowledgement (Reply-To the shop), in one transaction.
   */
  submit(message: ContactBody): Promise<ContactMessageRecord>;
}

export function createContactService(deps: {
  unitOfWork: UnitOfWork;
  contactRepository: ContactRepository;
  shopEmail: string;
}): ContactService {
  return {
    submit: (message) =>
      deps.unitOfWork(async (tx, queueMail) => {
        const saved = await deps.contactRepository.create(message, tx);
        await queueMail(contactMessageMail({ to: deps.shopEmail, ...message, reference: saved.id }));
        await queueMail(
          contactAcknowledgementMail({ to: message.email, reference: saved.id, replyTo: deps.shopEmail }),
        );
        return saved;
      }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    contact: ContactService;
  }
}

export interface ContactPluginOptions {
  config: Pick<Config, 'shopEmail'>;
}

export default fp<ContactPluginOptions>(
  async (app, { config }) => {
    app.decorate(
      'contact',
      createContactService({
        unitOfWork: app.unitOfWork,
        contactRepository: app.contactRepository,
        shopEmail: config.shopEmail,
      }),
    );
  },
  { name: 'contact', dependencies: ['unit-of-work', 'contact-repository'] },
);
