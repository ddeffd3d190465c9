/**
 * The owner's order routes (docs/api.md, The owner's API), registered by the admin scope (features/admin), which
 * admits only admins. Each parses with the shared schema, calls `app.ordersAdmin` and answers.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminOrderDetailSchema,
  AdminOrderListSchema,
  AdminOrderSchema,
  AdminOrdersQuerySchema,
  MoveOrderBodySchema,
  OrderIdParamsSchema,
  OrdersCsvQuerySchema,
} from '#shared/schemas/admin';
import { ApiErrorSchema } from '#shared/schemas/error';
import { toAdminOrder, toAdminOrderDetail } from './wire.ts';
import { documentedOnly } from '../../lib/documented-only.ts';

const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { '4xx': ApiErrorSchema };
  const { ordersAdmin } = app;

  app.get(
    '/orders',
    { schema: { querystring: AdminOrdersQuerySchema, response: { 200: AdminOrderListSchema, ...errors } } },
    async (request) => {
      const { orders, total } = await ordersAdmin.list(request.query);
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
        .send(Readable.from(ordersAdmin.booksCsv(request.query)));
    },
  );

  app.get(
    '/orders/:id',
    { schema: { params: OrderIdParamsSchema, response: { 200: AdminOrderDetailSchema, ...errors } } },
    async (request) => {
      const { order, history } = await ordersAdmin.find(request.params.id);
      return toAdminOrderDetail(order, history);
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
      const { id, email } = request.customer!;
      return toAdminOrder(await ordersAdmin.move(request.params.id, request.body, { id, email }));
    },
  );
};

export default ordersAdminRoutes;
