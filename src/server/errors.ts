/**
 * The one place that turns failures into answers: an `HttpError` a service or hook throws is answered with its
 * status and body, a client's mistake that Fastify finds with its 4xx and a clear message (both logged at info),
 * a database out of reach with 503, a message and Retry-After (lib/database-unavailable.ts), anything else with a generic 500
 * and a request id the log also holds. Every such answer is JSON and carries the
 * API's security headers, whatever its URL. (What Node's HTTP server refuses before Fastify sees a request is
 * answered in http-server.ts.)
 */
import { redactUrl } from './lib/log-redaction.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '#shared/schemas/error';
import { isDatabaseUnavailable } from './lib/database-unavailable.ts';
import { withApiSecurityHeaders } from './lib/security-headers.ts';

type FieldError = NonNullable<ApiError['errors']>[number];

/**
 * An answer a service decides on: its status and the API's `{ message, errors? }` body (docs/api.md, Errors), and any headers it
 * needs (a 429's Retry-After). Thrown from a service, a route or a hook; `handleError` sends it as it is, whatever
 * its status, so a deliberate 503 keeps its message (decision 052).
 */
export class HttpError extends Error {
  readonly errors: FieldError[] | undefined;
  readonly headers: Readonly<Record<string, string>>;
  /** Names the kind of refusal in the log (e.g. a rate limit's); not sent. */
  readonly code: string | undefined;

  constructor(
    readonly statusCode: number,
    message: string,
    options: { field?: string; headers?: Record<string, string>; code?: string } = {},
  ) {
    super(message);
    this.errors = options.field === undefined ? undefined : [{ field: options.field, message }];
    this.headers = options.headers ?? {};
    this.code = options.code;
  }

  get body(): ApiError {
    return { message: this.message, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export const serverErrorMessage = 'Something went wrong on our side. Please try again in a moment.';
export const databaseUnavailableMessage =
  'The shop is briefly unavailable. Nothing has been lost: please try again in a moment.';
/** How long a client is asked to wait when the database is out of reach: about as long as a restart takes. */
const DATABASE_RETRY_AFTER_SECONDS = '5';

function validationAnswer(error: FastifyError): ApiError | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const errors = error.validation.map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'Invalid value',
  }));
  return { message: errors[0]?.message ?? 'Invalid request', errors };
}

export function handleError(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  withApiSecurityHeaders(reply);
  if (error instanceof HttpError) {
    const what = error.statusCode < 500 ? 'rejected client request' : 'answered that the service is unavailable';
    request.log.info({ code: error.code, status: error.statusCode, message: error.message }, what);
    return reply.code(error.statusCode).headers(error.headers).send(error.body);
  }
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

  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable: answered 503');
    return reply
      .code(503)
      .header('retry-after', DATABASE_RETRY_AFTER_SECONDS)
      .send({ message: databaseUnavailableMessage } satisfies ApiError);
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
    request.log.info({ method: request.method, url: redactUrl(request.url) }, 'no such route');
    if (app.servesWebApp && isPageRequest(request)) return reply.sendPage(404);
    return withApiSecurityHeaders(reply)
      .code(404)
      .send({ message: 'Not found' } satisfies ApiError);
  });
}
