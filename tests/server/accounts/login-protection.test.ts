/**
 * Per-account protection nobody can turn against the owner (decision 102), at RATE_LIMIT_FACTOR 1: logins naming one
 * e-mail from networks that never logged in to it are refused past 20, while the owner, from a network they logged in
 * from before (or reset their password from), still gets in; IPv6 is counted per /48; strangers' reset and signup
 * requests for an address leave its owner able to reset and sign up from their own network, and mail it at most 3
 * times. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#server/features/accounts/messages';
import { tooManyAttemptsMessage } from '#server/plugins/app/attempt-limit';
import { insertCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { resetTokenFrom, SmtpSink } from '#tests/smtp-sink';

const SLOWDOWN_MS = 20;
let sink: SmtpSink;
let testApp: TestApp;
beforeAll(async () => {
  sink = await SmtpSink.start();
  testApp = await buildTestApp({ smtpUrl: sink.url, rateLimitFactor: 1, attemptSlowdownMs: SLOWDOWN_MS });
});
afterAll(async () => {
  await testApp?.close();
  await sink?.stop();
});

/** An IPv4 client address no other test uses. */
function newAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

const post = (url: string, payload: object, remoteAddress: string) =>
  testApp.app.inject({ method: 'POST', url, payload, remoteAddress });
const login = (email: string, password: string, remoteAddress: string) =>
  post('/api/auth/login', { email, password }, remoteAddress);

describe('login', () => {
  it('refuses one e-mail past 20 logins from new networks, even with its password; the owner at home gets in', async () => {
    const owner = await insertCustomer(testApp);
    const home = newAddress();
    // That first login came from a network new to the account too: it was the first of the 20.
    expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);

    for (let i = 0; i < 19; i += 1) {
      expect((await login(owner.email, `guess-${i}-${randomBytes(3).toString('hex')}`, newAddress())).statusCode).toBe(
        401,
      );
    }
    const stranger = await login(owner.email, owner.password, newAddress());
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual({ message: authMessages.loginFromNewPlaceLimited });
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);

    const atHome = await login(owner.email, owner.password, home);
    expect(atHome.statusCode).toBe(200);
    expect(atHome.json().user.email).toBe(owner.email);
  });

  it('many guesses at once from new networks stop at the bound; the owner still gets in', async () => {
    const owner = await insertCustomer(testApp);
    const home = newAddress();
    expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(owner.email, `wrong-${i}-guess`, newAddress())),
    );
    const codes = answers.map((answer) => answer.statusCode);
    // The owner's first login from home was the first of the 20 from new networks.
    expect(codes.filter((code) => code === 401)).toHaveLength(19);
    expect(codes.filter((code) => code === 429)).toHaveLength(21);
    expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
  });

  it('counts IPv6 per /48: one allocation’s 65,536 /64s are one client', async () => {
    const prefix = `2001:db8:${randomInt(1, 0xffff).toString(16)}`;
    const inPrefix = (i: number) => `${prefix}:${i.toString(16)}::1`;
    for (let i = 0; i < 30; i += 1) {
      const email = `ipv6-${randomBytes(4).toString('hex')}@example.com`;
      expect((await login(email, 'not-this-one-1', inPrefix(i))).statusCode).toBe(401);
    }
    const refused = await login('ipv6-next@example.com', 'not-this-one-1', inPrefix(31));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: tooManyAttemptsMessage });
    // Another allocation is another client.
    expect((await login('ipv6-next@example.com', 'not-this-one-1', '2001:db8:ffff:1::1')).statusCode).toBe(401);
  });

  it('a password reset by the mailed link makes its network the owner’s: locked-out strangers do not lock them out', async () => {
    const owner = await insertCustomer(testApp);
    for (let i = 0; i < 21; i += 1) await login(owner.email, `wrong-guess-${i}`, newAddress());
    const travelling = newAddress();
    expect((await login(owner.email, owner.password, travelling)).statusCode).toBe(429);

    expect((await post('/api/auth/forgot-password', { email: owner.email }, travelling)).statusCode).toBe(200);
    const token = resetTokenFrom(await sink.nextMailTo(owner.email));
    const reset = await testApp.app.inject({
      method: 'PUT',
      url: `/api/auth/reset-password/${token}`,
      payload: { password: 'pecan-praline-71' },
      remoteAddress: travelling,
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(owner.email, 'pecan-praline-71', travelling)).statusCode).toBe(200);
  });
});

describe('per e-mail limits a stranger cannot spend', () => {
  it('five strangers’ resets leave the owner able to reset, and the owner is mailed at most three of theirs', async () => {
    const owner = await insertCustomer(testApp);
    const home = newAddress();
    expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);

    const strangers = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/auth/forgot-password', { email: owner.email }, newAddress())),
    );
    expect(strangers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(strangers.filter((answer) => answer.statusCode === 429)).toHaveLength(2);

    const own = await post('/api/auth/forgot-password', { email: owner.email }, home);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ message: authMessages.resetLinkSent });
    // Three mails from the strangers' requests, and the owner's own: the owner's link works.
    const mails = [];
    for (let i = 0; i < 4; i += 1) mails.push(await sink.nextMailTo(owner.email));
    const newest = resetTokenFrom(mails[3]!);
    const reset = await testApp.app.inject({
      method: 'PUT',
      url: `/api/auth/reset-password/${newest}`,
      payload: { password: 'cashew-clusters-19' },
      remoteAddress: home,
    });
    expect(reset.statusCode).toBe(200);
    await sink.nextMailTo(owner.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.mailsTo(owner.email)).toHaveLength(5);
  });

  it('five strangers’ signups with an address leave its owner able to sign up from their own network', async () => {
    const owner = await insertCustomer(testApp);
    const home = newAddress();
    expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
    const signup = (remoteAddress: string) =>
      post('/api/auth/signup', { name: 'Someone', email: owner.email, password: 'dried-apricot-43' }, remoteAddress);
    for (let i = 0; i < 5; i += 1) expect((await signup(newAddress())).statusCode).toBe(201);
    expect((await signup(newAddress())).statusCode).toBe(429);
    expect((await signup(home)).statusCode).toBe(201);
  });
});
