/** The one way the browser calls the shop's API: JSON in and out, `{ message, errors }` turned into ApiRequestError. */
import type { z } from 'zod';
import type { ApiError } from '#shared/schemas/error';

export type FieldError = NonNullable<ApiError['errors']>[number];

/** An API call that did not succeed. `status` 0 means the server could not be reached at all. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly errors: FieldError[];
  readonly requestId: string | undefined;

  constructor(status: number, message: string, errors: FieldError[] = [], requestId?: string) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.requestId = requestId;
  }

  /** True for answers about the request itself (4xx), which repeating will not fix. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

type TokenGetter = () => string | null;
let getAuthToken: TokenGetter = () => null;

/** Lets the auth feature supply the bearer token without this module knowing where it is kept. */
export function setAuthTokenGetter(getter: TokenGetter): void {
  getAuthToken = getter;
}

/**
 * The shared zod schema for an answer, or a function importing it. NOTE: zod is about a fifth of the
 * home page's JavaScript, so endpoints pass an import: the schemas then download alongside the first
 * request instead of delaying the first paint.
 */
export type SchemaSource<Schema extends z.ZodType> = Schema | (() => Promise<Schema>);

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls the API and validates the answer against the schema, so a contract drift fails loudly here. */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  schemaSource: SchemaSource<Schema>,
  { method = 'GET', body, signal }: RequestOptions = {},
): Promise<z.infer<Schema>> {
  const schemaPromise = typeof schemaSource === 'function' ? schemaSource() : Promise.resolve(schemaSource);
  // A failed request must not also report the schema import as unhandled.
  schemaPromise.catch(() => undefined);

  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const token = getAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError(0, 'We could not reach the shop. Please check your connection and try again.');
  }

  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);

  if (!response.ok) throw await toApiRequestError(response, payload);

  const schema = await schemaPromise;
  return schema.parse(payload);
}

async function toApiRequestError(response: Response, payload: unknown): Promise<ApiRequestError> {
  const { ApiErrorSchema } = await import('#shared/schemas/error');
  const parsed = ApiErrorSchema.safeParse(payload);
  if (parsed.success) {
    return new ApiRequestError(response.status, parsed.data.message, parsed.data.errors, parsed.data.requestId);
  }
  return new ApiRequestError(response.status, `Request failed (${response.status} ${response.statusText}).`);
}
