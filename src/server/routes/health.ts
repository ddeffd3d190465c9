/** Liveness for load balancers and deploy scripts: 200 once the database answers. */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { config: { cache: 'public' } }, async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database did not answer');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};

export default healthRoutes;
