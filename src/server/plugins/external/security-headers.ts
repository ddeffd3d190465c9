/**
 * Security headers on every answer, picked by URL (one string comparison per request): the API's set for JSON
 * addresses, helmet's full set for pages and files. The sets themselves are in lib/security-headers.ts.
 */
import fp from 'fastify-plugin';
import { apiSecurityHeaders, isJsonUrl, pageSecurityHeaders } from '../../lib/security-headers.ts';

export default fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isJsonUrl(request.url) ? apiSecurityHeaders : pageSecurityHeaders);
      done();
    });
  },
  { name: 'security-headers' },
);
