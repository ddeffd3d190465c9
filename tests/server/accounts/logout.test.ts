/**
 * Sessions kept on the server (decision 101): logging out ends that token and no other; a staff or admin session ends
 * after 30 minutes without a request and 12 hours after login, a shopper's keeps its 7 days. Times are moved in the
 * database rather than waited for. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginRequiredMessage, sessionEndedMessage } from '#server/features/accounts/auth';
import { authMessages } from '#server/features/accounts/messages';
import { bearer, insertCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { queryRows } from '#tests/db';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

const me = (token: string | undefined) =>
  testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const logout = (token: string | undefined) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
const login = (email: string, password: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

async function loggedIn(email: string, password: string): Promise<string> {
  const response = await login(email, password);
  expect(response.statusCode).toBe(200);
  return response.json().token;
}

/** Moves a session's stored times back, as if `idleMinutes` had passed since its last request and `ageMinutes` since login. */
async function age(token: string, { idleMinutes, ageMinutes }: { idleMinutes: number; ageMinutes: number }) {
  const sessionId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).jti as string;
  await testApp.app.db.execute(
    sql`update sessions set last_seen_at = now() - make_interval(mins => ${idleMinutes}::int),
        created_at = now() - make_interval(mins => ${ageMinutes}::int) where id = ${sessionId}`,
  );
}

describe('POST /api/auth/logout', () => {
  it('ends the session on the server: that token is refused afterwards, another device stays logged in', async () => {
    const customer = await insertCustomer(testApp);
    const phone = await loggedIn(customer.email, customer.password);
    const laptop = await loggedIn(customer.email, customer.password);

    const answer = await logout(phone);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: authMessages.loggedOut });
    expect(answer.headers['cache-control']).toBe('no-store');

    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(phone)).json()).toEqual({ message: sessionEndedMessage });
    expect((await logout(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it('asks to log in without a token, and refuses one that is not a session', async () => {
    expect((await logout(undefined)).json()).toEqual({ message: loginRequiredMessage });
    expect((await logout('not.a.token')).statusCode).toBe(401);
  });

  it('many logouts of one token at once: all answered, none a 5xx, the token refused after', async () => {
    const customer = await insertCustomer(testApp);
    const token = await loggedIn(customer.email, customer.password);
    const answers = await Promise.all(Array.from({ length: 20 }, () => logout(token)));
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 401)).toBe(true);
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('keeps nothing of a session a password change ended', async () => {
    const customer = await insertCustomer(testApp);
    const other = await loggedIn(customer.email, customer.password);
    const changed = await testApp.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(customer.token),
      payload: { currentPassword: customer.password, password: 'hazelnut-brittle-77' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(changed.json().token)).statusCode).toBe(200);
    const rows = await queryRows(testApp, sql`select id from sessions where user_id = ${customer.id}`);
    expect(rows).toHaveLength(1);
  });
});

describe('staff and admin sessions', () => {
  it.each(['staff', 'admin'] as const)('a %s session ends after 30 minutes without a request', async (role) => {
    const member = await insertCustomer(testApp, { role });
    const token = await loggedIn(member.email, member.password);
    await age(token, { idleMinutes: 29, ageMinutes: 29 });
    expect((await me(token)).statusCode).toBe(200);
    // That request counted: the session was last seen just now.
    const [seen] = await queryRows<{ idle: number }>(
      testApp,
      sql`select extract(epoch from now() - last_seen_at)::float8 as idle from sessions s join users u on u.id = s.user_id where u.email = ${member.email} order by s.created_at limit 1`,
    );
    expect(Number(seen?.idle)).toBeLessThan(60);
    await age(token, { idleMinutes: 31, ageMinutes: 89 });
    const ended = await me(token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ message: sessionEndedMessage });
    // A new login works at once.
    expect((await me(await loggedIn(member.email, member.password))).statusCode).toBe(200);
  });

  it('a staff session ends 12 hours after login, however busy', async () => {
    const member = await insertCustomer(testApp, { role: 'staff' });
    const token = await loggedIn(member.email, member.password);
    await age(token, { idleMinutes: 1, ageMinutes: 11 * 60 + 59 });
    expect((await me(token)).statusCode).toBe(200);
    await age(token, { idleMinutes: 1, ageMinutes: 12 * 60 + 1 });
    expect((await me(token)).statusCode).toBe(401);
  });

  it("a shopper's session is not ended by a quiet hour or a day", async () => {
    const customer = await insertCustomer(testApp);
    const token = await loggedIn(customer.email, customer.password);
    await age(token, { idleMinutes: 24 * 60, ageMinutes: 24 * 60 });
    expect((await me(token)).statusCode).toBe(200);
  });
});
