/**
 * `GET /api/openapi.json`: the API's OpenAPI document (decision 090), the same for everyone, so public and revalidated
 * by ETag like the catalog. Built once, on the first request rather than at start-up, and kept prepared with its
 * compressed forms; the query is never read.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ApiErrorSchema } from '#shared/schemas/error';
import { documentedOnly } from '../lib/documented-only.ts';
import { type PreparedAnswer, prepareAnswerInBackground, sendPrepared } from '../lib/prepared-answer.ts';

/** What the document promises of itself; the rest of its shape is OpenAPI's. */
const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

const openApiRoutes: FastifyPluginAsync = async (app) => {
  let prepared: Promise<PreparedAnswer> | undefined;

  app.get(
    '/api/openapi.json',
    {
      // The prepared answer carries its own brotli and gzip forms, as the catalog's does.
      compress: false,
      config: { cache: 'public' },
      schema: {
        response: {
          200: documentedOnly({ description: 'This document.', shape: OpenApiDocumentSchema }),
          '4xx': ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // A failure is not kept: the next request tries again.
      prepared ??= prepareAnswerInBackground(JSON.stringify(app.swagger()), 'application/json; charset=utf-8').catch(
        (error: unknown) => {
          prepared = undefined;
          throw error;
        },
      );
      return sendPrepared(request, reply, await prepared);
    },
  );
};

export default openApiRoutes;
