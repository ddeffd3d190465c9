/** Liveness for load balancers and deploy scripts: 200 once the database answers. */
import type { FastifyPluginAsync } from 'fastify';
import { ping } from '../db/client.ts';

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { config: { cache: 'public' } }, async (request, reply) => {
    try {
      await ping(app.db);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database did not answer');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};

export default healthRoutes;
