/**
 * Adds `app.mailer`: a durable mail queue in the database and the sender that empties it. A mail is written
 * to `mail_queue` (inside the caller's transaction when given, so an account and its code commit together),
 * delivered right away, and retried with growing waits while the mail server is down. Several server
 * processes on one PostgreSQL share the queue: each claims up to MAIL_SENDS_IN_FLIGHT due mails at a time with a
 * lease (decision 022) and sends them side by side, so a burst of orders is not mailed one after another.
 */
import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Config, MailRetrySettings } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { deleteInBatches } from '../../db/delete-in-batches.ts';
import { mailQueue } from '../../db/schema.ts';
import type { OutgoingMail } from './templates/layout.ts';
import { createMailTransport, MAIL_SENDS_IN_FLIGHT, type MailTransport } from './transports.ts';

export interface Mailer {
  /**
   * Queues a mail. Without `executor` it is sent at once; with a transaction, call `deliverSoon()` after the
   * transaction commits (until then no sender can see the row; a later poll would still find it).
   */
  enqueue(mail: OutgoingMail, executor?: Database): Promise<void>;
  /** Starts a delivery pass now (or right after the one under way). */
  deliverSoon(): void;
  /** Resolves when no delivery pass is under way; for tests and shutdown. */
  settled(): Promise<void>;
  /** Deletes what is left of mail sent or given up on before `before` (decision 082); answers how many went. */
  deleteFinished(before: Date): Promise<number>;
  /**
   * Deletes, inside `tx`, the sent and given-up mail to or replying to `email`, whose account is being deleted. Mail
   * still waiting goes out as queued (an order's confirmation is still owed) and is deleted with the rest later.
   */
  forgetAddress(email: string, tx: Database): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailerPluginOptions {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'mailRetry'>;
}

/** How long a claimed mail stays reserved for its sender; well above the SMTP transport's own timeouts. */
const LEASE_SECONDS = 5 * 60;
const ERROR_TEXT_LIMIT = 1_000;

/** The wait after the `attempt`-th failed try: first, then six times longer each time, up to the maximum. */
export function retryDelayMs(attempt: number, retry: MailRetrySettings): number {
  return Math.min(retry.firstDelayMs * 6 ** Math.max(0, attempt - 1), retry.maxDelayMs);
}

function secondsFromNow(seconds: number) {
  return sql`now() + make_interval(secs => ${seconds}::double precision)`;
}

const isPending = and(isNull(mailQueue.sentAt), isNull(mailQueue.failedAt));
const isUnclaimed = or(isNull(mailQueue.lockedUntil), lte(mailQueue.lockedUntil, sql`now()`));
/** When a mail was sent or given up on; null while it waits. The expression `mail_queue_finished_idx` indexes. */
const finishedAt = sql`coalesce(${mailQueue.sentAt}, ${mailQueue.failedAt})`;

interface ClaimedMail {
  id: number;
  to: string;
  replyTo: string | null;
  subject: string;
  html: string | null;
  text: string | null;
  attempts: number;
}

export class MailQueueSender {
  private stopped = false;
  private running: Promise<void> | undefined;
  private rerun = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport,
    private readonly retry: MailRetrySettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  start() {
    this.deliverSoon();
  }

  deliverSoon() {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.run().finally(() => {
      this.running = undefined;
    });
  }

  async settled() {
    while (this.running) await this.running;
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.settled();
    this.transport.close();
  }

  private async run() {
    let nextPassInMs = this.retry.pollIntervalMs;
    try {
      for (;;) {
        this.rerun = false;
        while (!this.stopped && (await this.deliverDue()));
        if (this.stopped) break;
        nextPassInMs = await this.msUntilNextDue();
        // A mail queued while the pass was finishing (even during that last query) goes now, not at the next poll.
        if (!this.rerun) break;
      }
    } catch (error) {
      // The database itself failed (not the mail server): try again at the next poll.
      this.log.error({ err: error }, 'mail queue: delivery pass failed');
    }
    if (this.stopped) return;
    this.timer = setTimeout(() => this.deliverSoon(), nextPassInMs);
    this.timer.unref();
  }

  /** Claims the oldest due mails (up to MAIL_SENDS_IN_FLIGHT), tries them at once, records each outcome; false when nothing was due. */
  private async deliverDue(): Promise<boolean> {
    // NOTE: a CTE, not `id in (subquery)`: PostgreSQL may run such a subquery once per row, and with
    // SKIP LOCKED each run finds another row, so one statement would claim them all.
    const due = this.db.$with('due').as(
      this.db
        .select({ id: mailQueue.id })
        .from(mailQueue)
        .where(and(isPending, lte(mailQueue.nextAttemptAt, sql`now()`), isUnclaimed))
        .orderBy(asc(mailQueue.nextAttemptAt), asc(mailQueue.id))
        .limit(MAIL_SENDS_IN_FLIGHT)
        .for('update', { skipLocked: true }),
    );
    const mails = await this.db
      .with(due)
      .update(mailQueue)
      .set({ attempts: sql`${mailQueue.attempts} + 1`, lockedUntil: secondsFromNow(LEASE_SECONDS) })
      .from(due)
      .where(eq(mailQueue.id, due.id))
      .returning({
        id: mailQueue.id,
        to: mailQueue.to,
        replyTo: mailQueue.replyTo,
        subject: mailQueue.subject,
        html: mailQueue.html,
        text: mailQueue.text,
        attempts: mailQueue.attempts,
      });
    if (mails.length === 0) return false;
    await Promise.all(mails.map((mail) => this.deliver(mail)));
    return true;
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    try {
      await this.transport.send({
        to: mail.to,
        subject: mail.subject,
        html: mail.html ?? '',
        text: mail.text ?? '',
        replyTo: mail.replyTo ?? undefined,
      });
    } catch (error) {
      await this.recordFailure(mail, error);
      return;
    }
    // The body holds signup codes and reset links, which are kept nowhere else in plain form.
    await this.db
      .update(mailQueue)
      .set({ sentAt: sql`now()`, lockedUntil: null, html: null, text: null, lastError: null })
      .where(eq(mailQueue.id, mail.id));
    // The outbox announces each mail itself; one line per mail is enough there.
    const level = this.transport.kind === 'outbox' ? 'debug' : 'info';
    this.log[level]({ mailId: mail.id, to: mail.to, subject: mail.subject, attempts: mail.attempts }, 'mail sent');
  }

  private async recordFailure(mail: { id: number; to: string; subject: string; attempts: number }, error: unknown) {
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_LIMIT);
    const context = { mailId: mail.id, to: mail.to, subject: mail.subject, attempts: mail.attempts, err: error };
    if (mail.attempts >= this.retry.maxAttempts) {
      await this.db
        .update(mailQueue)
        .set({ failedAt: sql`now()`, lockedUntil: null, lastError })
        .where(eq(mailQueue.id, mail.id));
      this.log.error(context, 'mail could not be delivered after every try; it stays in mail_queue marked failed');
      return;
    }
    const waitMs = retryDelayMs(mail.attempts, this.retry);
    await this.db
      .update(mailQueue)
      .set({ nextAttemptAt: secondsFromNow(waitMs / 1000), lockedUntil: null, lastError })
      .where(eq(mailQueue.id, mail.id));
    this.log.warn({ ...context, retryInMs: waitMs }, 'mail delivery failed; it will be retried');
  }

  /** Sleep until the next retry falls due, but never longer than the poll interval. */
  private async msUntilNextDue(): Promise<number> {
    const [next] = await this.db
      .select({
        ms: sql<number | null>`ceil(extract(epoch from (min(${mailQueue.nextAttemptAt}) - now())) * 1000)::int`,
      })
      .from(mailQueue)
      .where(and(isPending, isUnclaimed));
    const ms = next?.ms ?? this.retry.pollIntervalMs;
    return Math.min(Math.max(ms, 0), this.retry.pollIntervalMs);
  }
}

export default fp<MailerPluginOptions>(
  async (app, { config }) => {
    const transport = createMailTransport({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
    });
    const sender = new MailQueueSender(app.db, transport, config.mailRetry, app.log);

    app.decorate('mailer', {
      async enqueue(mail, executor) {
        await (executor ?? app.db).insert(mailQueue).values({
          to: mail.to,
          replyTo: mail.replyTo ?? null,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
        });
        if (!executor) sender.deliverSoon();
      },
      deliverSoon: () => sender.deliverSoon(),
      settled: () => sender.settled(),
      deleteFinished: (before) =>
        deleteInBatches(app.db, { table: mailQueue, key: mailQueue.id, where: lt(finishedAt, before) }),
      async forgetAddress(email, tx) {
        // Addresses are matched case-blind: a contact form's reply-to is kept as typed.
        await tx
          .delete(mailQueue)
          .where(
            and(
              isNotNull(finishedAt),
              or(eq(sql`lower(${mailQueue.to})`, email), eq(sql`lower(${mailQueue.replyTo})`, email)),
            ),
          );
      },
    } satisfies Mailer);

    // Mail left by an earlier run (or another process) goes out once the server is up.
    app.addHook('onReady', async () => sender.start());
    app.addHook('onClose', () => sender.stop());
    app.log.info({ transport: transport.kind }, 'mail queue ready');
  },
  { name: 'mailer', dependencies: ['database'] },
);
