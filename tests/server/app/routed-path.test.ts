/**
 * Cache and security rules follow the path as routed (decision 105): a percent-encoded API address, which the router
 * decodes and answers as the API, gets the API's `no-store` and security headers, as the plain address does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSecurityHeaders } from '#server/lib/security-headers';
import { bearer, insertCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

describe('an encoded API address', () => {
  it.each(['/%61pi/auth/me', '/ap%69/auth/me', '/%61%70%69/auth/%6De', '/api/auth/%6de?x=1'])(
    '%s answers the customer with no-store and the API headers',
    async (url) => {
      const customer = await insertCustomer(testApp);
      const response = await testApp.app.inject({ method: 'GET', url, headers: bearer(customer.token) });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(customer.email);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toBe(apiSecurityHeaders['content-security-policy']);
    },
  );

  it('keeps no-store on a refusal and on the health check', async () => {
    const refused = await testApp.app.inject({ method: 'GET', url: '/%61pi/auth/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const health = await testApp.app.inject({ method: 'GET', url: '/%68ealthz' });
    expect(health.headers['content-security-policy']).toBe(apiSecurityHeaders['content-security-policy']);
  });
});
