/**
 * The owner's promotion routes (docs/api.md, The owner's API), registered by the admin scope (features/admin), which
 * admits only admins: the list with uses, a new code, and switching one off or on. Each parses, calls
 * `app.promotionAdmin` and answers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '#shared/schemas/error';
import {
  CreatePromotionBodySchema,
  PatchPromotionBodySchema,
  PromotionIdParamsSchema,
  PromotionListSchema,
  PromotionSchema,
} from '#shared/schemas/promotion';

const promotionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { '4xx': ApiErrorSchema };

  app.get('/promotions', { schema: { response: { 200: PromotionListSchema, ...errors } } }, () =>
    app.promotionAdmin.list(),
  );

  // The scope's guard made sure an admin is logged in.
  app.post(
    '/promotions',
    { schema: { body: CreatePromotionBodySchema, response: { 201: PromotionSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await app.promotionAdmin.create(request.body, request.customer!)),
  );

  app.patch(
    '/promotions/:id',
    {
      schema: {
        params: PromotionIdParamsSchema,
        body: PatchPromotionBodySchema,
        response: { 200: PromotionSchema, ...errors },
      },
    },
    (request) => app.promotionAdmin.setActive(request.params.id, request.body.active, request.customer!),
  );
};

export default promotionsAdminRoutes;
