import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiRequestError,
  apiRequest,
  setAuthTokenGetter,
  setSessionExpiredHandler,
  TIMEOUT_MESSAGE,
} from './api-client.ts';

const jsonResponse = (status: number, body: unknown, statusText?: string) =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

const caughtFrom = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the request should have failed'),
    (caught: unknown) => caught,
  );

describe('apiRequest', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setAuthTokenGetter(() => null);
    setSessionExpiredHandler(() => undefined);
  });

  it('returns the JSON answer as it came', async () => {
    const product = {
      _id: 'roasted-cashew-nuts',
      name: 'Roasted Cashew Nuts',
      weights: [{ label: '250g', price: 4.19 }],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, product)),
    );
    await expect(apiRequest<typeof product>('/api/products/roasted-cashew-nuts')).resolves.toEqual(product);
  });

  it('returns undefined for 204 No Content', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(apiRequest('/api/cart', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('turns { message, errors, requestId } into an ApiRequestError with the status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(400, {
          message: 'Invalid input',
          errors: [{ field: 'email', message: 'Required' }],
          requestId: 'req-7',
        }),
      ),
    );
    const error = await caughtFrom(apiRequest('/api/x'));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid input',
      errors: [{ field: 'email', message: 'Required' }],
      requestId: 'req-7',
    });
    expect((error as ApiRequestError).isClientError).toBe(true);
  });

  it('accepts an error with a message only, and treats a 5xx as not the client’s fault', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(503, { message: 'Try again shortly' })),
    );
    const error = await caughtFrom(apiRequest('/api/x'));
    expect(error).toMatchObject({ name: 'ApiRequestError', status: 503, message: 'Try again shortly', errors: [] });
    expect((error as ApiRequestError).requestId).toBeUndefined();
    expect((error as ApiRequestError).isClientError).toBe(false);
  });

  it.each([
    ['no message', { errors: [] }],
    ['a message that is not text', { message: 42 }],
    ['errors that are not a list', { message: 'Invalid input', errors: 'email' }],
    ['a field error without its field', { message: 'Invalid input', errors: [{ message: 'Required' }] }],
    ['a request id that is not text', { message: 'Invalid input', requestId: 7 }],
    ['a body that is not an object', 'Bad Gateway'],
  ])('falls back to a generic message for an error body with %s', async (_case, body) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(502, body, 'Bad Gateway')),
    );
    const error = await caughtFrom(apiRequest('/api/x'));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 502, message: 'Request failed (502 Bad Gateway).', errors: [] });
  });

  it('falls back to a generic message when the error body is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<h1>Bad Gateway</h1>', { status: 502, statusText: 'Bad Gateway' })),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed (502 Bad Gateway).',
    });
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      name: 'ApiRequestError',
      status: 0,
      message: 'We could not reach the shop. Please check your connection and try again.',
    });
  });

  it('passes an abort through unchanged instead of calling it a connection problem', async () => {
    const controller = new AbortController();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        controller.abort(abort);
        throw abort;
      }),
    );
    await expect(apiRequest('/api/x', { signal: controller.signal })).rejects.toBe(abort);
  });

  it('sends JSON and the bearer token when there is one', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    setAuthTokenGetter(() => 'token-123');
    await apiRequest('/api/cart/add', { method: 'POST', body: { qty: 1 } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/cart/add');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"qty":1}');
    expect(headers.get('Authorization')).toBe('Bearer token-123');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends the extra headers it is given, e.g. an idempotency key', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(201, {}));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/admin/orders/o-1/refunds', {
      method: 'POST',
      body: { amount: 1 },
      headers: { 'Idempotency-Key': 'key-1' },
    });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Idempotency-Key')).toBe('key-1');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends a FormData as it is, leaving its multipart content type to fetch, with the bearer token', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(201, { _id: 'r-1' }));
    vi.stubGlobal('fetch', fetchMock);
    setAuthTokenGetter(() => 'token-123');
    const form = new FormData();
    form.set('name', 'Ada');
    form.set('image', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'nuts.png');
    await expect(apiRequest('/api/reviews', { method: 'POST', body: form })).resolves.toEqual({ _id: 'r-1' });
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(init?.body).toBe(form);
    expect(headers.get('Content-Type')).toBeNull();
    expect(headers.get('Authorization')).toBe('Bearer token-123');

    // What fetch makes of it: multipart with a boundary, the file part named as given.
    const sent = new Request('http://shop.test/api/reviews', { method: 'POST', body: init?.body ?? null });
    expect(sent.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const received = await sent.formData();
    expect(received.get('name')).toBe('Ada');
    expect((received.get('image') as File).name).toBe('nuts.png');
  });

  it('sends a GET without a body, content type or token when signed out', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, []));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/products');
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('Content-Type')).toBeNull();
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('gives up after the time-out and says the shop took too long, like a lost connection', async () => {
    vi.useFakeTimers();
    // A server that never answers: only the request's own signal ends the wait.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () =>
              reject(new DOMException('The operation was aborted.', 'AbortError')),
            );
          }),
      ),
    );
    const request = caughtFrom(apiRequest('/api/products', { timeoutMs: 5_000 }));
    await vi.advanceTimersByTimeAsync(4_999);
    const settled = vi.fn();
    void request.then(settled);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    const error = await request;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 0, message: TIMEOUT_MESSAGE });
  });

  it('counts the time spent reading the answer against the time-out', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        // Headers arrive at once; the body never finishes.
        const body = new ReadableStream({
          start(controller) {
            init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const request = caughtFrom(apiRequest('/api/products', { timeoutMs: 1_000 }));
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(request).resolves.toMatchObject({ status: 0, message: TIMEOUT_MESSAGE });
  });

  it('ends the session whose token the server refused with 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { message: 'Please log in again.' })),
    );
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    setAuthTokenGetter(() => 'token-123');
    await expect(apiRequest('/api/auth/me')).rejects.toMatchObject({ status: 401, message: 'Please log in again.' });
    expect(expired).toHaveBeenCalledExactlyOnceWith('token-123');
  });

  it('ends no session for a 401 to a request without a token, or for other refusals', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { message: 'The e-mail address or password is not right.' })),
    );
    await expect(apiRequest('/api/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    setAuthTokenGetter(() => 'token-123');
    // Login identifies the customer by what it sends: a wrong password there says nothing about the stored session.
    await expect(apiRequest('/api/auth/login', { method: 'POST', body: {}, withToken: false })).rejects.toMatchObject({
      status: 401,
    });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(403, { message: 'Not allowed' })),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 403 });
    expect(expired).not.toHaveBeenCalled();
  });

  it('leaves out the token when asked to', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    setAuthTokenGetter(() => 'token-123');
    await apiRequest('/api/auth/login', { method: 'POST', body: {}, withToken: false });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBeNull();
  });

  it('keeps the whole error answer, for fields beyond the message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(403, { message: 'Please verify your e-mail address first.', userId: 'u-1' })),
    );
    const error = await caughtFrom(apiRequest('/api/auth/login', { method: 'POST', body: {} }));
    expect(error).toMatchObject({
      status: 403,
      body: { userId: 'u-1' },
      serverMessage: 'Please verify your e-mail address first.',
    });
  });
});
