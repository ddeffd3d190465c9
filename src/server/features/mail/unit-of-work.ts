/**
 * Adds `app.unitOfWork(async (tx, queueMail) => …)`: one transaction in which a domain writes its rows and queues
 * the mails they call for, so rows and mails commit together or not at all; once it has committed, the queue's
 * sender is woken for the mails queued. Accounts, contact and checkout all write this way (decision 053).
 */
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.ts';
import type { OutgoingMail } from './templates/layout.ts';

/** Queues a mail inside the unit of work's transaction; it is sent once that transaction has committed. */
export type QueueMail = (mail: OutgoingMail) => Promise<void>;

export type UnitOfWork = <T>(work: (tx: Database, queueMail: QueueMail) => Promise<T>) => Promise<T>;

declare module 'fastify' {
  interface FastifyInstance {
    unitOfWork: UnitOfWork;
  }
}

export default fp(
  async (app) => {
    const unitOfWork: UnitOfWork = async (work) => {
      let queued = 0;
      const result = await app.db.transaction((tx) =>
        work(tx, async (mail) => {
          await app.mailer.enqueue(mail, tx);
          queued += 1;
        }),
      );
      // Until the commit no sender can see the rows; a mail is never sent for work that was rolled back.
      if (queued > 0) app.mailer.deliverSoon();
      return result;
    };
    app.decorate('unitOfWork', unitOfWork);
  },
  { name: 'unit-of-work', dependencies: ['database', 'mailer'] },
);
