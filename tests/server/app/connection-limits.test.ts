import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { listenOnFreePort, openRawConnection, parseAnswer, type RawExchange } from '#tests/raw-http';
import { createWebDist, type WebDist } from '#tests/web-dist';

// The limits, shortened so a test waits a second rather than the production half-minute.
const limits = {
  requestTimeoutMs: 2_000,
  headersTimeoutMs: 600,
  keepAliveTimeoutMs: 1_000,
  socketIdleTimeoutMs: 5_000,
  maxConnections: 1_000,
};
// Node checks its request and headers deadlines every quarter of the headers limit: a cut may come that late.
const checkingSlackMs = limits.headersTimeoutMs / 4;
// Generous for a 2-core machine loaded by other suites, and still far below "never", which is what this guards against.
const schedulingSlackMs = 6_000;

function expectTimeoutAnswer(exchange: RawExchange, limitMs: number) {
  const answer = parseAnswer(exchange.received);
  expect(answer.statusCode).toBe(408);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ message: 'Request timeout: the request did not arrive in time' });
  expect(exchange.closedAfterMs).toBeGreaterThanOrEqual(limitMs - 50);
  expect(exchange.closedAfterMs).toBeLessThan(limitMs + checkingSlackMs + schedulingSlackMs);
}

let testApp: TestApp;
let port: number;
beforeAll(async () => {
  testApp = await buildTestApp(limits);
  port = await listenOnFreePort(testApp.app);
});
afterAll(() => testApp.close());

describe('a stalled client cannot hold a connection', () => {
  it('cuts off a body that stops arriving while other shoppers are served', async () => {
    const stalled = await openRawConnection(port);
    stalled.write(
      'POST /api/products HTTP/1.1\r\nHost: shop.example\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na',
    );

    const catalog = await fetch(`http://127.0.0.1:${port}/api/products`);
    expect(catalog.status).toBe(200);
    expect(Array.isArray(await catalog.json())).toBe(true);
    // The other shopper was answered while the stalled request was still waiting for its body.
    expect(stalled.isClosed()).toBe(false);

    expectTimeoutAnswer(await stalled.closed, limits.requestTimeoutMs);
  });

  it('cuts off a body that trickles in too slowly to finish in time', async () => {
    const trickling = await openRawConnection(port);
    trickling.write(
      'POST /api/products HTTP/1.1\r\nHost: shop.example\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
    );
    // A byte every 100 ms keeps the connection busy, so only the whole-request limit can end it.
    const drip = setInterval(() => trickling.write(' '), 100);
    try {
      expectTimeoutAnswer(await trickling.closed, limits.requestTimeoutMs);
    } finally {
      clearInterval(drip);
    }
  });

  it('closes without a second answer when a request stalls after its answer went out', async () => {
    // A GET is answered without waiting for its body; the body that never comes must not earn a 408 as well.
    const stalled = await openRawConnection(port);
    stalled.write('GET /healthz HTTP/1.1\r\nHost: shop.example\r\nContent-Length: 100\r\n\r\n{"na');
    const exchange = await stalled.closed;
    expect(parseAnswer(exchange.received).statusCode).toBe(200);
    expect(exchange.received.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 200']);
    expect(exchange.closedAfterMs).toBeGreaterThanOrEqual(limits.requestTimeoutMs - 50);
  });

  it('cuts off headers that stop arriving', async () => {
    const stalled = await openRawConnection(port);
    stalled.write('GET /api/products HTTP/1.1\r\nHost: shop.example\r\nAccept: appl');
    expectTimeoutAnswer(await stalled.closed, limits.headersTimeoutMs);
  });

  it('closes a connection that never sends a request', async () => {
    const silent = await openRawConnection(port);
    expectTimeoutAnswer(await silent.closed, limits.headersTimeoutMs);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const connection = await openRawConnection(port);
    let answeredAt = 0;
    connection.socket.once('data', () => (answeredAt = performance.now()));
    connection.write('GET /healthz HTTP/1.1\r\nHost: shop.example\r\n\r\n');
    const exchange = await connection.closed;
    const idleMs = performance.now() - answeredAt;

    const answer = parseAnswer(exchange.received);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers.connection).toBe('keep-alive');
    expect(answer.headers['keep-alive']).toBe('timeout=1');
    // Node closes a second after the advertised timeout, so a client never sends into a closing connection.
    const nodeBufferMs = 1_000;
    expect(idleMs).toBeGreaterThanOrEqual(limits.keepAliveTimeoutMs - 50);
    expect(idleMs).toBeLessThan(limits.keepAliveTimeoutMs + nodeBufferMs + schedulingSlackMs);
  });
});

describe('a client that stops reading', () => {
  let webDist: WebDist;
  let idleApp: TestApp;
  let idlePort: number;
  beforeAll(async () => {
    // Far more than the kernel buffers on both ends of a loopback connection hold.
    webDist = await createWebDist({ 'assets/large.bin': Buffer.alloc(64 * 1024 * 1024) });
    idleApp = await buildTestApp({ webDistDir: webDist.dir, socketIdleTimeoutMs: 1_000 });
    idlePort = await listenOnFreePort(idleApp.app);
  });
  afterAll(async () => {
    await idleApp.close();
    await webDist.remove();
  });

  it('is disconnected once nothing has moved for the idle timeout', async () => {
    // The paused client never reads the server's close, so watch the server's end of the connection.
    const serverClosed = new Promise<number>((resolve, reject) => {
      idleApp.app.server.once('connection', (socket) => socket.once('close', () => resolve(performance.now())));
      setTimeout(() => reject(new Error('the server kept the stalled reader connected')), 15_000).unref();
    });
    const reader = await openRawConnection(idlePort);
    reader.socket.pause();
    const sentAt = performance.now();
    reader.write('GET /assets/large.bin HTTP/1.1\r\nHost: shop.example\r\n\r\n');
    try {
      const connectedMs = (await serverClosed) - sentAt;
      expect(connectedMs).toBeGreaterThanOrEqual(1_000);
      expect(connectedMs).toBeLessThan(1_000 + schedulingSlackMs);
    } finally {
      reader.socket.destroy();
    }
  });
});

describe('the connection cap', () => {
  const warnings: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) warnings.push(JSON.parse(line).msg);
      done();
    },
  });
  let cappedApp: TestApp;
  let cappedPort: number;
  beforeAll(async () => {
    cappedApp = await buildTestApp({ maxConnections: 2 }, { logger: { level: 'warn', stream: logStream } });
    cappedPort = await listenOnFreePort(cappedApp.app);
  });
  afterAll(() => cappedApp.close());

  async function healthOverNewConnection() {
    const connection = await openRawConnection(cappedPort);
    connection.write('GET /healthz HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n');
    return connection.closed;
  }

  it('closes connections beyond the cap unanswered and serves again once one is free', async () => {
    const first = await openRawConnection(cappedPort);
    const second = await openRawConnection(cappedPort);

    const turnedAway = await healthOverNewConnection();
    expect(turnedAway.received).toBe('');
    // The operator learns that the cap turned someone away.
    expect(warnings).toContain('connection cap reached: closed new connections unanswered');

    first.socket.destroy();
    await first.closed;
    const served = await healthOverNewConnection();
    expect(parseAnswer(served.received).statusCode).toBe(200);
    second.socket.destroy();
  });
});

describe('connections per address', () => {
  let limitedApp: TestApp;
  let limitedPort: number;
  beforeAll(async () => {
    limitedApp = await buildTestApp({ maxConnectionsPerAddress: 3 });
    limitedPort = await listenOnFreePort(limitedApp.app);
  });
  afterAll(() => limitedApp.close());

  /** A connection from `localAddress` (any 127.x address reaches the loopback server on Linux). */
  async function connectFrom(localAddress: string) {
    const socket = net.connect({ port: limitedPort, host: '127.0.0.1', localAddress });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {});
    const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
    return { socket, closed };
  }

  it('refuses one address more than its share while another client is served', async () => {
    const held = await Promise.all([1, 2, 3].map(() => connectFrom('127.0.0.1')));
    const extra = await connectFrom('127.0.0.1');
    extra.socket.write('GET /healthz HTTP/1.1\r\nHost: shop.example\r\n\r\n');
    const answer = parseAnswer(await extra.closed);
    expect(answer.statusCode).toBe(429);
    expect(JSON.parse(answer.body)).toEqual({
      message: 'Too many connections from your address. Please close some and try again.',
    });

    const other = await connectFrom('127.0.0.2');
    other.socket.write('GET /healthz HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n');
    expect(parseAnswer(await other.closed).statusCode).toBe(200);

    // A connection closed frees its place.
    held[0]!.socket.destroy();
    await held[0]!.closed;
    const again = await connectFrom('127.0.0.1');
    again.socket.write('GET /healthz HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n');
    expect(parseAnswer(await again.closed).statusCode).toBe(200);
    for (const connection of held) connection.socket.destroy();
  });
});
