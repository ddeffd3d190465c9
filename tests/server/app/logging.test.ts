/**
 * What the operator reads in the log: each kind of client mistake is one line of ours at info, naming what
 * was refused; a real failure is one line at error that carries the request id the shopper was given.
 * Fastify's own per-request lines are left out on purpose (their level and presence are a setting), so
 * only lines this shop writes can make these tests pass.
 */
import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

const INFO = 30;
const ERROR = 50;

const lines: LogLine[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
    done();
  },
});

// Routes that exist only in this test: one whose input a schema refuses, one that fails as a bug would.
const testOnlyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/test-only/page',
    { schema: { querystring: z.object({ page: z.coerce.number().int().positive() }) } },
    async () => ({}),
  );
  app.get('/api/test-only/crash', async () => {
    throw new Error('secret database detail');
  });
};

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({}, { logger: { level: 'info', stream: logStream } });
  await testApp.app.register(testOnlyRoutes);
  await testApp.app.ready();
});
afterAll(() => testApp.close());
beforeEach(() => {
  lines.length = 0;
});

const linesSaying = (msg: string) => lines.filter((line) => line.msg === msg);
const linesAbove = (level: number) => lines.filter((line) => line.level > level);

describe('a client’s mistake is logged once, at info, saying what was refused', () => {
  it.each<{ mistake: string; request: InjectOptions; status: number; msg: string; fields: Record<string, unknown> }>([
    {
      mistake: 'an address with a malformed %-escape',
      request: { method: 'GET', url: '/api/products/%E0%A4%A' },
      status: 400,
      msg: 'rejected malformed request',
      fields: { url: '/api/products/%E0%A4%A', code: expect.any(String) },
    },
    {
      mistake: 'an unknown API path',
      request: { method: 'GET', url: '/api/no-such-thing' },
      status: 404,
      msg: 'no such route',
      fields: { method: 'GET', url: '/api/no-such-thing' },
    },
    {
      mistake: 'a body that claims to be JSON and is not',
      request: {
        method: 'POST',
        url: '/api/products',
        headers: { 'content-type': 'application/json' },
        payload: '{"broken": ',
      },
      status: 400,
      msg: 'rejected client request',
      fields: { status: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' },
    },
    {
      mistake: 'a body over the size limit',
      request: {
        method: 'POST',
        url: '/api/products',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ padding: 'x'.repeat(101 * 1024) }),
      },
      status: 413,
      msg: 'rejected client request',
      fields: { status: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' },
    },
    {
      mistake: 'input the route’s schema refuses',
      request: { method: 'GET', url: '/api/test-only/page?page=-3' },
      status: 400,
      msg: 'rejected invalid request',
      fields: { errors: [{ field: 'page', message: expect.any(String) }] },
    },
  ])('$mistake → $status, logged as $msg', async ({ request, status, msg, fields }) => {
    const response = await testApp.app.inject(request);
    expect(response.statusCode).toBe(status);

    const ours = linesSaying(msg);
    expect(ours, `one “${msg}” line`).toHaveLength(1);
    expect(ours[0]).toMatchObject({ level: INFO, reqId: expect.any(String), ...fields });
    expect(linesAbove(INFO), 'nothing logged above info').toEqual([]);
  });

  it('an unknown product is answered 404 without a warning or an error in the log', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/products/not-a-product' });
    expect(response.statusCode).toBe(404);
    expect(linesAbove(INFO)).toEqual([]);
  });
});

describe('a real failure', () => {
  it('is logged once at error with its stack, under the request id the answer gives the shopper', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test-only/crash' });
    expect(response.statusCode).toBe(500);
    const { requestId } = response.json<{ requestId: string }>();

    const failures = linesSaying('request failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      level: ERROR,
      reqId: requestId,
      err: { message: 'secret database detail', stack: expect.stringContaining('secret database detail') },
    });
  });
});
