/**
 * The one place that turns failures into answers: a client's mistake gets its 4xx and a clear message
 * (logged at info), anything else a generic 500 with a request id the log also holds.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '#shared/schemas/error';

export const serverErrorMessage = 'Something went wrong on our side. Please try again in a moment.';

function validationAnswer(error: FastifyError): ApiError | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const errors = error.validation.map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'Invalid value',
  }));
  return { message: errors[0]?.message ?? 'Invalid request', errors };
}

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const validation = validationAnswer(error);
  if (validation) {
    request.log.info({ errors: validation.errors }, 'rejected invalid request');
    return reply.code(400).send(validation);
  }

  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
    request.log.info({ code: error.code, status, message: error.message }, 'rejected client request');
    return reply.code(status).send({ message: error.message } satisfies ApiError);
  }

  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ message: serverErrorMessage, requestId: String(request.id) } satisfies ApiError);
}

const pageExtension = /\.[a-z0-9]+$/i;

/** Unknown API paths answer JSON; unknown page URLs get the SPA, which shows its own not-found screen. */
export function registerNotFoundHandler(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) => {
    const { pathname } = new URL(request.url, 'http://localhost');
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !pathname.startsWith('/assets/') &&
      !pathname.startsWith('/images/') &&
      !pageExtension.test(pathname);
    if (isPageRequest && app.servesWebApp) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    request.log.info({ method: request.method, url: request.url }, 'no such route');
    return reply.code(404).send({ message: 'Not found' } satisfies ApiError);
  });
}
