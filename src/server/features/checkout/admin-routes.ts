/**
 * The owner's order routes (contract §7), registered by the admin scope (features/admin), which admits only admins.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AdminOrder, AdminOrderListSchema, AdminOrdersQuerySchema } from '#shared/schemas/admin';
import { ApiErrorSchema } from '#shared/schemas/error';
import type { OrderRecord } from './order-repository.ts';
import { toWireOrder } from './wire.ts';

function toAdminOrder(order: OrderRecord): AdminOrder {
  return { ...toWireOrder(order), status: order.isDelivered ? 'delivered' : 'processing', email: order.email };
}

const checkoutAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    { schema: { querystring: AdminOrdersQuerySchema, response: { 200: AdminOrderListSchema, '4xx': ApiErrorSchema } } },
    async (request) => {
      const { orders, total } = await app.orderRepository.listForAdmin(request.query);
      return { items: orders.map(toAdminOrder), total };
    },
  );
};

export default checkoutAdminRoutes;
