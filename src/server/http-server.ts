/**
 * Node's HTTP server as the shop runs it: time limits and a connection cap so a slow or stalled client cannot
 * hold the server, and a JSON `{ message }` with the API's security headers for the requests Node refuses
 * itself (malformed, too slow, no Host, an unknown Expect, CONNECT), which it would answer with an empty body
 * or not at all (docs/decisions/019-connection-limits.md).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import type { ApiError } from '#shared/schemas/error';
import type { Config } from './config.ts';
import { clientAddress } from './lib/client-address.ts';
import { apiSecurityHeaders } from './lib/security-headers.ts';

export type HttpLimits = Pick<
  Config,
  | 'requestTimeoutMs'
  | 'headersTimeoutMs'
  | 'keepAliveTimeoutMs'
  | 'socketIdleTimeoutMs'
  | 'maxConnections'
  | 'maxConnectionsPerAddress'
> &
  Partial<Pick<Config, 'trustProxy'>>;

export const tooManyConnectionsMessage = 'Too many connections from your address. Please close some and try again.';

/**
 * Refuses a connection beyond `max` open at once from one address (an IPv6 /64) with a 429 and closes it. Behind a
 * trusted proxy every client arrives over the proxy's connections, so there the proxy must bound them (decision 105).
 */
function limitConnectionsPerAddress(server: http.Server, max: number) {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const key = clientAddress(socket.remoteAddress ?? '');
    const count = (open.get(key) ?? 0) + 1;
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
    if (count > max) {
      // Nothing it sends is read: the answer below is the only one this connection gets.
      socket.pause();
      if (socket.writable) {
        const body = refusalBody(tooManyConnectionsMessage);
        const headerLines = Object.entries(refusalHeaders(body)).map(([name, value]) => `${name}: ${value}\r\n`);
        socket.end(`HTTP/1.1 429 ${http.STATUS_CODES[429]}\r\n${headerLines.join('')}\r\n${body}`);
      }
      // Whatever the client sends meanwhile is not read; the socket goes once the answer is out or a second passes.
      setTimeout(() => socket.destroy(), 1_000).unref();
    }
  });
}

/**
 * Each socket's latest answer. Node detaches a finished answer from its socket, so a request timeout that fires
 * afterwards (a GET answered before its body arrived) would otherwise look unanswered and earn a second, stray
 * answer. A map entry rather than a 'finish' listener: this runs for every request, and a listener per request
 * cost the busiest pages measurable time.
 */
const latestAnswers = new WeakMap<Socket, ServerResponse>();

/** Headers of every refusal written here: the connection closes after it. */
function refusalHeaders(body: string): Record<string, string> {
  return {
    ...apiSecurityHeaders,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
}

function refusalBody(message: string): string {
  return JSON.stringify({ message } satisfies ApiError);
}

function refuseRequest(response: ServerResponse, statusCode: number, message: string) {
  const body = refusalBody(message);
  response.writeHead(statusCode, refusalHeaders(body));
  response.end(body);
}

/** Writes a whole answer straight onto a socket that has no response object (yet) and closes it. */
function refuseOnSocket(socket: Socket, statusCode: number, message: string) {
  if (socket.writable) {
    const body = refusalBody(message);
    const headerLines = Object.entries(refusalHeaders(body)).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${statusCode} ${http.STATUS_CODES[statusCode]}\r\n${headerLines.join('')}\r\n${body}`);
  }
  socket.destroy();
}

/**
 * Fastify's serverFactory: Node's server with our limits. The Host check replaces Node's own
 * (`requireHostHeader`), which answers an empty 400; it is the same one comparison per request.
 */
export function createHttpServerFactory(limits: HttpLimits): FastifyServerFactory {
  return (handler) => {
    const server = http.createServer(
      {
        requestTimeout: limits.requestTimeoutMs,
        headersTimeout: limits.headersTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        // Node enforces the two limits above only when it checks (default every 30 s, so a 60 s headers limit
        // took up to 90 s); checking often keeps each limit close to its value.
        connectionsCheckingInterval: Math.min(1_000, Math.ceil(limits.headersTimeoutMs / 4)),
        requireHostHeader: false,
      },
      (request: IncomingMessage, response: ServerResponse) => {
        latestAnswers.set(request.socket, response);
        // HTTP/1.1 requires Host (RFC 9112 §3.2); HTTP/1.0 clients may leave it out.
        if (request.headers.host === undefined && request.httpVersionMajor === 1 && request.httpVersionMinor === 1) {
          return refuseRequest(response, 400, 'Bad request: a Host header is required');
        }
        handler(request, response);
      },
    );
    server.setTimeout(limits.socketIdleTimeoutMs);
    server.maxConnections = limits.maxConnections;
    if (!limits.trustProxy) limitConnectionsPerAddress(server, limits.maxConnectionsPerAddress);

    // Without these listeners Node answers an empty 417, and closes a CONNECT without a word.
    server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) =>
      refuseRequest(response, 417, 'Expectation failed: only "Expect: 100-continue" is understood'),
    );
    server.on('connect', (_request: IncomingMessage, socket: Socket) =>
      refuseOnSocket(socket, 400, 'Bad request: CONNECT is not supported, this is not a proxy'),
    );
    return server;
  };
}

/** Node's parse errors and request timeouts, answered as JSON; Fastify's default omits our headers. */
export function handleClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  // The client has gone: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // NOTE: _httpMessage is the response in flight on this socket (Node's own handler checks it the same way);
  // once its head is out, anything written here would corrupt it, so the connection is only closed.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  const answerStarted = inFlight?.headersSent === true || latestAnswers.get(socket)?.writableFinished === true;

  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    this.log.info({ code: error.code }, 'closed a connection whose request did not arrive in time');
    if (answerStarted) return void socket.destroy();
    return refuseOnSocket(socket, 408, 'Request timeout: the request did not arrive in time');
  }
  this.log.info({ code: error.code }, 'rejected unreadable request');
  if (answerStarted) return void socket.destroy();
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return refuseOnSocket(socket, 431, 'Request header fields too large');
  }
  return refuseOnSocket(socket, 400, 'Bad request: the request could not be read');
}

/** Logs when the connection cap turns clients away, at most once a minute, so a flood cannot fill the log. */
export function logDroppedConnections(app: FastifyInstance, maxConnections: number) {
  let dropped = 0;
  let lastLoggedAt = 0;
  app.server.on('drop', () => {
    dropped++;
    const now = Date.now();
    if (now - lastLoggedAt < 60_000) return;
    app.log.warn({ maxConnections, dropped }, 'connection cap reached: closed new connections unanswered');
    lastLoggedAt = now;
    dropped = 0;
  });
}
