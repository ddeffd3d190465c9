import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverErrorMessage } from '../../../src/server/errors.ts';
import { buildTestApp, type TestApp } from '../../support/build-test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({}, {});
  // A route that fails the way a bug would, to prove a 500 never leaks its details.
  await testApp.app.register(async (app) => {
    app.get('/api/test-only/crash', async () => {
      throw new Error('secret database detail');
    });
  });
});
afterAll(() => testApp.close());

describe('bad input never earns a 5xx', () => {
  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api'],
    ['GET', '/api/products/roasted-cashew-nuts/reviews'],
    ['DELETE', '/api/products'],
    ['POST', '/api/products'],
    ['PUT', '/api/products/roasted-cashew-nuts'],
    ['PATCH', '/healthz'],
  ] as const)('%s %s answers a JSON 404', async (method, url) => {
    const response = await testApp.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it.each([
    '/api/products?category=%E0%A4%A',
    '/api/products?query=<script>alert(1)</script>&category[]=x',
    '/api/products?%%%%',
    `/api/products?a=${'x'.repeat(5000)}`,
  ])('ignores odd query strings: %s', async (url) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
  });

  it('answers 400 with a message for a malformed escape in the path', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/products/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Bad request: the address could not be read' });
  });

  it('refuses a body over 100 KB with 413', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(101 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large' });
  });

  it('answers 400 to a body that claims to be JSON and is not', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/not valid JSON/);
  });

  it('hides the details of a real failure behind a generic 500 with a request id', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test-only/crash' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.message).toBe(serverErrorMessage);
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body).not.toContain('secret');
  });
});

describe('health', () => {
  it('answers ok once the database answers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
