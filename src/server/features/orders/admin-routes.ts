/**
 * The owner's order routes (contract §7), registered by the admin scope (features/admin), which admits only admins.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AdminOrder,
  type AdminOrderDetail,
  AdminOrderDetailSchema,
  AdminOrderListSchema,
  AdminOrderSchema,
  AdminOrdersQuerySchema,
  MoveOrderBodySchema,
  OrderIdParamsSchema,
  OrdersCsvQuerySchema,
} from '#shared/schemas/admin';
import { ApiErrorSchema } from '#shared/schemas/error';
import { HttpError } from '../../errors.ts';
import { documentedOnly } from '../../lib/documented-only.ts';
import { Readable } from 'node:stream';
import { moveOrder, orderAdminMessages } from './order-admin.ts';
import { ordersCsv } from './orders-csv.ts';
import type { OrderRecord, OrderStatusChangeRecord } from './order-repository.ts';
import { toWireOrder } from './wire.ts';

function toAdminOrder(order: OrderRecord): AdminOrder {
  return {
    ...toWireOrder(order),
    status: order.status,
    email: order.email,
    ...(order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}),
    ...(order.dispatchedAt ? { dispatchedAt: order.dispatchedAt.toISOString() } : {}),
    ...(order.deliveredAt ? { deliveredAt: order.deliveredAt.toISOString() } : {}),
  };
}

function toAdminOrderDetail(order: OrderRecord, history: OrderStatusChangeRecord[]): AdminOrderDetail {
  return {
    ...toAdminOrder(order),
    history: history.map((change) => ({
      status: change.toStatus,
      at: change.changedAt.toISOString(),
      by: change.actorEmail,
      ...(change.trackingNumber ? { trackingNumber: change.trackingNumber } : {}),
    })),
  };
}

const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { '4xx': ApiErrorSchema };

  app.get(
    '/orders',
    { schema: { querystring: AdminOrdersQuerySchema, response: { 200: AdminOrderListSchema, ...errors } } },
    async (request) => {
      const { orders, total } = await app.orderRepository.listForAdmin(request.query);
      return { items: orders.map(toAdminOrder), total };
    },
  );

  app.get(
    '/orders.csv',
    {
      schema: {
        querystring: OrdersCsvQuerySchema,
        response: {
          200: {
            description: 'The orders of those days, one line each, as an attachment.',
            content: {
              'text/csv': {
                schema: documentedOnly({
                  description: 'number, date, e-mail, lines, VAT by rate, total',
                  shape: { type: 'string' },
                }),
              },
            },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="roast-and-co-orders-${from}-to-${to}.csv"`)
        .send(Readable.from(ordersCsv(app.orderRepository, request.query)));
    },
  );

  app.get(
    '/orders/:id',
    { schema: { params: OrderIdParamsSchema, response: { 200: AdminOrderDetailSchema, ...errors } } },
    async (request) => {
      const found = await app.orderRepository.findForAdmin(request.params.id);
      if (!found) throw new HttpError(404, orderAdminMessages.notFound);
      return toAdminOrderDetail(found.order, found.history);
    },
  );

  app.patch(
    '/orders/:id',
    {
      schema: {
        params: OrderIdParamsSchema,
        body: MoveOrderBodySchema,
        response: { 200: AdminOrderSchema, ...errors },
      },
    },
    async (request) => {
      // The scope's guard made sure an admin is logged in.
      const admin = request.customer!;
      const order = await moveOrder(app, request.params.id, request.body, { id: admin.id, email: admin.email });
      return toAdminOrder(order);
    },
  );
};

export default ordersAdminRoutes;
