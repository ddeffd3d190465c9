/**
 * Adds `app.background`: work a request starts and does not wait for (a password-reset mail is prepared after the
 * answer, so that answer takes as long whether or not the address has an account). A failure is logged at error, as
 * a request's would be. The app's close waits for what is under way, and `settled()` tells a test when all is done,
 * so that what it reads in the database next is not changed under it.
 */
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';

export interface Background {
  /** Starts `work` and returns at once; if it fails, `failure` is logged with the error. */
  run(work: () => Promise<void>, log: FastifyBaseLogger, failure: string): void;
  /** Resolves once no background work is under way, work started while waiting included. */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    background: Background;
  }
}

export default fp(
  async (app) => {
    const running = new Set<Promise<void>>();
    const background: Background = {
      run(work, log, failure) {
        const done: Promise<void> = work()
          .catch((error: unknown) => log.error({ err: error }, failure))
          .finally(() => running.delete(done));
        running.add(done);
      },
      async settled() {
        while (running.size > 0) await Promise.all(running);
      },
    };
    app.decorate('background', background);
    // NOTE: registered after the database, so this runs before the database's own onClose closes it.
    app.addHook('onClose', () => background.settled());
  },
  { name: 'background', dependencies: ['database'] },
);
