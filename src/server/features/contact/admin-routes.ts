/**
 * The owner's contact message routes (docs/api.md, The owner's API), registered by the admin scope (features/admin),
 * which admits only admins. Each parses, calls `app.contactAdmin` and answers; a GET never changes a message.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminMessageListSchema,
  AdminMessageSchema,
  AdminMessagesQuerySchema,
  MessageIdParamsSchema,
  MessageStatusBodySchema,
  ReplyBodySchema,
} from '#shared/schemas/admin';
import { ApiErrorSchema } from '#shared/schemas/error';

const contactAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { '4xx': ApiErrorSchema };
  // Every route here is staff's work as much as the owner's (decision 097).
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, staff: true };
  });

  app.get(
    '/messages',
    { schema: { querystring: AdminMessagesQuerySchema, response: { 200: AdminMessageListSchema, ...errors } } },
    (request) => app.contactAdmin.list(request.query),
  );

  app.get(
    '/messages/:id',
    { schema: { params: MessageIdParamsSchema, response: { 200: AdminMessageSchema, ...errors } } },
    (request) => app.contactAdmin.find(request.params.id),
  );

  // The scope's guard made sure an admin is logged in.
  app.patch(
    '/messages/:id',
    {
      schema: {
        params: MessageIdParamsSchema,
        body: MessageStatusBodySchema,
        response: { 200: AdminMessageSchema, ...errors },
      },
    },
    (request) => app.contactAdmin.setStatus(request.params.id, request.body.status, request.customer!),
  );

  app.post(
    '/messages/:id/reply',
    {
      schema: {
        params: MessageIdParamsSchema,
        body: ReplyBodySchema,
        response: { 200: AdminMessageSchema, ...errors },
      },
    },
    (request) => app.contactAdmin.reply(request.params.id, request.body.message, request.customer!),
  );
};

export default contactAdminRoutes;
