/**
 * The owner's delivery charges (docs/api.md, The owner's API), registered by the admin scope (features/admin), which
 * admits only admins. PUT replaces them and answers what was saved, in the shape GET answers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeliverySettingsSchema } from '#shared/schemas/delivery';
import { ApiErrorSchema } from '#shared/schemas/error';
import { DeliverySettingsAnswerSchema, fromWireDelivery, toWireDelivery } from './delivery-settings.ts';

const deliveryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { '4xx': ApiErrorSchema };

  app.get('/settings/delivery', { schema: { response: { 200: DeliverySettingsAnswerSchema, ...errors } } }, async () =>
    toWireDelivery(await app.deliverySettings.read()),
  );

  app.put(
    '/settings/delivery',
    { schema: { body: DeliverySettingsSchema, response: { 200: DeliverySettingsAnswerSchema, ...errors } } },
    // The scope's guard made sure an admin is logged in.
    async (request) =>
      toWireDelivery(await app.deliverySettings.save(fromWireDelivery(request.body), request.customer!)),
  );
};

export default deliveryAdminRoutes;
