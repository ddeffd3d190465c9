/**
 * The second login step of staff and admin accounts (decision 103): setting it up (a secret, the first code, the
 * recovery codes), login without, with a wrong, a fresh and a replayed code, a recovery code working once, a shopper
 * refused, and turning it off. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#server/features/accounts/messages';
import { turnOffSecondStep } from '#server/features/accounts/index';
import { totpMessages } from '#server/features/accounts/totp';
import { RECOVERY_CODE_COUNT } from '#shared/schemas/totp';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestApp, buildTestAppsOnOneDatabase, type TestApp } from '#tests/build-test-app';
import { queryRows } from '#tests/db';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

type Method = 'GET' | 'POST' | 'DELETE';
function call(method: Method, url: string, token: string | undefined, payload?: object, remoteAddress?: string) {
  return testApp.app.inject({
    method,
    url,
    headers: token === undefined ? {} : bearer(token),
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}
const status = (token?: string) => call('GET', '/api/auth/totp', token);
const start = (token?: string) => call('POST', '/api/auth/totp/start', token, {});
const confirm = (token: string | undefined, code: unknown) => call('POST', '/api/auth/totp/confirm', token, { code });
const turnOff = (token: string | undefined, password: string, code: string) =>
  call('DELETE', '/api/auth/totp', token, { password, code });
const login = (person: TestCustomer, totp?: string, remoteAddress?: string) =>
  call(
    'POST',
    '/api/auth/login',
    undefined,
    { email: person.email, password: person.password, ...(totp === undefined ? {} : { totp }) },
    remoteAddress,
  );

const now = () => Math.floor(Date.now() / 1000);
/** The code for the time step `offset` steps from now (one either side is accepted). */
const codeFor = (secret: string, offset = 0) => generate({ secret, epoch: now() + offset * 30 });

/** An admin (or staff) with the second step on: its secret and recovery codes. */
async function enrolled(role: 'admin' | 'staff' = 'admin') {
  const person = await insertCustomer(testApp, { role, name: 'Grace Hopper' });
  const started = await start(person.token);
  expect(started.statusCode).toBe(200);
  const { secret } = started.json();
  // The step before now: codes of now and after stay fresh for the test.
  const confirmed = await confirm(person.token, await codeFor(secret, -1));
  expect(confirmed.statusCode).toBe(200);
  return { person, secret, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

describe('setting up the second step', () => {
  it('answers a new secret as an otpauth address and as text, not in force until a code confirms it', async () => {
    const admin = await insertCustomer(testApp, { role: 'admin' });
    expect((await status(admin.token)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const started = await start(admin.token);
    expect(started.statusCode).toBe(200);
    const { secret, uri } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const address = new URL(uri);
    expect(address.protocol).toBe('otpauth:');
    expect(address.host).toBe('totp');
    expect(address.searchParams.get('secret')).toBe(secret);
    expect(address.searchParams.get('issuer')).toBe('Roast & Co.');
    expect(decodeURIComponent(address.pathname)).toContain(admin.email);

    // Not on yet: login still needs only the password.
    expect((await login(admin)).statusCode).toBe(200);
    expect((await status(admin.token)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const wrong = await confirm(admin.token, (Number(await codeFor(secret)) + 1).toString().padStart(6, '0').slice(-6));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: totpMessages.wrongCode,
      errors: [{ field: 'code', message: totpMessages.wrongCode }],
    });

    const confirmed = await confirm(admin.token, await codeFor(secret));
    expect(confirmed.statusCode).toBe(200);
    const { message, recoveryCodes } = confirmed.json();
    expect(message).toBe(totpMessages.turnedOn);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await status(admin.token)).json()).toEqual({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });

    // On: a second setup is refused until it is turned off.
    const again = await start(admin.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: totpMessages.alreadyOn });
  });

  it('keeps neither the secret nor the recovery codes as they are in the database', async () => {
    const { person, secret, recoveryCodes } = await enrolled();
    const stored = await queryRows<{ sealed_secret: string }>(
      testApp,
      sql`select sealed_secret from totp_credentials where user_id = ${person.id}`,
    );
    expect(stored[0]?.sealed_secret).toBeDefined();
    expect(stored[0]?.sealed_secret).not.toContain(secret);
    const hashes = await queryRows<{ code_hash: string }>(
      testApp,
      sql`select code_hash from totp_recovery_codes where user_id = ${person.id}`,
    );
    expect(hashes).toHaveLength(RECOVERY_CODE_COUNT);
    const plain = recoveryCodes.flatMap((code) => [code, code.replace('-', '')]);
    for (const { code_hash } of hashes) expect(plain).not.toContain(code_hash);
  });

  it('is open to staff, and refused to a shopper with a message', async () => {
    await enrolled('staff');
    const shopper = await insertCustomer(testApp);
    for (const response of [await start(shopper.token), await confirm(shopper.token, '123456')]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: totpMessages.staffOnly });
    }
    expect((await login(shopper)).statusCode).toBe(200);
  });

  it('asks to log in without a session, and names a code that is not six digits', async () => {
    expect((await start()).statusCode).toBe(401);
    const admin = await insertCustomer(testApp, { role: 'admin' });
    const notStarted = await confirm(admin.token, '123456');
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json()).toEqual({ message: totpMessages.notStarted });
    const badCode = await confirm(admin.token, '12ab');
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors).toEqual([
      { field: 'code', message: 'Please enter the 6-digit code from your authenticator app.' },
    ]);
  });
});

describe('logging in with the second step on', () => {
  it('asks for the code until a right one comes, then logs in', async () => {
    const { person, secret } = await enrolled();

    const without = await login(person);
    expect(without.statusCode).toBe(401);
    expect(without.json()).toEqual({ message: totpMessages.codeRequired, totpRequired: true });
    expect(without.headers['cache-control']).toBe('no-store');

    const wrongCode = String((Number(await codeFor(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const wrong = await login(person, wrongCode);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: totpMessages.wrongCode, totpRequired: true });

    const right = await login(person, await codeFor(secret));
    expect(right.statusCode).toBe(200);
    const { user, token } = right.json();
    expect(user.email).toBe(person.email);
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
  });

  it('refuses a code once it has been used, and an older one after it', async () => {
    const { person, secret } = await enrolled();
    const code = await codeFor(secret, 1);
    expect((await login(person, code)).statusCode).toBe(200);
    const replayed = await login(person, code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ message: totpMessages.usedCode, totpRequired: true });
    expect((await login(person, await codeFor(secret))).json()).toEqual({
      message: totpMessages.usedCode,
      totpRequired: true,
    });
  });

  it('lets one of twenty logins at once through with the same code', async () => {
    const { person, secret } = await enrolled();
    const code = await codeFor(secret);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(person, code, `198.51.100.${i + 1}`)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(19);
  });

  it('takes a recovery code in the same field, once', async () => {
    const { person, recoveryCodes } = await enrolled('staff');
    const [first, second] = recoveryCodes;
    // Typed as people do: capitals, spaces.
    const typed = ` ${first!.toUpperCase().replace('-', ' ')} `;
    expect((await login(person, typed)).statusCode).toBe(200);
    const again = await login(person, first);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: totpMessages.wrongCode, totpRequired: true });
    expect((await status((await login(person, second)).json().token)).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT - 2,
    });
  });

  it('lets one of twenty logins at once through with the same recovery code', async () => {
    const { person, recoveryCodes } = await enrolled();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(person, recoveryCodes[0], `203.0.113.${i + 1}`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
  });

  it('answers a wrong password as before, never saying a code is wanted', async () => {
    const { person, secret } = await enrolled();
    for (const totp of [undefined, await codeFor(secret)]) {
      const response = await login({ ...person, password: 'not-the-password' }, totp);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: authMessages.badCredentials });
    }
  });

  it('counts wrong codes against the login limits', async () => {
    const limited = await buildTestApp({ rateLimitFactor: 1 });
    try {
      const admin = await insertCustomer(limited, { role: 'admin' });
      const started = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/totp/start',
        headers: bearer(admin.token),
        payload: {},
      });
      const secret = started.json().secret;
      const code = await generate({ secret, epoch: now() - 30 });
      const confirmed = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/totp/confirm',
        headers: bearer(admin.token),
        payload: { code },
      });
      expect(confirmed.statusCode).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: admin.email, password: admin.password, totp: '000000' },
        });
        statuses.push(response.statusCode);
      }
      // Ten a quarter hour for one account from one address (docs/api.md, Limits), then 429.
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('turning the second step off', () => {
  it('needs the password and a current code, then login needs only the password', async () => {
    const { person, secret } = await enrolled();
    const wrongPassword = await turnOff(person.token, 'not-the-password', await codeFor(secret));
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      message: totpMessages.wrongPassword,
      errors: [{ field: 'password', message: totpMessages.wrongPassword }],
    });
    const wrongCode = await turnOff(person.token, person.password, '000000');
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json().errors).toEqual([{ field: 'code', message: totpMessages.wrongCode }]);
    expect((await login(person)).json().totpRequired).toBe(true);

    const off = await turnOff(person.token, person.password, await codeFor(secret));
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: totpMessages.turnedOff });
    expect((await status(person.token)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await login(person)).statusCode).toBe(200);
    const notOn = await turnOff(person.token, person.password, '123456');
    expect(notOn.statusCode).toBe(409);
    expect(notOn.json()).toEqual({ message: totpMessages.notOn });
  });

  it('takes a recovery code in place of a code, for a lost phone', async () => {
    const { person, recoveryCodes } = await enrolled();
    const off = await turnOff(person.token, person.password, recoveryCodes[3]!);
    expect(off.statusCode).toBe(200);
    expect((await login(person)).statusCode).toBe(200);
  });
});

describe('after the session secret changed', () => {
  it('refuses the step with 401 and a way out, not a 500, and npm run totp:off lets the password in again', async () => {
    const shop = await buildTestAppsOnOneDatabase([{}, { jwtSecret: 'a-rotated-session-secret-0123456789abcdef' }]);
    try {
      const [before, after] = shop.apps as [TestApp, TestApp];
      const admin = await insertCustomer(before, { role: 'admin' });
      const asked = (app: TestApp, url: string, payload: object) =>
        app.app.inject({ method: 'POST', url, headers: bearer(admin.token), payload });
      const { secret } = (await asked(before, '/api/auth/totp/start', {})).json();
      expect((await asked(before, '/api/auth/totp/confirm', { code: await codeFor(secret, -1) })).statusCode).toBe(200);

      const loginAfter = (totp?: string) =>
        after.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: admin.email, password: admin.password, ...(totp === undefined ? {} : { totp }) },
        });
      for (const code of [await codeFor(secret), 'abcde-fghjk']) {
        const refused = await loginAfter(code);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({ message: totpMessages.unreadable });
      }

      expect(await turnOffSecondStep(after.app.db, admin.email)).toBe('off');
      expect(await turnOffSecondStep(after.app.db, admin.email)).toBe('none');
      expect((await loginAfter()).statusCode).toBe(200);
    } finally {
      await shop.close();
    }
  });
});
