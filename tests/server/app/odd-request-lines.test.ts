import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { exchangeRaw, listenOnFreePort, parseAnswer } from '#tests/raw-http';
import { createWebDist, type WebDist } from '#tests/web-dist';

// Request lines as a hostile client sends them, byte for byte (inject would normalise or refuse them):
// every method Node parses (and one it does not), paths that open like a scheme-relative URL or a
// Windows path, and hosts no URL parser accepts.
const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'QUERY', 'BREW'];
const prefixes = ['//', '/\\', '///', '/\\\\', '//\\', '/%2F', '/%5C', '/api//', '/product//'];
const hosts = [
  '[',
  'a:b',
  '[::1',
  '[::1]:99999',
  'a@b',
  ':',
  '%',
  '%zz',
  '@',
  'evil.example',
  'a:b@c:d',
  '\x7f',
  '"<>',
  'é',
];
const requestLines = methods.flatMap((method) =>
  prefixes.flatMap((prefix) => hosts.map((host) => `${method} ${prefix}${host} HTTP/1.1`)),
);

const logLines: { level: number; msg: string }[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});

let webDist: WebDist;
let testApp: TestApp;
let port: number;
beforeAll(async () => {
  webDist = await createWebDist();
  testApp = await buildTestApp({ webDistDir: webDist.dir }, { logger: { level: 'info', stream: logStream } });
  port = await listenOnFreePort(testApp.app);
});
afterAll(async () => {
  await testApp.close();
  await webDist.remove();
});

const ERROR = 50;

describe('odd request lines', () => {
  it(`answers each of ${requestLines.length} odd request lines with a 4xx and a readable body, and logs no error`, async () => {
    const wrong: string[] = [];
    // A few connections at a time: one by one, 1,386 exchanges outlast the test's time limit on a busy machine.
    const pending = [...requestLines];
    const checkNext = async (): Promise<void> => {
      const requestLine = pending.shift();
      if (requestLine === undefined) return;
      await check(requestLine);
      return checkNext();
    };
    const check = async (requestLine: string) => {
      const { received } = await exchangeRaw(port, `${requestLine}\r\nHost: shop.example\r\nConnection: close\r\n\r\n`);
      const method = requestLine.slice(0, requestLine.indexOf(' '));
      let problem: string | undefined;
      try {
        const answer = parseAnswer(received);
        const isPage = answer.headers['content-type']?.startsWith('text/html');
        if (answer.statusCode < 400 || answer.statusCode > 499) problem = `status ${answer.statusCode}`;
        else if (isPage && method !== 'GET' && method !== 'HEAD') problem = 'a page for a non-GET request';
        else if (isPage && method === 'GET' && !answer.body.includes('<div id="root">')) problem = 'an empty page';
        else if (!isPage && method !== 'HEAD' && typeof JSON.parse(answer.body).message !== 'string') {
          problem = `no JSON message: ${answer.body}`;
        }
      } catch (error) {
        problem = String(error);
      }
      if (problem) wrong.push(`${JSON.stringify(requestLine)}: ${problem}`);
    };
    await Promise.all(Array.from({ length: 16 }, checkNext));
    expect(wrong.sort()).toEqual([]);
    expect(logLines.filter((line) => line.level >= ERROR)).toEqual([]);
    // Over a thousand connections: about 2 s on a quiet machine, many times that beside a full test run.
  }, 90_000);

  it.each(['POST //[', 'DELETE /\\[', 'OPTIONS //a:b', 'PUT //[::1]:99999/x'])(
    '%s answers a JSON 404 with the API headers',
    async (start) => {
      const { received } = await exchangeRaw(
        port,
        `${start} HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n`,
      );
      const answer = parseAnswer(received);
      expect(answer.statusCode).toBe(404);
      expect(JSON.parse(answer.body)).toEqual({ message: 'Not found' });
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    },
  );
});
