/**
 * The two sets of security headers and the helpers that switch an answer between them. Pages and files get
 * helmet's full set, with a Content-Security-Policy the built SPA passes (no inline scripts); JSON answers get the
 * few headers that matter for data. Both sets are computed once at start-up: running helmet per request cost a
 * third of the catalog's throughput (docs/decisions/012-security-headers-computed-once.md). The answers whose kind
 * differs from their URL's (a JSON error for a page URL, the page at /api/auth/reset-password/…, what Node refuses
 * itself) switch sets where they are made (docs/decisions/018-page-routes-and-honest-404s.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const pageHelmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
      'base-uri': ["'self'"],
      // NOTE: upgrade-insecure-requests would break a shop served over plain HTTP on a LAN address.
      'upgrade-insecure-requests': null,
    },
  },
  // Off so that cross-origin images and payment pages can load later; CORP still guards our responses.
  crossOriginEmbedderPolicy: false,
  // DENY agrees with the CSP's frame-ancestors 'none' for browsers that only read X-Frame-Options.
  xFrameOptions: { action: 'deny' },
};

/** JSON is never rendered as a page: forbid sniffing, embedding and cross-origin reads. */
export const apiSecurityHeaders: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/** Runs helmet once against a recording response and returns the headers it would set. */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

export const pageSecurityHeaders = helmetHeaders(pageHelmetOptions);

/** Page-only headers; the page set names every API header too, so switching to it needs no removal. */
const pageOnlyHeaderNames = Object.keys(pageSecurityHeaders).filter((name) => !(name in apiSecurityHeaders));

/** What a JSON answer made outside the API's URLs (an error, a 404) must carry instead of the page set. */
export function withApiSecurityHeaders(reply: FastifyReply): FastifyReply {
  for (const name of pageOnlyHeaderNames) reply.removeHeader(name);
  return reply.headers(apiSecurityHeaders);
}

/** What a page served at a URL the hook takes for the API's (the reset-password page) must carry. */
export function withPageSecurityHeaders(reply: FastifyReply): FastifyReply {
  return reply.headers(pageSecurityHeaders);
}

/** URLs whose answers are JSON: the API (with or without its slash) and the health check. */
export function isJsonUrl(url: string): boolean {
  const path = routedPath(url);
  return path.startsWith('/api/') || path === '/api' || path.startsWith('/healthz');
}

/**
 * The path as the router matched it: without the query, percent-decoded, so `/%61pi/auth/me`, which is routed as
 * `/api/auth/me`, gets the API's rules too (decision 105). A malformed escape is left as sent; the router refuses it.
 */
export function routedPath(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
