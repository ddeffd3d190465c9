import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutgoingMail } from '#server/features/mail/index';
import type { MailTransport } from '#server/features/mail/transports';
import { MailQueueSender } from '#server/features/mail/mailer';
import { MAIL_SENDS_IN_FLIGHT } from '#server/features/mail/transports';
import { uniqueEmail } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { queryRows } from '#tests/db';
import { codeFrom, SmtpSink } from '#tests/smtp-sink';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startSink(port?: number) {
  const sink = await SmtpSink.start(port);
  cleanups.push(() => sink.stop());
  return sink;
}

async function startApp(...args: Parameters<typeof buildTestApp>) {
  const testApp = await buildTestApp(...args);
  cleanups.push(() => testApp.close());
  return testApp;
}

/** A port that answered SMTP a moment ago and now refuses connections. */
async function closedSmtpPort(): Promise<number> {
  const sink = await SmtpSink.start();
  await sink.stop();
  return sink.port;
}

function logCollector() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

async function queueRows(testApp: TestApp, to: string) {
  return queryRows<{
    id: number;
    attempts: number;
    sent_at: unknown;
    failed_at: unknown;
    last_error: string | null;
    html: string | null;
    text: string | null;
  }>(
    testApp,
    sql`select id, attempts, sent_at, failed_at, last_error, html, text from mail_queue where "to" = ${to} order by id`,
  );
}

function signUp(testApp: TestApp, email: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Rosalind Franklin', email, password: 'pistachio-shells' },
  });
}

describe('the mail queue', () => {
  it('keeps a signup and its code while the mail server is down, and delivers once it is back', async () => {
    const port = await closedSmtpPort();
    const testApp = await startApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const email = uniqueEmail('outage');

    const signup = await signUp(testApp, email);
    expect(signup.statusCode).toBe(201);
    await testApp.app.mailer.settled();
    const [waiting] = await queueRows(testApp, email);
    expect(waiting?.attempts).toBeGreaterThanOrEqual(1);
    expect(waiting?.sent_at).toBeNull();
    expect(waiting?.last_error).toMatch(/ECONNREFUSED|connect/i);

    const sink = await startSink(port);
    const mail = await sink.nextMailTo(email);
    const verify = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { userId: signup.json().userId, otp: codeFrom(mail) },
    });
    expect(verify.statusCode).toBe(200);

    await testApp.app.mailer.settled();
    const [sent] = await queueRows(testApp, email);
    expect(sent?.sent_at).not.toBeNull();
    // The code does not linger in the database once delivered.
    expect(sent?.html).toBeNull();
    expect(sent?.text).toBeNull();
    expect(sink.mailsTo(email)).toHaveLength(1);
  });

  it('gives up after the last try, keeps the mail marked failed, and logs an error', async () => {
    const port = await closedSmtpPort();
    const log = logCollector();
    const testApp = await startApp(
      {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailRetry: { firstDelayMs: 5, maxDelayMs: 10, maxAttempts: 3, pollIntervalMs: 1_000 },
      },
      { logger: { level: 'warn', stream: log.stream } },
    );
    const to = uniqueEmail('bounce');
    await testApp.app.mailer.enqueue({ to, subject: 'Never arrives', html: '<p>x</p>', text: 'x' });

    await vi.waitFor(
      async () => {
        const [row] = await queueRows(testApp, to);
        expect(row?.failed_at).not.toBeNull();
      },
      { timeout: 15_000, interval: 20 },
    );
    const [row] = await queueRows(testApp, to);
    expect(row?.attempts).toBe(3);
    expect(row?.sent_at).toBeNull();
    const levels = log.lines.filter((line) => line.to === to).map((line) => line.level);
    expect(levels).toEqual([40, 40, 50]);
  });

  it('saves each mail as a file in DATA_DIR/outbox and logs its recipient and subject when SMTP_URL is unset', async () => {
    const log = logCollector();
    const testApp = await startApp({}, { logger: { level: 'info', stream: log.stream } });
    const email = uniqueEmail('outbox');

    expect((await signUp(testApp, email)).statusCode).toBe(201);
    await testApp.app.mailer.settled();

    const outbox = path.join(testApp.config.dataDir, 'outbox');
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const message = await readFile(path.join(outbox, files[0] ?? ''), 'utf8');
    expect(message).toContain(`To: ${email}`);
    expect(message).toContain('Subject: Your Roast & Co. sign-up code');
    expect(message).toContain('multipart/alternative');

    const announced = log.lines.filter((line) => line.msg.includes('outbox'));
    expect(announced).toEqual([
      expect.objectContaining({ level: 30, to: email, subject: 'Your Roast & Co. sign-up code' }),
    ]);
  });

  it('delivers every mail queued while the mail server refused them once it takes mail again, several at a time and none twice', async () => {
    const sink = await startSink();
    sink.refusing = true;
    const testApp = await startApp({
      smtpUrl: sink.url,
      mailRetry: { firstDelayMs: 50, maxDelayMs: 200, maxAttempts: 50, pollIntervalMs: 200 },
    });
    await testApp.app.ready();
    const mails: OutgoingMail[] = Array.from({ length: 12 }, (_, i) => ({
      to: `refused-${i}@example.com`,
      subject: `Order ${i}`,
      html: `<p>${i}</p>`,
      text: String(i),
    }));
    for (const mail of mails) await testApp.app.mailer.enqueue(mail);
    await testApp.app.mailer.settled();
    expect(sink.mails).toHaveLength(0);
    const [tried] = await queueRows(testApp, mails[0]!.to);
    expect(tried?.last_error).toMatch(/451/);

    // Back, and slow enough to answer that a sender one mail at a time would show.
    sink.holdMs = 150;
    sink.refusing = false;
    await Promise.all(mails.map((mail) => sink.nextMailTo(mail.to)));
    await testApp.app.mailer.settled();
    expect(sink.mails.map((mail) => mail.to[0]).sort()).toEqual(mails.map((mail) => mail.to).sort());
    expect(sink.mostInFlight).toBe(MAIL_SENDS_IN_FLIGHT);
    expect(await queryRows(testApp, sql`select count(*)::int as count from mail_queue where sent_at is null`)).toEqual([
      { count: 0 },
    ]);
  });

  it('lets two senders share one queue without sending any mail twice', async () => {
    const testApp = await startApp({
      mailRetry: { firstDelayMs: 5, maxDelayMs: 10, maxAttempts: 3, pollIntervalMs: 60_000 },
    });
    await testApp.app.ready();
    await testApp.app.mailer.settled();

    const mails: OutgoingMail[] = Array.from({ length: 20 }, (_, i) => ({
      to: `queue-${i}@example.com`,
      subject: `Mail ${i}`,
      html: `<p>${i}</p>`,
      text: String(i),
    }));
    // Queued inside a transaction and not announced, so only the two senders below take them.
    await testApp.app.db.transaction(async (tx) => {
      for (const mail of mails) await testApp.app.mailer.enqueue(mail, tx);
    });

    const delivered: string[] = [];
    const recordingTransport = (): MailTransport => ({
      kind: 'smtp',
      async send(mail) {
        await new Promise((resolve) => setImmediate(resolve));
        delivered.push(mail.to);
      },
      close() {},
    });
    const senders = [0, 1].map(
      () => new MailQueueSender(testApp.app.db, recordingTransport(), testApp.config.mailRetry, testApp.app.log),
    );
    for (const sender of senders) sender.start();
    await Promise.all(senders.map((sender) => sender.settled()));
    await Promise.all(senders.map((sender) => sender.stop()));

    expect([...delivered].sort()).toEqual(mails.map((mail) => mail.to).sort());
    expect(await queryRows(testApp, sql`select count(*)::int as count from mail_queue where sent_at is null`)).toEqual([
      { count: 0 },
    ]);
  });
});
