/**
 * Two server processes on one PostgreSQL and one Redis, as production runs several behind a proxy (decision
 * 083): neither keeps anything in memory the other needs. A cart written through one is read through the
 * other; a rate limit counts requests to both; a payment verified on both at once makes one order; a review photo
 * uploaded through one is served by the other (their DATA_DIR is one shared folder). Runs with the PostgreSQL suite
 * when Redis answers too (TEST_REDIS_URL, set by `npm test`); skipped otherwise.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactLimits } from '#server/features/contact/routes';
import { VerifyPaymentAnswerSchema } from '#shared/schemas/order';
import { REVIEW_PHOTO_FIELD, ReviewSchema } from '#shared/schemas/review';
import { bearer, insertCustomer } from '#tests/accounts';
import {
  buildTestAppOnDatabase,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
  testConfig,
} from '#tests/build-test-app';
import { cartPayload, testCard } from '#tests/checkout';
import { queryRows } from '#tests/db';
import { png } from '#tests/images';
import { multipartBody } from '#tests/multipart';
import { killServer, type ServerProcess, startServer, waitUntilHealthy } from '#tests/server-process';
import { deleteRateLimitKeys, testRedisUrl } from '#tests/test-redis';

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = testRedisUrl;
// Each run's e-mails are its own, so no counter an earlier run left under an e-mail can slow this one.
const run = randomBytes(4).toString('hex');

describe.skipIf(!postgresUrl || !redisUrl)('two server processes on one PostgreSQL and one Redis', () => {
  let postgres: TestDatabase;
  let sharedDataDir: string;
  let webDistDir: string;
  let arranger: TestApp;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    // An earlier run's count for the loopback address would still be counting in Redis. Only that is removed: the
    // database is shared with the rate-limit tests, which may be counting under their own keys at this moment.
    await deleteRateLimitKeys(redisUrl!, '*:address:127.0.0.1');
    postgres = await createTestDatabase(postgresUrl!);
    sharedDataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-two-servers-'));
    webDistDir = await mkdtemp(path.join(os.tmpdir(), 'roast-two-servers-web-'));
    const settings = {
      DATA_DIR: sharedDataDir,
      WEB_DIST_DIR: webDistDir,
      DATABASE_URL: postgres.url,
      REDIS_URL: redisUrl!,
      JWT_SECRET: testConfig().jwtSecret,
    };
    [a, b] = await Promise.all([startServer(settings), startServer(settings)]);
    await Promise.all([waitUntilHealthy(a), waitUntilHealthy(b)]);
    // Customers are put straight into the database by a third app on it, as in the other API tests.
    arranger = await buildTestAppOnDatabase(postgres.url);
  }, 180_000);

  afterAll(async () => {
    await arranger?.close();
    for (const server of [a, b]) if (server) await killServer(server);
    if (redisUrl) await deleteRateLimitKeys(redisUrl, '*:address:127.0.0.1');
    await postgres?.drop();
    for (const folder of [sharedDataDir, webDistDir]) if (folder) await rm(folder, { recursive: true, force: true });
  });

  const json = (token?: string) => ({
    'content-type': 'application/json',
    ...(token === undefined ? {} : bearer(token)),
  });

  it('reads a cart written through one process through the other', async () => {
    const { token } = await insertCustomer(arranger);
    const added = await fetch(`${a.url}/api/cart/add`, {
      method: 'POST',
      headers: json(token),
      body: JSON.stringify({ _id: 'roasted-cashew-nuts', qty: 3, selectedWeight: '500g' }),
    });
    expect(added.status).toBe(200);
    const read = await fetch(`${b.url}/api/cart`, { headers: bearer(token) });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual([
      expect.objectContaining({ _id: 'roasted-cashew-nuts', qty: 3, selectedWeight: '500g' }),
    ]);
  });

  it('counts a rate limit across both processes', async () => {
    const send = (server: ServerProcess, index: number) =>
      fetch(`${server.url}/api/contact/submit`, {
        method: 'POST',
        headers: json(),
        body: JSON.stringify({
          name: 'Grace Hopper',
          email: `grace-${run}-${index}@example.com`,
          phone: '',
          message: 'Do you sell salted pistachios in 1 kg bags?',
        }),
      });
    // The limit's worth of messages, shared between the two; one more, through either, is refused.
    for (let index = 0; index < contactLimits.perAddress; index++) {
      expect((await send(index % 2 === 0 ? a : b, index)).status).toBe(201);
    }
    const refused = await send(b, contactLimits.perAddress);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: expect.any(String) });
  });

  it('makes one order when a paid session is verified on both processes at once', async () => {
    const started = await fetch(`${a.url}/api/orders/create-stripe-session`, {
      method: 'POST',
      headers: json(),
      body: JSON.stringify(cartPayload()),
    });
    expect(started.status).toBe(200);
    const { id: sessionId } = (await started.json()) as { id: string };
    const paid = await fetch(`${b.url}/pay/${sessionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(testCard).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);

    const answers = await Promise.all(
      [a, b, a, b].map((server) => fetch(`${server.url}/api/orders/verify-stripe/${sessionId}`)),
    );
    const orders = await Promise.all(
      answers.map(async (answer) => {
        expect(answer.status).toBe(200);
        return VerifyPaymentAnswerSchema.parse(await answer.json()).order;
      }),
    );
    expect(new Set(orders.map((order) => order._id)).size).toBe(1);
    const [row] = await queryRows<{ count: number }>(
      arranger,
      sql`select count(*)::int as count from orders where checkout_id in (select id from checkouts where session_id = ${sessionId})`,
    );
    expect(row?.count).toBe(1);
  });

  it('serves a review photo uploaded through one process from the other', async () => {
    const photo = await png();
    const { payload, headers } = multipartBody(
      { name: 'Ada Lovelace', location: 'Leeds', rating: 5, message: 'The photo shows the cashews.' },
      [{ field: REVIEW_PHOTO_FIELD, filename: 'cashews.png', contentType: 'image/png', content: photo }],
    );
    const posted = await fetch(`${a.url}/api/reviews`, { method: 'POST', headers, body: new Uint8Array(payload) });
    expect(posted.status).toBe(201);
    const review = ReviewSchema.parse(await posted.json());
    expect(review.image).toBeDefined();

    const fromA = await fetch(new URL(review.image!, a.url));
    const fromB = await fetch(new URL(review.image!, b.url));
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
  });
});
