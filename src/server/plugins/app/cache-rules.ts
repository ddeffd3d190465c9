/**
 * One rule for caching the API's answers (decision 046): every answer at an API address (`/api/…`, `/healthz`) is
 * sent `Cache-Control: no-store` unless its route declares itself public with `config: { cache: 'public' }` — so a
 * customer's data, an answer that needed a token, and every error are never kept by a browser or a proxy, and a new
 * route (the owner's `/api/admin/…`) is private until someone decides otherwise. A public route sets its own
 * caching (the catalog: revalidated by ETag) or none. Pages and files keep what plugins/external/static.ts gives.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cacheControl } from '../../lib/cache-control.ts';
import { isJsonUrl } from '../../lib/security-headers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'public': the route's answers are the same for everyone and hold nothing private (the catalog, the reviews,
     * the payment settings, the health check, a page); it sets its own Cache-Control instead of `no-store`.
     */
    cache?: 'public';
  }
}

function applyCacheRule(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
) {
  // onSend runs for every answer, errors and the 404 handler's included, and has the last word on the header.
  if (isJsonUrl(request.url) && request.routeOptions.config.cache !== 'public')
    reply.header('cache-control', cacheControl.private);
  done(null, payload);
}

export default fp(
  async (app) => {
    app.addHook('onSend', applyCacheRule);
  },
  { name: 'cache-rules' },
);
