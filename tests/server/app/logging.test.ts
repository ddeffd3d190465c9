import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/build-test-app.ts';

const lines: { level: number; msg: string; err?: unknown }[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({}, { logger: { level: 'info', stream: logStream } });
});
afterAll(() => testApp.close());

const INFO = 30;

describe('a client’s mistakes are logged as information, not as errors', () => {
  it.each([
    ['GET', '/api/no-such-thing'],
    ['GET', '/api/products/%E0%A4%A'],
    ['POST', '/api/products'],
    ['GET', '/api/products/not-a-product'],
  ] as const)('%s %s', async (method, url) => {
    lines.length = 0;
    const response = await testApp.app.inject({
      method,
      url,
      headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
      payload: method === 'POST' ? '{"broken": ' : undefined,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.level !== INFO)).toEqual([]);
  });
});
