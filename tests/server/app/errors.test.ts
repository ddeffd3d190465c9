import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverErrorMessage } from '#server/errors';
import { buildTestApp, type TestApp } from '#tests/build-test-app';

let testApp: TestApp;
let distDir: string;
beforeAll(async () => {
  // A stand-in for the built web app, so page addresses are served as they are in production.
  distDir = await mkdtemp(path.join(os.tmpdir(), 'roast-errors-dist-'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  testApp = await buildTestApp({ webDistDir: distDir }, {});
  // A route that fails the way a bug would, to prove a 500 never leaks its details.
  await testApp.app.register(async (app) => {
    app.get('/api/test-only/crash', async () => {
      throw new Error('secret database detail');
    });
  });
});
afterAll(async () => {
  await testApp.close();
  await rm(distDir, { recursive: true, force: true });
});

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

// No route reads a query string yet, but Fastify parses the query of every request before any route runs:
// whatever a client puts there must leave every kind of answer exactly as it is without it.
describe('a query string, parsed for every request, changes no answer', () => {
  const routes = [
    ['the product list', '/api/products'],
    ['a product', '/api/products/roasted-cashew-nuts'],
    ['the health check', '/healthz'],
    ['an unknown API path', '/api/nope'],
    ['a page', '/product'],
  ] as const;
  const oddQueries = [
    ['a malformed escape', 'category=%E0%A4%A'],
    ['markup and brackets', 'query=<script>alert(1)</script>&category[]=x'],
    ['bare percent signs', '%%%%'],
    ['prototype keys', '__proto__[admin]=1&constructor[prototype][admin]=1'],
    ['a repeated key', 'category=Nuts&category=Seeds'],
    ['5,000 characters', `a=${'x'.repeat(5000)}`],
  ] as const;

  it.each(routes.flatMap(([kind, url]) => oddQueries.map(([odd, query]) => [kind, url, odd, query] as const)))(
    '%s (%s) with %s',
    async (_kind, url, _odd, query) => {
      const plain = await testApp.app.inject({ method: 'GET', url });
      const withQuery = await testApp.app.inject({ method: 'GET', url: `${url}?${query}` });
      expect(withQuery.statusCode).toBeLessThan(500);
      expect(withQuery.statusCode).toBe(plain.statusCode);
      expect(withQuery.headers['content-type']).toBe(plain.headers['content-type']);
      expect(withQuery.body).toBe(plain.body);
    },
  );
});

describe('health', () => {
  it('answers ok once the database answers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 while the database does not answer, so a load balancer stops sending shoppers', async () => {
    vi.spyOn(testApp.app.db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
  });
});
