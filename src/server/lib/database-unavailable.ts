/**
 * Whether a failure means the database is out of reach (stopped, restarting, the network to it cut, its connections
 * used up) rather than a fault in the shop: such a request is answered 503 with a message and Retry-After, as a
 * load balancer and a shopper expect of a service that will be back (errors.ts), not 500.
 */

// Node's socket errors on the way to the server.
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

// PostgreSQL's: admin_shutdown, crash_shutdown, cannot_connect_now (starting up), too_many_connections.
const SERVER_GONE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

// node-postgres says these in words only.
const CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Connection closed',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in its own (`cause`); a few levels are plenty.
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (NETWORK_ERROR_CODES.has(code) || SERVER_GONE_STATES.has(code)) return true;
      // Class 08: connection exceptions.
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (CLIENT_MESSAGES.some((text) => current instanceof Error && current.message.includes(text))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
