/**
 * Security headers. Pages and files get helmet's full set, with a Content-Security-Policy the built SPA
 * passes (no inline scripts); JSON answers get the few headers that matter for data. Both sets are
 * computed once at start-up: running helmet per request cost a third of the catalog's throughput
 * (docs/decisions/012-security-headers-computed-once.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
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

export default fp(
  async (app) => {
    const pageHeaders = helmetHeaders(pageHelmetOptions);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith('/api/') ? apiSecurityHeaders : pageHeaders);
      done();
    });
  },
  { name: 'security-headers' },
);
