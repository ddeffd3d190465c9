/** Liveness for load balancers and deploy scripts: 200 once the database answers. */
import type { FastifyPluginAsync } from 'fastify';

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { config: { cache: 'public' } }, async (request, reply) => {
    try {
      await app.pingDatabase();
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database did not answer');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};

export default healthRoutes;
