/**
 * The owner's batch routes (docs/api.md, Batches and recalls), registered by the admin scope: receiving a batch of a
 * product's weight, a product's batches, one batch with the orders that received it, and its recall. Owner only, as
 * stock is (decision 117). Each parses, calls `app.batches` and answers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProductIdParamsSchema } from '#shared/schemas/admin-product';
import {
  BatchCodeParamsSchema,
  BatchListSchema,
  BatchLookupSchema,
  BatchSchema,
  RecallAnswerSchema,
  RecallBodySchema,
  ReceiveBatchBodySchema,
} from '#shared/schemas/batch';
import { ApiErrorSchema } from '#shared/schemas/error';

const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { '4xx': ApiErrorSchema };

  app.post(
    '/products/:id/batches',
    {
      schema: {
        params: ProductIdParamsSchema,
        body: ReceiveBatchBodySchema,
        response: { 201: BatchSchema, ...errors },
      },
    },
    // The scope's guard made sure an admin is logged in.
    async (request, reply) =>
      reply.code(201).send(await app.batches.receive(request.params.id, request.body, request.customer!)),
  );

  app.get(
    '/products/:id/batches',
    { schema: { params: ProductIdParamsSchema, response: { 200: BatchListSchema, ...errors } } },
    (request) => app.batches.list(request.params.id),
  );

  app.get(
    '/batches/:code',
    { schema: { params: BatchCodeParamsSchema, response: { 200: BatchLookupSchema, ...errors } } },
    (request) => app.batches.lookup(request.params.code),
  );

  app.post(
    '/batches/:code/recall',
    {
      schema: {
        params: BatchCodeParamsSchema,
        body: RecallBodySchema,
        response: { 200: RecallAnswerSchema, ...errors },
      },
    },
    (request) => app.batches.recall(request.params.code, request.body.message, request.customer!),
  );
};

export default batchRoutes;
