/**
 * The owner's order routes (docs/api.md, The owner's API), registered by the admin scope (features/admin), which
 * admits admins, and staff where a route's config says so (decision 097). Each parses with the shared schema, calls `app.ordersAdmin` and answers.
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
import {
  CancelOrderBodySchema,
  IdempotencyHeadersSchema,
  RefundBodySchema,
  RefundIdParamsSchema,
} from '#shared/schemas/refund';
import { DispatchManyAnswerSchema, DispatchManyBodySchema, PackingSchema } from '#shared/schemas/packing';
import { dispatchedAnswer, pickList, toPackingOrder } from './packing.ts';
import { toAdminOrder, toAdminOrderDetail } from './wire.ts';
import { documentedOnly } from '../../lib/documented-only.ts';

const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { '4xx': ApiErrorSchema };
  const { ordersAdmin, refunds } = app;
  /** The order as the owner's screen shows it, after a refund or a cancellation. */
  const detail = async (id: string) => {
    const { order, history } = await ordersAdmin.find(id);
    return toAdminOrderDetail(order, history);
  };

  app.get(
    '/orders',
    {
      config: { staff: true },
      schema: { querystring: AdminOrdersQuerySchema, response: { 200: AdminOrderListSchema, ...errors } },
    },
    async (request) => {
      const { orders, total } = await ordersAdmin.list(request.query);
      return { items: orders.map(toAdminOrder), total };
    },
  );

  app.get(
    '/packing',
    { config: { staff: true }, schema: { response: { 200: PackingSchema, ...errors } } },
    async () => {
      const { orders, allergens, total } = await app.packing.waiting();
      return { orders: orders.map((order) => toPackingOrder(order, allergens)), picks: pickList(orders), total };
    },
  );

  app.post(
    '/packing/dispatch',
    {
      config: { staff: true },
      schema: { body: DispatchManyBodySchema, response: { 200: DispatchManyAnswerSchema, ...errors } },
    },
    async (request) => {
      // The scope's guard made sure an admin is logged in.
      const { id, email } = request.customer!;
      const { dispatched, refused } = await app.packing.dispatch(request.body.orders, { id, email });
      return {
        dispatched: dispatched.map(dispatchedAnswer),
        refused: refused.map(({ id: orderId, message }) => ({ _id: orderId, message })),
      };
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
    {
      config: { staff: true },
      schema: { params: OrderIdParamsSchema, response: { 200: AdminOrderDetailSchema, ...errors } },
    },
    async (request) => {
      const { order, history } = await ordersAdmin.find(request.params.id);
      return toAdminOrderDetail(order, history);
    },
  );

  app.patch(
    '/orders/:id',
    {
      config: { staff: true },
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

  app.post(
    '/orders/:id/refunds',
    {
      schema: {
        description:
          'Refunds an amount, through the provider that took the payment (docs/api.md, Refunds and cancellations).',
        params: OrderIdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: RefundBodySchema,
        response: { 200: AdminOrderDetailSchema, 201: AdminOrderDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id, email } = request.customer!;
      const { created } = await refunds.refund(
        request.params.id,
        request.body,
        { id, email },
        request.headers['idempotency-key'],
      );
      return reply.code(created ? 201 : 200).send(await detail(request.params.id));
    },
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        description: 'Cancels a processing order: everything left is refunded and its packs go back in stock.',
        params: OrderIdParamsSchema,
        body: CancelOrderBodySchema,
        response: { 200: AdminOrderDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { id, email } = request.customer!;
      await refunds.cancel(request.params.id, request.body, { id, email });
      return detail(request.params.id);
    },
  );

  app.post(
    '/orders/:id/refunds/:refundId/retry',
    {
      schema: {
        description: 'Tries a failed refund again.',
        params: RefundIdParamsSchema,
        response: { 200: AdminOrderDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { id, email } = request.customer!;
      await refunds.retry(request.params.id, request.params.refundId, { id, email });
      return detail(request.params.id);
    },
  );
};

export default ordersAdminRoutes;
