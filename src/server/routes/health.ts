/** Liveness for load balancers and deploy scripts: 200 once the database answers. */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ApiErrorSchema } from '#shared/schemas/error';

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/healthz',
    {
      config: { cache: 'public' },
      schema: {
        response: {
          200: z.object({ status: z.literal('ok') }),
          '4xx': ApiErrorSchema,
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await app.pingDatabase();
        return { status: 'ok' };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database did not answer');
        return reply.code(503).send({ status: 'unavailable' });
      }
    },
  );
};

export default healthRoutes;
