import { randomBytes, randomInt } from 'node:crypto';
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyAttemptsMessage } from '../../../src/server/plugins/external/rate-limit.ts';
import { attemptLimits } from '../../../src/server/routes/api/auth/index.ts';
import { buildTestApp, type TestApp } from '../../support/build-test-app.ts';

const FACTOR = 0.2;
const allowed = (max: number) => Math.max(1, Math.round(max * FACTOR));

/** A client address no other test uses. */
function newAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

function newKey(): string {
  return `rl-${randomBytes(5).toString('hex')}`;
}

type Endpoint = keyof typeof attemptLimits;

/** One request to `endpoint` aimed at the account `key`. */
function attempt(testApp: TestApp, endpoint: Endpoint, key: string, remoteAddress: string) {
  const email = `${key}@example.com`;
  const requests = {
    signup: {
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Rate Test', email, password: 'long-enough-1' },
    },
    login: { method: 'POST', url: '/api/auth/login', payload: { email, password: 'long-enough-1' } },
    verifyOtp: { method: 'POST', url: '/api/auth/verify-otp', payload: { userId: key, otp: '123456' } },
    resendOtp: { method: 'POST', url: '/api/auth/resend-otp', payload: { userId: key } },
    forgotPassword: { method: 'POST', url: '/api/auth/forgot-password', payload: { email } },
    resetPassword: { method: 'PUT', url: `/api/auth/reset-password/${key}`, payload: { password: 'long-enough-1' } },
  } as const;
  return testApp.app.inject({ ...requests[endpoint], remoteAddress });
}

function expectTooMany(response: Awaited<ReturnType<typeof attempt>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ message: tooManyAttemptsMessage });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

const endpoints = Object.keys(attemptLimits) as Endpoint[];

describe('rate limits (in memory)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimitFactor: FACTOR });
  });
  afterAll(() => testApp?.close());

  it.each(endpoints)('%s: one account, tried from many addresses, is limited', async (endpoint) => {
    const key = newKey();
    for (let i = 0; i < allowed(attemptLimits[endpoint].perAccount); i += 1) {
      expect((await attempt(testApp, endpoint, key, newAddress())).statusCode).not.toBe(429);
    }
    expectTooMany(await attempt(testApp, endpoint, key, newAddress()));
    // Another account from a fresh address is unaffected.
    expect((await attempt(testApp, endpoint, newKey(), newAddress())).statusCode).not.toBe(429);
  });

  it.each(endpoints)('%s: one address, trying many accounts, is limited', async (endpoint) => {
    const address = newAddress();
    for (let i = 0; i < allowed(attemptLimits[endpoint].perAddress); i += 1) {
      expect((await attempt(testApp, endpoint, newKey(), address)).statusCode).not.toBe(429);
    }
    expectTooMany(await attempt(testApp, endpoint, newKey(), address));
    expect((await attempt(testApp, endpoint, newKey(), newAddress())).statusCode).not.toBe(429);
  });

  it('counts each endpoint apart', async () => {
    const key = newKey();
    for (let i = 0; i <= allowed(attemptLimits.login.perAccount); i += 1)
      await attempt(testApp, 'login', key, newAddress());
    expectTooMany(await attempt(testApp, 'login', key, newAddress()));
    expect((await attempt(testApp, 'forgotPassword', key, newAddress())).statusCode).toBe(200);
  });
});

async function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
    socket.connect(6379, '127.0.0.1');
  });
}

describe('rate limits when Redis is unreachable', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) is not a Redis anywhere we run.
    testApp = await buildTestApp({ rateLimitFactor: FACTOR, redisUrl: 'redis://127.0.0.1:9' });
  });
  afterAll(() => testApp?.close());

  it('lets customers through rather than locking everyone out', async () => {
    const key = newKey();
    for (let i = 0; i <= allowed(attemptLimits.login.perAccount) + 1; i += 1) {
      expect((await attempt(testApp, 'login', key, newAddress())).statusCode).toBe(401);
    }
  });
});

describe.runIf(await redisAnswers())('rate limits in Redis (REDIS_URL)', () => {
  const apps: TestApp[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1)
      apps.push(await buildTestApp({ rateLimitFactor: FACTOR, redisUrl: 'redis://127.0.0.1:6379' }));
  });
  afterAll(async () => {
    for (const testApp of apps) await testApp.close();
  });

  it('shares the counts between two server processes', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const key = newKey();
    const perAccount = allowed(attemptLimits.login.perAccount);
    for (let i = 0; i < perAccount; i += 1) {
      const server = i % 2 === 0 ? first : second;
      expect((await attempt(server, 'login', key, newAddress())).statusCode).toBe(401);
    }
    expectTooMany(await attempt(perAccount % 2 === 0 ? first : second, 'login', key, newAddress()));
    expectTooMany(await attempt(first, 'login', key, newAddress()));
    expectTooMany(await attempt(second, 'login', key, newAddress()));
  });

  it('limits an address across both servers', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const address = newAddress();
    for (let i = 0; i < allowed(attemptLimits.signup.perAddress); i += 1) {
      expect((await attempt(i % 2 === 0 ? first : second, 'signup', newKey(), address)).statusCode).toBe(201);
    }
    expectTooMany(await attempt(second, 'signup', newKey(), address));
  });
});
