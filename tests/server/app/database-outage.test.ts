/**
 * PostgreSQL stopping under load and starting again (docs/deployment.md): while it is away every request that needs it is
 * answered at once with 503 and the error shape `{ message }` (docs/api.md, Errors) (no hang, no 500, no stack), `/healthz` says
 * unavailable, and once it is back the pool recovers by itself. The database's port is a proxy the test cuts, so the
 * PostgreSQL server the other tests share keeps running. PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { databaseUnavailableMessage } from '#server/errors';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestAppOnDatabase, createTestDatabase, type TestApp, type TestDatabase } from '#tests/build-test-app';
import { startTcpProxy, type TcpProxy } from '#tests/tcp-proxy';

const postgresUrl = process.env.TEST_DATABASE_URL;
/**
 * Longest a request may take while the database is away: the pool's connection time-out (5 s) and a margin wide enough
 * for a machine busy with other suites; a request left hanging would still cross it.
 */
const ANSWER_WITHIN_MS = 12_000;

describe.skipIf(!postgresUrl)('PostgreSQL stopped under load and started again', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let testApp: TestApp;
  let customer: TestCustomer;

  beforeAll(async () => {
    database = await createTestDatabase(postgresUrl!);
    const real = new URL(database.url);
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const throughProxy = new URL(database.url);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    testApp = await buildTestAppOnDatabase(throughProxy.toString());
    customer = await insertCustomer(testApp);
  }, 60_000);

  afterAll(async () => {
    await testApp?.close();
    await proxy?.close();
    await database?.drop();
  });

  /** A mix of what shoppers ask of the database: their cart, adding to it, their orders, a message. */
  function shopperRequest(index: number): Promise<LightMyRequestResponse> {
    const headers = bearer(customer.token);
    switch (index % 4) {
      case 0:
        return testApp.app.inject({ method: 'GET', url: '/api/cart', headers });
      case 1:
        return testApp.app.inject({
          method: 'POST',
          url: '/api/cart/add',
          headers,
          payload: { _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '250g' },
        });
      case 2:
        return testApp.app.inject({ method: 'GET', url: '/api/orders/my-orders', headers });
      default:
        return testApp.app.inject({
          method: 'POST',
          url: '/api/contact/submit',
          payload: { name: 'Grace Hopper', email: 'grace@example.com', phone: '', message: 'Still open?' },
        });
    }
  }

  async function timed(request: Promise<LightMyRequestResponse>) {
    const started = performance.now();
    const response = await request;
    return { response, ms: performance.now() - started };
  }

  it('answers 503 with a message meanwhile, says so on /healthz, and recovers when it is back', async () => {
    // Load first, so the pool holds live connections when the database goes.
    const warm = await Promise.all(Array.from({ length: 20 }, (_, index) => shopperRequest(index)));
    for (const { statusCode } of warm) expect(statusCode).toBeLessThan(300);

    const inFlight = Array.from({ length: 40 }, (_, index) => timed(shopperRequest(index)));
    await proxy.cut();
    const during = [...(await Promise.all(inFlight))];
    for (let round = 0; round < 3; round++) {
      during.push(...(await Promise.all(Array.from({ length: 20 }, (_, index) => timed(shopperRequest(index))))));
    }
    const refused = during.filter(({ response }) => response.statusCode === 503);
    expect(refused.length).toBeGreaterThan(40);
    for (const { response, ms } of during) {
      expect([200, 201, 503], response.body).toContain(response.statusCode);
      expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    for (const { response } of refused) {
      expect(response.json()).toEqual({ message: databaseUnavailableMessage });
      expect(response.headers['retry-after']).toBeDefined();
    }
    const health = await timed(testApp.app.inject({ method: 'GET', url: '/healthz' }));
    expect(health.response.statusCode).toBe(503);
    expect(health.ms).toBeLessThan(ANSWER_WITHIN_MS);

    await proxy.restore();
    const deadline = Date.now() + 10_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline) {
      healthy = (await testApp.app.inject({ method: 'GET', url: '/healthz' })).statusCode === 200;
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(healthy).toBe(true);
    const after = await Promise.all(Array.from({ length: 20 }, (_, index) => shopperRequest(index)));
    for (const { statusCode } of after) expect(statusCode).toBeLessThan(300);
  }, 60_000);
});
