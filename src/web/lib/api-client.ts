/** The one way the browser calls the shop's API: JSON in and out, `{ message, errors }` turned into ApiRequestError. */
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

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls the API and returns its JSON as `T` (`undefined` for a 204).
 * NOTE: answers are not re-validated here. The server is the only authority and its answers are tested
 * against the shared zod schemas (tests/server), and zod would be a fifth of the home page's JavaScript.
 */
export async function apiRequest<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
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

  if (!response.ok) {
    if (isApiError(payload)) {
      throw new ApiRequestError(response.status, payload.message, payload.errors, payload.requestId);
    }
    throw new ApiRequestError(response.status, `Request failed (${response.status} ${response.statusText}).`);
  }
  return payload as T;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isFieldError = (value: unknown): value is FieldError =>
  isRecord(value) && typeof value.field === 'string' && typeof value.message === 'string';

/** The shape of ApiErrorSchema (#shared/schemas/error), checked by hand so zod stays out of the bundle. */
function isApiError(value: unknown): value is ApiError {
  return (
    isRecord(value) &&
    typeof value.message === 'string' &&
    (value.errors === undefined || (Array.isArray(value.errors) && value.errors.every(isFieldError))) &&
    (value.requestId === undefined || typeof value.requestId === 'string')
  );
}
