/**
 * Adds `app.housekeeping`: the sweep that deletes what has outlived its retention period (decision 082), once an hour
 * and once when the server is ready. Each domain deletes its own rows through its decorator; this plugin holds the
 * schedule and turns the periods of `#shared/retention` into cut-off times. Several processes may sweep at once:
 * every delete locks its batch with SKIP LOCKED (db/delete-in-batches.ts), so each row goes, and is counted, once.
 */
import fp from 'fastify-plugin';
import { RETENTION } from '#shared/retention';
import { runPeriodically } from '../../lib/periodic-task.ts';

/** Retention periods are days and months long: an hour late costs nothing, and an idle sweep is a few index reads. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const SWEPT_TABLES = [
  'mailQueue',
  'checkouts',
  'signupAttempts',
  'passwordResetTokens',
  'sessions',
  'contactMessages',
] as const;
type SweptTable = (typeof SWEPT_TABLES)[number];

/** How many rows one sweep deleted, by table. */
export type SweepCounts = Record<SweptTable, number>;

export interface Housekeeping {
  /** Deletes what has outlived its period as of `now`, table by table; answers how many rows went from each. */
  sweep(now?: Date): Promise<SweepCounts>;
}

declare module 'fastify' {
  interface FastifyInstance {
    housekeeping: Housekeeping;
  }
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Calendar months, so "12 months" is a year to the day whatever the months' lengths. */
function monthsBefore(now: Date, months: number) {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

export default fp(
  async (app) => {
    const deleteExpired: Record<SweptTable, (now: Date) => Promise<number>> = {
      mailQueue: (now) => app.mailer.deleteFinished(daysBefore(now, RETENTION.sentMailDays)),
      checkouts: (now) => app.checkoutRepository.deleteUnpaidCheckouts(daysBefore(now, RETENTION.unpaidCheckoutDays)),
      signupAttempts: (now) =>
        app.signupAttemptRepository.deleteExpiredSignupAttempts(daysBefore(now, RETENTION.expiredCodeDays)),
      passwordResetTokens: (now) =>
        app.userRepository.deleteExpiredResetTokens(daysBefore(now, RETENTION.expiredCodeDays)),
      // An account's own expired sessions also go at its next login (decision 101); these are the accounts' that never came back.
      sessions: (now) => app.sessionRepository.deleteExpiredSessions(daysBefore(now, RETENTION.expiredCodeDays)),
      contactMessages: (now) =>
        app.contactRepository.deleteQuietSince(monthsBefore(now, RETENTION.contactMessageMonths)),
    };

    const housekeeping: Housekeeping = {
      async sweep(now = new Date()) {
        const deleted = Object.fromEntries(SWEPT_TABLES.map((table) => [table, 0])) as SweepCounts;
        for (const table of SWEPT_TABLES) {
          // One table failing (a lock timeout, say) must not keep the others from being swept.
          try {
            deleted[table] = await deleteExpired[table](now);
          } catch (error) {
            app.log.error({ err: error, table }, 'housekeeping could not sweep a table');
          }
        }
        if (SWEPT_TABLES.some((table) => deleted[table] > 0))
          app.log.info({ deleted }, 'housekeeping deleted rows past their retention period');
        return deleted;
      },
    };
    app.decorate('housekeeping', housekeeping);

    runPeriodically(app, {
      everyMs: SWEEP_EVERY_MS,
      failureMessage: 'the housekeeping sweep failed',
      run: async () => {
        await housekeeping.sweep();
      },
    });
  },
  {
    name: 'housekeeping',
    dependencies: ['mailer', 'order-repositories', 'account-repositories', 'contact-repository'],
  },
);
