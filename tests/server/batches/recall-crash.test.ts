/**
 * A recall survives the process dying half-way (decision 116): the real server is killed with SIGKILL while it
 * recalls, started again on the same database, and every customer and guest who received the batch is mailed exactly
 * once, whether the kill came before the recall committed (the owner recalls again) or after (the queued mails go out
 * from the restarted server, and the owner's repeated recall mails nobody again). The first server's mail server is
 * down, so every recall mail is still queued when it dies.
 * Runs on the PGlite folder in the PGlite run and on a fresh PostgreSQL database in the PostgreSQL run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '#tests/accounts';
import { londonDay } from '#tests/batches';
import { createTestDatabase, type TestDatabase } from '#tests/build-test-app';
import { guestAddress, testCard } from '#tests/checkout';
import { freePort, killServer, type ServerProcess, startServer, waitUntilHealthy } from '#tests/server-process';
import { SmtpSink } from '#tests/smtp-sink';

const admin = { email: 'recall-owner@example.com', password: 'owner-password-long-1' };
const BUYERS = 4;

let dataDir: string;
let webDistDir: string;
let postgres: TestDatabase | undefined;
let sink: SmtpSink;
const servers: ServerProcess[] = [];

async function start(smtpUrl: string) {
  const server = await startServer({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDistDir,
    SMTP_URL: smtpUrl,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  servers.push(server);
  await waitUntilHealthy(server);
  return server;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-recall-data-'));
  webDistDir = await mkdtemp(path.join(os.tmpdir(), 'roast-recall-web-'));
  sink = await SmtpSink.start();
  if (process.env.TEST_DATABASE_URL) postgres = await createTestDatabase(process.env.TEST_DATABASE_URL);
});
afterAll(async () => {
  for (const server of servers) await killServer(server);
  await sink?.stop();
  await postgres?.drop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(webDistDir, { recursive: true, force: true });
});

async function json(server: ServerProcess, method: string, url: string, body?: object, token?: string) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A guest's paid order of one pack, through the shop's own checkout and test payment page. */
async function buyOne(server: ServerProcess, productId: string, email: string) {
  const product = await json(server, 'GET', `/api/products/${productId}`);
  const price = product.weights.find((weight: { label: string }) => weight.label === '250g').price;
  const payload = {
    orderItems: [{ _id: productId, qty: 1, selectedWeight: '250g', price }],
    shippingAddress: guestAddress({ email }),
    totalPrice: price,
  };
  const { id: sessionId } = await json(server, 'POST', '/api/orders/create-stripe-session', payload);
  await fetch(`${server.url}/pay/${sessionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(testCard).toString(),
    redirect: 'manual',
  });
  await json(server, 'POST', '/api/orders/guest-order', { ...payload, sessionId, guestEmail: email });
}

const recallMails = (email: string) => sink.mailsTo(email).filter((mail) => mail.subject.startsWith('Product recall'));

describe('a server killed while it recalls', () => {
  it('mails every recipient of the batch exactly once after a restart', async () => {
    // Nothing listens here: the first server's mails all wait in the queue.
    const first = await start(`smtp://127.0.0.1:${await freePort()}`);
    const token = (await json(first, 'POST', '/api/auth/login', admin)).token as string;
    const batches = [
      { productId: 'roasted-hazelnuts', code: 'KILL-BEFORE' },
      { productId: 'golden-linseed', code: 'KILL-AFTER' },
    ];
    const buyers = new Map<string, string[]>();
    for (const { productId, code } of batches) {
      await json(
        first,
        'POST',
        `/api/admin/products/${productId}/batches`,
        { weight: '250g', code, bestBefore: londonDay(30), quantity: 20 },
        token,
      );
      const emails = Array.from({ length: BUYERS }, () => uniqueEmail('recalled'));
      for (const email of emails) await buyOne(first, productId, email);
      buyers.set(code, emails);
    }

    // Killed after the recall committed: its answer came, but no mail could be sent yet.
    const after = await json(
      first,
      'POST',
      '/api/admin/batches/KILL-AFTER/recall',
      { message: 'Stones found.' },
      token,
    );
    expect(after).toEqual({ mailed: BUYERS });
    // Its first delivery try fails at once (nothing listens) and waits for the next: no mail is mid-send at the kill.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // Killed as it recalls: the request is on its way, and the process dies whatever it had done.
    const during = fetch(`${first.url}/api/admin/batches/KILL-BEFORE/recall`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ message: 'Glass found.' }),
    }).catch(() => 'lost' as const);
    await new Promise((resolve) => setTimeout(resolve, 5));
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    await during;

    const second = await start(sink.url);
    const again = (await json(second, 'POST', '/api/auth/login', admin)).token as string;
    // The owner, unsure what happened, recalls both again: each answers the number its recall mailed.
    for (const { code } of batches)
      expect(
        await json(second, 'POST', `/api/admin/batches/${code}/recall`, { message: 'Glass found.' }, again),
      ).toEqual({ mailed: BUYERS });

    const everyone = [...buyers.values()].flat();
    for (const email of everyone)
      await expect
        .poll(() => recallMails(email).length, { timeout: 60_000, interval: 200, message: email })
        .toBeGreaterThan(0);
    // Long enough for any second copy to arrive: the queue retries within seconds.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const email of everyone) expect(recallMails(email), email).toHaveLength(1);
    expect(await killServer(second, 'SIGTERM')).toBe(0);
  }, 240_000);
});
