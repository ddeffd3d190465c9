/**
 * The housekeeping sweep (decision 082): rows past their retention period go, rows inside it stay, and a checkout that
 * has an order or still holds its stock stays whatever its age. Rows are written now and the sweep is asked to run
 * as of a later moment, so the sweep the server runs when it is ready never meets them. Two apps on one PostgreSQL
 * sweeping at once both succeed and delete every old row exactly once (PostgreSQL only: PGlite is one process).
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SweepCounts } from '#server/features/housekeeping/index';
import { RETENTION } from '#shared/retention';
import { insertCustomer, uniqueEmail } from '#tests/accounts';
import { buildTestApp, buildTestAppsOnOneDatabase, type TestApp } from '#tests/build-test-app';
import { cartPayloadLines, guestAddress, paidGuestOrder, startCheckout } from '#tests/checkout';
import { queryRows } from '#tests/db';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** A moment `ms` from now: the sweep runs as if that much time had passed since the rows were written. */
const fromNow = (ms: number) => new Date(Date.now() + ms);

async function count(testApp: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ count: number }>(testApp, query);
  return row?.count ?? 0;
}

/** A mail row to `to`, sent, given up on or (not due for a year) still waiting. */
async function insertMail(testApp: TestApp, to: string, state: 'sent' | 'failed' | 'waiting') {
  await testApp.app.db.execute(sql`
    insert into mail_queue ("to", subject, html, text, sent_at, failed_at, next_attempt_at)
    values (${to}, 'Your order', ${state === 'waiting' ? '<p>hi</p>' : null}, ${state === 'waiting' ? 'hi' : null},
      ${state === 'sent' ? sql`now()` : null}, ${state === 'failed' ? sql`now()` : null}, now() + interval '1 year')`);
}
const mailTo = (testApp: TestApp, to: string) =>
  count(testApp, sql`select count(*)::int as count from mail_queue where "to" = ${to}`);

describe('the housekeeping sweep', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });
  const sweep = (at: Date) => testApp.app.housekeeping.sweep(at);

  it('deletes mail sent or given up on once its period has passed, and never mail still waiting', async () => {
    const [sent, failed, waiting] = [uniqueEmail('sent'), uniqueEmail('failed'), uniqueEmail('waiting')];
    await insertMail(testApp, sent, 'sent');
    await insertMail(testApp, failed, 'failed');
    await insertMail(testApp, waiting, 'waiting');

    await sweep(fromNow(RETENTION.sentMailDays * DAY_MS - HOUR_MS));
    expect([await mailTo(testApp, sent), await mailTo(testApp, failed), await mailTo(testApp, waiting)]).toEqual([
      1, 1, 1,
    ]);

    const deleted = await sweep(fromNow(RETENTION.sentMailDays * DAY_MS + HOUR_MS));
    expect(deleted.mailQueue).toBeGreaterThanOrEqual(2);
    expect([await mailTo(testApp, sent), await mailTo(testApp, failed), await mailTo(testApp, waiting)]).toEqual([
      0, 0, 1,
    ]);
  });

  it('deletes unpaid checkouts once their stock is back and their period has passed; never one with an order or holding stock', async () => {
    const cancelled = await startCheckout(testApp);
    expect((await testApp.app.inject({ method: 'POST', url: `/pay/${cancelled}/cancel` })).statusCode).toBe(303);
    // From before stock was counted: it never held any.
    const uncounted = await startCheckout(testApp);
    await testApp.app.db.execute(sql`update checkouts set stock_reserved = false where session_id = ${uncounted}`);
    const holding = await startCheckout(testApp);
    const order = await paidGuestOrder(testApp);
    // Paid after its stock was given back (a Stripe payment that outlived its hold), and reading as unpaid (a hand
    // edit, a bug): its order alone keeps it.
    await testApp.app.db.execute(
      sql`update checkouts set paid_at = null, stock_released_at = now()
          where id = (select checkout_id from orders where id = ${order.id})`,
    );
    const checkoutOf = (sessionId: string) =>
      count(testApp, sql`select count(*)::int as count from checkouts where session_id = ${sessionId}`);
    const orderedCheckout = () =>
      count(
        testApp,
        sql`select count(*)::int as count from checkouts join orders on orders.checkout_id = checkouts.id
            where orders.id = ${order.id}`,
      );

    await sweep(fromNow(RETENTION.unpaidCheckoutDays * DAY_MS - HOUR_MS));
    expect([await checkoutOf(cancelled), await checkoutOf(uncounted)]).toEqual([1, 1]);

    const deleted = await sweep(fromNow(RETENTION.unpaidCheckoutDays * DAY_MS + HOUR_MS));
    expect(deleted.checkouts).toBeGreaterThanOrEqual(2);
    expect([await checkoutOf(cancelled), await checkoutOf(uncounted)]).toEqual([0, 0]);
    expect(await checkoutOf(holding)).toBe(1);
    expect(await orderedCheckout()).toBe(1);
  });

  it('deletes signup attempts and reset links a day after they expire, and keeps those not yet that old', async () => {
    const { userRepository } = testApp.app;
    const customer = await insertCustomer(testApp);
    const [expiring, lasting] = [randomBytes(32).toString('hex'), randomBytes(32).toString('hex')];
    await userRepository.createPasswordResetToken(customer.id, expiring, HOUR_MS / 1000);
    await userRepository.createPasswordResetToken(customer.id, lasting, (12 * HOUR_MS) / 1000);
    const waiting = await insertCustomer(testApp, { verified: false });
    const attemptOf = (email: string) =>
      count(testApp, sql`select count(*)::int as count from signup_attempts where email = ${email}`);
    const tokens = async () =>
      (
        await queryRows<{ token_hash: string }>(
          testApp,
          sql`select token_hash from password_reset_tokens where user_id = ${customer.id}`,
        )
      ).map((row) => row.token_hash);

    // The attempt's code lasts 10 minutes, the links an hour and 12 hours: a day on, none expired a day ago.
    await sweep(fromNow(RETENTION.expiredCodeDays * DAY_MS));
    expect(await attemptOf(waiting.email)).toBe(1);
    expect((await tokens()).sort()).toEqual([expiring, lasting].sort());

    const deleted = await sweep(fromNow(RETENTION.expiredCodeDays * DAY_MS + 2 * HOUR_MS));
    expect(deleted.signupAttempts).toBeGreaterThanOrEqual(1);
    expect(deleted.passwordResetTokens).toBeGreaterThanOrEqual(1);
    expect(await attemptOf(waiting.email)).toBe(0);
    expect(await tokens()).toEqual([lasting]);
  });

  it('deletes sessions a day after they expire: the 7-day token is refused by then anyway', async () => {
    const customer = await insertCustomer(testApp);
    const sessionsOf = () =>
      count(testApp, sql`select count(*)::int as count from sessions where user_id = ${customer.id}`);
    expect(await sessionsOf()).toBe(1);
    await sweep(fromNow(7 * DAY_MS));
    expect(await sessionsOf()).toBe(1);
    const deleted = await sweep(fromNow(7 * DAY_MS + RETENTION.expiredCodeDays * DAY_MS + HOUR_MS));
    expect(deleted.sessions).toBeGreaterThanOrEqual(1);
    expect(await sessionsOf()).toBe(0);
  });

  it('deletes a contact message a year after it arrived, or after it was last answered if later', async () => {
    const insertMessage = (email: string, arrivedMonthsAgo: number, answeredNow: boolean) =>
      testApp.app.db.execute(sql`
        insert into contact_messages (id, name, email, message, created_at, status, reply, answered_at)
        values (gen_random_uuid()::text, 'Ada', ${email}, 'Do you sell pistachios?', now() - make_interval(months => ${arrivedMonthsAgo}),
          ${answeredNow ? 'answered' : 'new'}, ${answeredNow ? 'Yes, we do.' : null}, ${answeredNow ? sql`now()` : null})`);
    const [unanswered, answered, recent] = [uniqueEmail('unanswered'), uniqueEmail('answered'), uniqueEmail('recent')];
    const monthShort = RETENTION.contactMessageMonths - 1;
    await insertMessage(unanswered, monthShort, false);
    await insertMessage(answered, monthShort, true);
    await insertMessage(recent, 0, false);
    const messagesFrom = (email: string) =>
      count(testApp, sql`select count(*)::int as count from contact_messages where email = ${email}`);

    // 32 days on, the first two arrived more than the period ago; the answered one was answered within it.
    await sweep(fromNow(32 * DAY_MS));
    expect([await messagesFrom(unanswered), await messagesFrom(answered), await messagesFrom(recent)]).toEqual([
      0, 1, 1,
    ]);

    await sweep(fromNow(RETENTION.contactMessageMonths * 31 * DAY_MS));
    expect([await messagesFrom(answered), await messagesFrom(recent)]).toEqual([0, 0]);
  });
});

describe('the sweep as the server runs it', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('sweeps once the server is ready', async () => {
    const testApp = await buildTestApp();
    cleanups.push(() => testApp.close());
    const to = uniqueEmail('ready');
    await insertMail(testApp, to, 'sent');
    await testApp.app.db.execute(
      sql`update mail_queue set sent_at = now() - make_interval(days => ${RETENTION.sentMailDays + 1}) where "to" = ${to}`,
    );
    await testApp.app.ready();
    await vi.waitFor(async () => expect(await mailTo(testApp, to)).toBe(0), { timeout: 5_000 });
  });

  it('logs one line with the counts per table when it deleted something, and nothing when idle', async () => {
    const lines: { msg: string; deleted?: SweepCounts }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const testApp = await buildTestApp({}, { logger: { level: 'info', stream } });
    cleanups.push(() => testApp.close());
    const sweepLines = () => lines.filter((line) => line.msg.startsWith('housekeeping'));

    await testApp.app.housekeeping.sweep();
    expect(sweepLines()).toEqual([]);

    const to = uniqueEmail('logged');
    await insertMail(testApp, to, 'sent');
    await insertMail(testApp, to, 'failed');
    await testApp.app.housekeeping.sweep(fromNow((RETENTION.sentMailDays + 1) * DAY_MS));
    expect(sweepLines()).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'housekeeping deleted rows past their retention period',
        deleted: {
          mailQueue: 2,
          checkouts: 0,
          signupAttempts: 0,
          passwordResetTokens: 0,
          sessions: 0,
          contactMessages: 0,
        },
      }),
    ]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes sweeping one PostgreSQL at once', () => {
  // More than two batches per table, so the two sweeps' batches interleave.
  const ROWS = 1_300;

  it('both succeed, and every old row is deleted, and counted, exactly once', async () => {
    const { apps, close } = await buildTestAppsOnOneDatabase([{}, {}]);
    try {
      const [first, second] = apps as [TestApp, TestApp];
      const customer = await insertCustomer(first);
      const address = guestAddress();
      await first.app.db.execute(sql`
        insert into mail_queue ("to", subject, sent_at) select 'old@example.com', 'Old', now() from generate_series(1, ${ROWS})`);
      await first.app.db.execute(sql`
        insert into checkouts (id, provider, guest_email, email, lines, amount_pence, subtotal_pence, shipping_address,
          stock_reserved, stock_released_at)
        select gen_random_uuid()::text, 'local', ${address.email}, ${address.email}, ${JSON.stringify(cartPayloadLines)}::jsonb, 2037,
          2037, ${JSON.stringify(address)}::jsonb, true, now() from generate_series(1, ${ROWS})`);
      await first.app.db.execute(sql`
        insert into signup_attempts (id, email, name, password_hash, expires_at)
        select 'attempt-' || n, 'old-' || n || '@example.com', 'Ada', 'x', now() from generate_series(1, ${ROWS}) n`);
      await first.app.db.execute(sql`
        insert into password_reset_tokens (token_hash, user_id, expires_at)
        select 'token-' || n, ${customer.id}, now() from generate_series(1, ${ROWS}) n`);
      // The customer's own session, made with it, and ROWS - 1 old ones.
      await first.app.db.execute(sql`update sessions set expires_at = now() where user_id = ${customer.id}`);
      await first.app.db.execute(sql`
        insert into sessions (id, user_id, expires_at)
        select 'session-' || n, ${customer.id}, now() from generate_series(2, ${ROWS}) n`);
      await first.app.db.execute(sql`
        insert into contact_messages (id, name, email, message)
        select gen_random_uuid()::text, 'Ada', 'old-' || n || '@example.com', 'Hello' from generate_series(1, ${ROWS}) n`);

      // The sweep logs, rather than throws, a table it could not sweep.
      const errors = apps.map((testApp) => vi.spyOn(testApp.app.log, 'error'));
      // Past every period at once: two years on.
      const at = fromNow(2 * 366 * DAY_MS);
      const [a, b] = await Promise.all([first.app.housekeeping.sweep(at), second.app.housekeeping.sweep(at)]);
      for (const error of errors) expect(error).not.toHaveBeenCalled();
      for (const table of Object.keys(a) as (keyof SweepCounts)[]) {
        expect({ table, deleted: a[table] + b[table] }).toEqual({ table, deleted: ROWS });
      }
      const left = await queryRows<{ count: number }>(
        first,
        sql`select (select count(*) from mail_queue) + (select count(*) from checkouts)
          + (select count(*) from signup_attempts) + (select count(*) from password_reset_tokens)
          + (select count(*) from sessions) + (select count(*) from contact_messages) as count`,
      );
      expect(Number(left[0]?.count)).toBe(0);
    } finally {
      await close();
    }
  });
});
