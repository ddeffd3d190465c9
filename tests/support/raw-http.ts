/**
 * HTTP over a bare TCP socket, for behaviour that lives in Node's HTTP server and that `inject` cannot
 * reach: request lines sent byte for byte, missing Host headers, stalled bodies, idle connections.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawAnswer {
  statusCode: number;
  /** Lower-case names; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
}

export interface RawExchange {
  /** Everything the server sent before it closed the connection. */
  received: string;
  /** From the first byte sent (or the connection, when nothing is sent) to the server's close. */
  closedAfterMs: number;
}

/** Starts the app on a free loopback port and returns the port. */
export async function listenOnFreePort(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** An open connection the test writes to at its own pace; `closed` settles when the server closes it. */
export interface RawConnection {
  socket: net.Socket;
  write(bytes: string): void;
  closed: Promise<RawExchange>;
  isClosed(): boolean;
}

/**
 * Opens a connection and records what arrives until the server closes it. `closed` rejects after
 * `giveUpAfterMs`, so a server that never closes fails the test instead of hanging it.
 */
export async function openRawConnection(port: number, giveUpAfterMs = 10_000): Promise<RawConnection> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const startedAt = performance.now();
  let received = '';
  let closed = false;
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (received += chunk));
  const closedPromise = new Promise<RawExchange>((resolve, reject) => {
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${giveUpAfterMs} ms; received: ${received}`));
    }, giveUpAfterMs);
    // A reset (the server closing with bytes unread) still ends the exchange; what arrived is what counts.
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      clearTimeout(giveUp);
      resolve({ received, closedAfterMs: performance.now() - startedAt });
    });
  });
  return {
    socket,
    write: (bytes) => socket.write(bytes, 'latin1'),
    closed: closedPromise,
    isClosed: () => closed,
  };
}

/** Sends the bytes exactly as given and waits for the server to close the connection. */
export async function exchangeRaw(port: number, bytes: string): Promise<RawExchange> {
  const connection = await openRawConnection(port);
  connection.write(bytes);
  return connection.closed;
}

function decodeChunked(body: string): string {
  let decoded = '';
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!(size > 0)) return decoded;
    decoded += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/** Parses the first answer in what the server sent; throws when nothing that looks like HTTP arrived. */
export function parseAnswer(received: string): RawAnswer {
  const headEnd = received.indexOf('\r\n\r\n');
  const statusLine = /^HTTP\/1\.[01] (\d{3})/.exec(received);
  if (headEnd === -1 || !statusLine) throw new Error(`no HTTP answer in ${JSON.stringify(received)}`);
  const headers: Record<string, string> = {};
  for (const line of received.slice(0, headEnd).split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rawBody = received.slice(headEnd + 4);
  const body = headers['transfer-encoding'] === 'chunked' ? decodeChunked(rawBody) : rawBody;
  return { statusCode: Number(statusLine[1]), headers, body: Buffer.from(body, 'latin1').toString('utf8') };
}
