import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginRequiredMessage, sessionEndedMessage } from '#server/features/accounts/auth';
import { bearer, insertCustomer } from '#tests/accounts';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '#tests/build-test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

function me(headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers });
}

function sign(
  claims: { sub: string; ver: number },
  {
    secret = TEST_JWT_SECRET,
    expiresAt = '1h' as string | number,
    issuer = 'roastandco',
    audience = 'roastandco-shop',
  } = {},
) {
  return new SignJWT({ ver: claims.ver })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));
}

describe('GET /api/auth/me', () => {
  it('answers the customer for a live token', async () => {
    const customer = await insertCustomer(testApp, { name: 'Mary Somerville' });
    const response = await me(bearer(customer.token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { _id: customer.id, name: 'Mary Somerville', email: customer.email, role: 'customer' },
    });
  });

  it.each([
    ['no Authorization header', {}],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('asks to log in with %s', async (_label, headers) => {
    const response = await me(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: loginRequiredMessage });
  });

  it('refuses a token that is not a token', async () => {
    const response = await me(bearer('not.a.token'));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: sessionEndedMessage });
  });

  it('refuses a token signed with another secret', async () => {
    const customer = await insertCustomer(testApp);
    const forged = await sign({ sub: customer.id, ver: 0 }, { secret: 'somebody-elses-secret-0123456789abcdef' });
    expect((await me(bearer(forged))).statusCode).toBe(401);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const customer = await insertCustomer(testApp);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: customer.id, ver: 0, iss: 'roastandco', aud: 'roastandco-shop', exp })}.`;
    expect((await me(bearer(unsigned))).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const customer = await insertCustomer(testApp);
    const expired = await sign({ sub: customer.id, ver: 0 }, { expiresAt: Math.floor(Date.now() / 1000) - 10 });
    const response = await me(bearer(expired));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: sessionEndedMessage });
  });

  it('refuses a token made for another audience', async () => {
    const customer = await insertCustomer(testApp);
    expect((await me(bearer(await sign({ sub: customer.id, ver: 0 }, { audience: 'admin' })))).statusCode).toBe(401);
  });

  it('refuses the token of a deleted account', async () => {
    const customer = await insertCustomer(testApp);
    expect((await me(bearer(customer.token))).statusCode).toBe(200);
    await testApp.app.db.execute(sql`delete from users where id = ${customer.id}`);
    const response = await me(bearer(customer.token));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: sessionEndedMessage });
  });

  it('refuses a token issued before the last password change', async () => {
    const customer = await insertCustomer(testApp);
    await testApp.app.db.execute(sql`update users set token_version = token_version + 1 where id = ${customer.id}`);
    expect((await me(bearer(customer.token))).statusCode).toBe(401);
  });

  it('issues tokens that last 7 days', async () => {
    const customer = await insertCustomer(testApp);
    const [, payload] = (customer.token ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
    expect(claims.sub).toBe(customer.id);
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
  });
});
