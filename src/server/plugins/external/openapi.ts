/**
 * @fastify/swagger collecting every route's schema for the OpenAPI document (decision 090). Registered before any
 * route, since it learns of them through `onRoute`; the document is built on its first request
 * (routes/openapi.ts), from the zod schemas the routes validate and answer with (fastify-type-provider-zod's
 * transforms). Only the API is described: pages, files and the test payment page are left out.
 */
import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminApiPaths } from '#shared/admin-api-paths';
import { pageRoutes } from '#shared/page-routes';
import { ApiErrorSchema } from '#shared/schemas/error';

export const OPENAPI_VERSION = '3.1.0';

const pageUrls = new Set<string>(Object.values(pageRoutes));

/**
 * The routes the document describes: the API and the health check, less the page a browser's GET of an API address
 * gets (the password-reset page, whose PUT is the API's).
 */
const isApiRoute = (url: string, methods: string | string[]) =>
  (url.startsWith('/api/') || url === '/healthz') && !(pageUrls.has(url) && [methods].flat().includes('GET'));

/** What any route answers when the server fails or its database is out of reach (errors.ts). */
const { $schema, ...errorShape } = z.toJSONSchema(ApiErrorSchema, { target: 'draft-2020-12' });
const serverFault = {
  ...errorShape,
  description:
    'The server failed (500: a generic message and the request id its log holds), or its database is briefly out ' +
    'of reach (503, with Retry-After).',
};
const refusal = 'Refused, with a message and, for a form, a message per field (docs/api.md, Errors).';

/** The route's answers, each refusal described, and the server's fault that any route may answer. */
function withErrors(response: Record<string, Record<string, unknown>> = {}) {
  const described = Object.entries(response).map(([status, answer]) =>
    status.toLowerCase() === '4xx' && !answer.description
      ? [status, { ...answer, description: refusal }]
      : [status, answer],
  );
  return { ...Object.fromEntries(described), '5XX': serverFault };
}

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: OPENAPI_VERSION,
        info: {
          title: 'Roast & Co. API',
          version: '1',
          description:
            'Money in pounds with two decimals on the wire; errors as `{ message, errors? }`; limits, idempotency ' +
            'and the rules behind each call are in docs/api.md.',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform(document) {
        if (!isApiRoute(document.url, document.route.method))
          return { schema: { ...document.schema, hide: true }, url: document.url };
        const { schema, url } = jsonSchemaTransform(document);
        const response = withErrors(schema.response as Parameters<typeof withErrors>[0]);
        // Every owner's call needs an admin's token; the customers' calls say so in docs/api.md.
        const security = url.startsWith(`${adminApiPaths.prefix}/`) ? [{ bearer: [] }] : undefined;
        return { schema: { ...schema, response, ...(security && { security }) }, url };
      },
      transformObject: jsonSchemaTransformObject,
    });
  },
  { name: 'openapi' },
);
