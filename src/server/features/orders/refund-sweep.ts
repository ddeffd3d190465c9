/**
 * The sweep that settles refunds left pending (decision 093): a process killed between the provider's answer and the
 * database write, a provider that did not answer, or a Stripe refund still working. Once a minute it asks again about
 * refunds pending for over a minute; when the server is ready it asks about every pending refund, since whoever asked
 * before a restart will never hear back. Asking again is safe: the same try carries the same idempotency key.
 */
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic-task.ts';
import { REFUND_SWEEP_AFTER_MS } from './refund-settlement.ts';

export default fp(
  async (app) => {
    let started = false;
    runPeriodically(app, {
      everyMs: REFUND_SWEEP_AFTER_MS,
      failureMessage: 'the pending-refund sweep failed',
      async run() {
        // The first run (at start-up) looks at every pending refund: `now` a minute ahead takes them all.
        const now = started ? new Date() : new Date(Date.now() + REFUND_SWEEP_AFTER_MS);
        started = true;
        const asked = await app.refundSettlement.sweep(now);
        if (asked > 0) app.log.info({ asked }, 'pending refunds asked about again');
      },
    });
  },
  { name: 'refund-sweep', dependencies: ['orders'] },
);
