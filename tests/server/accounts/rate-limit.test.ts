import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyAttemptsMessage } from '#server/plugins/app/attempt-limit';
import { authMessages } from '#server/features/accounts/messages';
import { attemptLimits } from '#server/features/accounts/routes';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { skipsBecause } from '#tests/skips';
import { testRedisUrl, trackRateLimitKeys } from '#tests/test-redis';

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

/** For the endpoints of a logged-in customer: the account `key` names, made at its first use. */
const customers = new Map<string, Promise<TestCustomer>>();
function customerFor(testApp: TestApp, key: string) {
  let customer = customers.get(key);
  if (!customer) {
    customer = insertCustomer(testApp, { email: `${key}@example.com` });
    customers.set(key, customer);
  }
  return customer;
}

/** One request to `endpoint` aimed at the account `key` (a logged-in customer's with a wrong password). */
async function attempt(testApp: TestApp, endpoint: Endpoint, key: string, remoteAddress: string) {
  const email = `${key}@example.com`;
  if (endpoint === 'changePassword' || endpoint === 'deleteAccount') {
    const headers = bearer((await customerFor(testApp, key)).token);
    return endpoint === 'changePassword'
      ? testApp.app.inject({
          method: 'PUT',
          url: '/api/auth/password',
          payload: { currentPassword: 'wrong', password: 'long-enough-1' },
          headers,
          remoteAddress,
        })
      : testApp.app.inject({
          method: 'DELETE',
          url: '/api/auth/me',
          payload: { password: 'wrong' },
          headers,
          remoteAddress,
        });
  }
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
    checkResetLink: { method: 'GET', url: `/api/auth/reset-password/${key}/check` },
  } as const;
  return testApp.app.inject({ ...requests[endpoint], remoteAddress });
}

function expectTooMany(response: Awaited<ReturnType<typeof attempt>>, message = tooManyAttemptsMessage) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ message });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

const endpoints = Object.keys(attemptLimits) as Endpoint[];
/**
 * Endpoints refused per account from every address together; for those naming an e-mail, from every address that
 * has never logged in to it (decision 102). Fresh addresses never have.
 */
const refusedPerAccount = endpoints.filter(
  (endpoint) =>
    attemptLimits[endpoint].perAccount !== undefined ||
    attemptLimits[endpoint].perAccountFromOtherNetworks !== undefined,
);
const perAccount = (endpoint: Endpoint) =>
  attemptLimits[endpoint].perAccount ?? attemptLimits[endpoint].perAccountFromOtherNetworks ?? Number.NaN;
const refusalOf = (endpoint: Endpoint) =>
  endpoint === 'login' ? authMessages.loginFromNewPlaceLimited : tooManyAttemptsMessage;

describe('rate limits (in memory)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimitFactor: FACTOR });
  });
  afterAll(() => testApp?.close());

  it('never refuses login per e-mail from every address: only from addresses that never logged in to it', () => {
    expect(attemptLimits.login.perAccount).toBeUndefined();
    expect(attemptLimits.login).toMatchObject({
      perAccountFromAddress: 10,
      perAccountFromOtherNetworks: 20,
      slowPerAccount: 10,
    });
  });

  it.each(refusedPerAccount)('%s: one account, tried from many addresses, is limited', async (endpoint) => {
    const key = newKey();
    for (let i = 0; i < allowed(perAccount(endpoint)); i += 1) {
      expect((await attempt(testApp, endpoint, key, newAddress())).statusCode).not.toBe(429);
    }
    expectTooMany(await attempt(testApp, endpoint, key, newAddress()), refusalOf(endpoint));
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
    for (let i = 0; i < allowed(perAccount('signup')); i += 1) await attempt(testApp, 'signup', key, newAddress());
    expectTooMany(await attempt(testApp, 'signup', key, newAddress()));
    expect((await attempt(testApp, 'forgotPassword', key, newAddress())).statusCode).toBe(200);
  });
});

describe('login limits: nobody can lock an owner out by naming their e-mail (RATE_LIMIT_FACTOR 1)', () => {
  const SLOWDOWN_MS = 1_000;
  /** Logins naming one e-mail before the next is slowed, and from one address before it is refused. */
  const COUNT = 10;
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimitFactor: 1, attemptSlowdownMs: SLOWDOWN_MS });
  });
  afterAll(() => testApp?.close());

  function login(email: string, password: string, remoteAddress: string) {
    return testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  }

  it('lets the owner log in from their own address after 10 wrong logins naming their e-mail from another', async () => {
    const owner = await insertCustomer(testApp);
    const attacker = newAddress();
    for (let i = 0; i < COUNT; i += 1) {
      expect((await login(owner.email, `wrong-guess-${i}`, attacker)).json()).toEqual({
        message: authMessages.badCredentials,
      });
    }
    const ownLogin = await login(owner.email, owner.password, newAddress());
    expect(ownLogin.statusCode).toBe(200);
    expect(ownLogin.json().user.email).toBe(owner.email);
  });

  it('refuses one address naming one e-mail past 10, and only that pair', async () => {
    const owner = await insertCustomer(testApp);
    const attacker = newAddress();
    for (let i = 0; i < COUNT; i += 1) {
      expect((await login(owner.email, `wrong-guess-${i}`, attacker)).statusCode).toBe(401);
    }
    expectTooMany(await login(owner.email, owner.password, attacker));
    // The same address may still try another e-mail (its own limit is 30), and the owner gets in from theirs.
    expect((await login(`${newKey()}@example.com`, 'long-enough-1', attacker)).statusCode).toBe(401);
    expect((await login(owner.email, owner.password, newAddress())).statusCode).toBe(200);
  });

  it('slows one e-mail past 10 logins from addresses that never logged in to it', async () => {
    const email = `${newKey()}@example.com`;
    for (let i = 0; i < COUNT; i += 1) {
      expect((await login(email, 'long-enough-1', newAddress())).statusCode).toBe(401);
    }

    // The e-mail past its count and another one, sent together: the other is answered first.
    const finished: string[] = [];
    const startedAt = performance.now();
    const [slowed, other] = await Promise.all([
      login(email, 'long-enough-1', newAddress()).then((answer) => {
        finished.push('slowed');
        return { answer, ms: performance.now() - startedAt };
      }),
      login(`${newKey()}@example.com`, 'long-enough-1', newAddress()).then((answer) => {
        finished.push('other');
        return answer;
      }),
    ]);
    expect(slowed.answer.statusCode).toBe(401);
    expect(other.statusCode).toBe(401);
    expect(finished).toEqual(['other', 'slowed']);
    // Timers never fire early by more than a millisecond's rounding.
    expect(slowed.ms).toBeGreaterThanOrEqual(SLOWDOWN_MS - 5);
  });
});

describe('rate limits when Redis is unreachable', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) is not a Redis anywhere we run.
    testApp = await buildTestApp({ rateLimitFactor: FACTOR, redisUrl: 'redis://127.0.0.1:9' });
  });
  afterAll(() => testApp?.close());

  it('lets customers through rather than locking everyone out', async () => {
    const key = newKey();
    for (let i = 0; i <= allowed(perAccount('verifyOtp')) + 1; i += 1) {
      expect((await attempt(testApp, 'verifyOtp', key, newAddress())).statusCode).toBe(404);
    }
  });
});

const noRedis = skipsBecause(
  !testRedisUrl,
  import.meta.filename,
  'rate limits shared in Redis: TEST_REDIS_URL is unset (npm test sets it to redis://127.0.0.1:6379/15 when Redis answers)',
);

describe.skipIf(noRedis)('rate limits in Redis (REDIS_URL)', () => {
  const apps: TestApp[] = [];
  let counters: Awaited<ReturnType<typeof trackRateLimitKeys>>;
  beforeAll(async () => {
    counters = await trackRateLimitKeys(testRedisUrl!, (key) => key.endsWith(':address:127.0.0.1'));
    for (let i = 0; i < 2; i += 1) apps.push(await buildTestApp({ rateLimitFactor: FACTOR, redisUrl: testRedisUrl }));
  });
  afterAll(async () => {
    for (const testApp of apps) await testApp.close();
    // Its counters are under random keys and addresses (10.x), never the loopback the two-process test counts.
    await counters?.removeAdded();
  });

  it('shares the counts between two server processes', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const key = newKey();
    const limit = allowed(perAccount('verifyOtp'));
    for (let i = 0; i < limit; i += 1) {
      const server = i % 2 === 0 ? first : second;
      expect((await attempt(server, 'verifyOtp', key, newAddress())).statusCode).toBe(404);
    }
    expectTooMany(await attempt(limit % 2 === 0 ? first : second, 'verifyOtp', key, newAddress()));
    expectTooMany(await attempt(first, 'verifyOtp', key, newAddress()));
    expectTooMany(await attempt(second, 'verifyOtp', key, newAddress()));
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
