/**
 * The one place that turns failures into answers: a client's mistake gets its 4xx and a clear message
 * (logged at info), anything else a generic 500 with a request id the log also holds. Every such answer is
 * JSON and carries the API's security headers, whatever its URL. (What Node's HTTP server refuses before
 * Fastify sees a request is answered in http-server.ts.)
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '#shared/schemas/error';
import { withApiSecurityHeaders } from './plugins/external/security-headers.ts';

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
  withApiSecurityHeaders(reply);
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

const fileExtension = /\.[a-z0-9]+$/i;
const notPagePrefixes = ['/api/', '/assets/', '/images/', '/uploads/'];

/** A browser's request for a page (not a file, not the API), judged from the raw URL without parsing it. */
function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const queryStart = request.url.indexOf('?');
  const pathname = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  if (pathname === '/api' || notPagePrefixes.some((prefix) => pathname.startsWith(prefix))) return false;
  return !fileExtension.test(pathname);
}

/**
 * Unknown page URLs answer 404 with the SPA, which shows its own not-found screen; anything else a JSON 404.
 * NOTE: request.url is whatever the client sent (`//[`, `/\x`): never hand it to `new URL`, which throws.
 */
export function registerNotFoundHandler(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) => {
    request.log.info({ method: request.method, url: request.url }, 'no such route');
    if (app.servesWebApp && isPageRequest(request)) return reply.sendPage(404);
    return withApiSecurityHeaders(reply)
      .code(404)
      .send({ message: 'Not found' } satisfies ApiError);
  });
}
