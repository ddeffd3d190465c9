/**
 * `GET /api/delivery` (docs/api.md, Delivery and promotions): the shop's delivery charges for anyone, read from the
 * database on every call, so the owner's change shows at once; a browser may keep them a minute.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '#shared/schemas/error';
import { DeliverySettingsAnswerSchema, toWireDelivery } from './delivery-settings.ts';

const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: { cache: 'public' }, schema: { response: { 200: DeliverySettingsAnswerSchema, '4xx': ApiErrorSchema } } },
    async (_request, reply) => {
      // Short: a shopper reading the page just after the owner saves sees the new charges within a minute, and the
      // cart's quote is priced by the server whatever a browser kept.
      reply.header('cache-control', 'public, max-age=60');
      return toWireDelivery(await app.deliverySettings.read());
    },
  );
};

export default deliveryRoutes;
