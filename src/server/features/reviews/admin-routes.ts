/**
 * The owner's review routes (docs/api.md, The owner's API), registered by the admin scope (features/admin), which
 * admits only admins. Each parses, calls `app.reviewsAdmin` and answers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminReviewListSchema,
  AdminReviewSchema,
  AdminReviewsQuerySchema,
  HideReviewBodySchema,
  ReviewIdParamsSchema,
} from '#shared/schemas/admin';
import { ApiErrorSchema } from '#shared/schemas/error';
import { ReviewSettingsSchema } from '#shared/schemas/review';

const reviewsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { '4xx': ApiErrorSchema };
  // Every route here is staff's work as much as the owner's (decision 097), unless it says otherwise: the settings.
  app.addHook('onRoute', (route) => {
    route.config = { staff: true, ...route.config };
  });

  // Whether a new review waits for approval is the owner's choice alone (decision 106).
  app.get(
    '/review-settings',
    { config: { staff: false }, schema: { response: { 200: ReviewSettingsSchema, ...errors } } },
    () => app.reviewSettings.read(),
  );

  app.put(
    '/review-settings',
    {
      config: { staff: false },
      schema: { body: ReviewSettingsSchema, response: { 200: ReviewSettingsSchema, ...errors } },
    },
    (request) => app.reviewSettings.save(request.body, request.customer!),
  );

  app.get(
    '/reviews',
    { schema: { querystring: AdminReviewsQuerySchema, response: { 200: AdminReviewListSchema, ...errors } } },
    (request) => {
      const { hidden, about, productId, limit, offset } = request.query;
      return app.reviewsAdmin.list({
        hidden: hidden === undefined ? undefined : hidden === 'true',
        about,
        productId,
        limit,
        offset,
      });
    },
  );

  // The scope's guard made sure an admin is logged in.
  app.patch(
    '/reviews/:id',
    {
      schema: {
        params: ReviewIdParamsSchema,
        body: HideReviewBodySchema,
        response: { 200: AdminReviewSchema, ...errors },
      },
    },
    (request) => app.reviewsAdmin.setHidden(request.params.id, request.body.hidden, request.customer!),
  );

  app.delete(
    '/reviews/:id',
    { schema: { params: ReviewIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await app.reviewsAdmin.remove(request.params.id, request.customer!);
      return reply.code(204).send(null);
    },
  );
};

export default reviewsAdminRoutes;
