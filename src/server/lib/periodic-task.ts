/**
 * Runs a task on an interval and once when the server is ready: the sweeps that tidy the database. A run is never
 * overlapped by the next in the same process, a failure is logged and tried again at the next tick, the timer never
 * keeps the process alive, and closing the server waits for a run under way, so no run meets a closed database.
 */
import type { FastifyInstance } from 'fastify';

export interface PeriodicTask {
  everyMs: number;
  run(): Promise<void>;
  /** The log line when a run throws. */
  failureMessage: string;
}

export function runPeriodically(app: FastifyInstance, { everyMs, run, failureMessage }: PeriodicTask): void {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= run()
      .catch((error: unknown) => app.log.error({ err: error }, failureMessage))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
