/**
 * The sweep that gives back the stock of checkouts left unpaid past their hold (docs/api.md, Stock): once a minute, and once
 * when the server is ready (a restart must not keep stock held). Several processes may sweep at once: each checkout is
 * taken by one of them (`FOR UPDATE SKIP LOCKED`) and gives its stock back once.
 */
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic-task.ts';

const SWEEP_EVERY_MS = 60_000;

export default fp(
  async (app) => {
    runPeriodically(app, {
      everyMs: SWEEP_EVERY_MS,
      failureMessage: 'the abandoned-checkout sweep failed',
      async run() {
        const released = await app.checkout.releaseAbandoned();
        if (released > 0) app.log.info({ released }, 'abandoned checkouts gave their stock back');
      },
    });
  },
  { name: 'stock-sweep', dependencies: ['orders'] },
);
