import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app';

interface LogLine {
  level: number;
  msg: string;
  method?: string;
  url?: string;
  statusCode?: number;
}

const lines: LogLine[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

const INFO = 30;
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({}, { logger: { level: 'info', stream: logStream } });
  await testApp.app.register(async (app) => {
    app.post('/api/test-only/write', async () => ({ ok: true }));
  });
});
afterAll(() => testApp.close());

const completedLines = () => lines.filter((line) => line.msg === 'request completed');

describe('request log at the shipped info level', () => {
  it('writes no line for successful reads, so the busiest answers cost no logging', async () => {
    lines.length = 0;
    for (const url of ['/api/products', '/api/products/roasted-cashew-nuts', '/healthz']) {
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    expect(lines).toEqual([]);
  });

  it('writes one line for a refused read, with its status', async () => {
    lines.length = 0;
    const response = await testApp.app.inject({ method: 'GET', url: '/api/products/no-such-nut' });
    expect(response.statusCode).toBe(404);
    expect(completedLines()).toEqual([
      expect.objectContaining({ level: INFO, method: 'GET', url: '/api/products/no-such-nut', statusCode: 404 }),
    ]);
  });

  it('writes one line for every write, with its method, address and status', async () => {
    lines.length = 0;
    const response = await testApp.app.inject({ method: 'POST', url: '/api/test-only/write' });
    expect(response.statusCode).toBe(200);
    expect(completedLines()).toEqual([
      expect.objectContaining({ level: INFO, method: 'POST', url: '/api/test-only/write', statusCode: 200 }),
    ]);
  });
});
