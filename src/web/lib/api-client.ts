/**
 * The one way the browser calls the shop's API: JSON in and out (or a form with a file, as multipart), the bearer
 * token attached, a time-out on every request, and `{ message, errors }` turned into ApiRequestError.
 */
import type { ApiError } from '#shared/schemas/error';

/** How long a request may take, answer included, before it counts as a connection failure. */
export const REQUEST_TIMEOUT_MS = 20_000;

export const OFFLINE_MESSAGE = 'We could not reach the shop. Please check your connection and try again.';
export const TIMEOUT_MESSAGE = 'The shop took too long to answer. Please check your connection and try again.';

export type FieldError = NonNullable<ApiError['errors']>[number];

/** An API call that did not succeed. `status` 0 means the server could not be reached, or not in time. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly errors: FieldError[];
  readonly requestId: string | undefined;
  /** The error answer's JSON as sent (undefined without one), for answers with more than a message, e.g. login's userId. */
  readonly body: unknown;

  constructor(status: number, message: string, errors: FieldError[] = [], requestId?: string, body?: unknown) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.requestId = requestId;
    this.body = body;
  }

  /** The message the server wrote, as opposed to one this client made up for an answer without one. */
  get serverMessage(): string | undefined {
    return isApiError(this.body) ? this.body.message : undefined;
  }

  /** True for answers about the request itself (4xx), which repeating will not fix. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

type TokenGetter = () => string | null;
let getAuthToken: TokenGetter = () => null;

/** Lets the session supply the bearer token without this module knowing where it is kept. */
export function setAuthTokenGetter(getter: TokenGetter): void {
  getAuthToken = getter;
}

type SessionExpiredHandler = (token: string) => void;
let onSessionExpired: SessionExpiredHandler = () => undefined;

/** Called with the token a request carried when the server answered it 401: the session is over. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a `FormData` (a file upload) is sent as it is, as multipart/form-data. */
  body?: unknown;
  signal?: AbortSignal;
  /** False for calls that identify the customer by what they send (login, signup): no token, so their 401 ends no session. */
  withToken?: boolean;
  timeoutMs?: number;
  /** More headers, e.g. a refund's `Idempotency-Key`; Accept, Content-Type and the token stay the client's own. */
  headers?: Record<string, string>;
  /** `text`: a successful answer is its body as text (a CSV download), not JSON; errors are read as JSON all the same. */
  answer?: 'json' | 'text';
}

/**
 * Calls the API and returns its JSON as `T` (`undefined` for a 204).
 * NOTE: answers are not re-validated here. The server is the only authority and its answers are tested
 * against the shared zod schemas (tests/server), and zod would be a fifth of the home page's JavaScript.
 */
export async function apiRequest<T>(
  path: string,
  {
    method = 'GET',
    body,
    signal,
    withToken = true,
    timeoutMs = REQUEST_TIMEOUT_MS,
    headers: extra,
    answer = 'json',
  }: RequestOptions = {},
): Promise<T> {
  const headers = new Headers(extra);
  headers.set('Accept', answer === 'text' ? 'text/csv, application/json' : 'application/json');
  // NOTE: no content type for a form: fetch writes multipart/form-data with the boundary it chose.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  const token = withToken ? getAuthToken() : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  // One signal for the caller's abort and the time-out, which also covers reading the answer's body.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  else signal?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  let text: string;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    text = response.status === 204 ? '' : await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError(0, timedOut ? TIMEOUT_MESSAGE : OFFLINE_MESSAGE);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  if (response.ok && answer === 'text') return text as T;
  const payload = parseJson(text);

  if (!response.ok) {
    // A 401 naming a field refused a password the shopper typed (the account page's), not the session.
    if (response.status === 401 && token && !(payload as ApiError | undefined)?.errors) onSessionExpired(token);
    if (isApiError(payload)) {
      throw new ApiRequestError(response.status, payload.message, payload.errors, payload.requestId, payload);
    }
    throw new ApiRequestError(
      response.status,
      `Request failed (${response.status} ${response.statusText}).`,
      [],
      undefined,
      payload,
    );
  }
  return payload as T;
}

/**
 * The text a form shows for a failed call, in the shop's order: the server's first field message, else
 * its message, else `fallback`; `offline` when the shop could not be reached or did not answer in time.
 */
export function failureMessage(
  error: unknown,
  { fallback, offline = fallback }: { fallback: string; offline?: string },
): string {
  if (!(error instanceof ApiRequestError)) return fallback;
  if (error.status === 0) return offline;
  return error.errors[0]?.message ?? error.serverMessage ?? fallback;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
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
