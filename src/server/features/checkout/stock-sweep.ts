/**
 * The sweep that gives back the stock of checkouts left unpaid past their hold (contract §8): once a minute, and once
 * when the server is ready (a restart must not keep stock held). Several processes may sweep at once: each checkout is
 * taken by one of them (`FOR UPDATE SKIP LOCKED`) and gives its stock back once.
 */
import fp from 'fastify-plugin';

const SWEEP_EVERY_MS = 60_000;

export default fp(
  async (app) => {
    let sweeping: Promise<void> | undefined;
    const sweep = () => {
      // A slow sweep is never overlapped by the next one in the same process.
      sweeping ??= app.checkout
        .releaseAbandoned()
        .then((released) => {
          if (released > 0) app.log.info({ released }, 'abandoned checkouts gave their stock back');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'the abandoned-checkout sweep failed'))
        .finally(() => {
          sweeping = undefined;
        });
    };
    const timer = setInterval(sweep, SWEEP_EVERY_MS);
    // The sweep never keeps the process alive on its own.
    timer.unref();
    app.addHook('onReady', async () => sweep());
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await sweeping;
    });
  },
  { name: 'stock-sweep', dependencies: ['checkout'] },
);
