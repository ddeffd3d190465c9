/** The contact form's one rule: a message is stored and its mail to the shop queued together, or neither. */
import type { ContactBody } from '#shared/schemas/contact';
import { contactMessageMail, type UnitOfWork } from '../mail/index.ts';
import type { ContactMessageRecord, ContactRepository } from './contact-repository.ts';

export interface ContactService {
  /** Stores a validated message and queues its mail to the shop (Reply-To the sender), in one transaction. */
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
        return saved;
      }),
  };
}
