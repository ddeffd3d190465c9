import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiRequest, setAuthTokenGetter } from './api-client.ts';

const jsonResponse = (status: number, body: unknown, statusText?: string) =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

const caughtFrom = (promise: Promise<unknown>) => promise.then(
  () => expect.unreachable('the request should have failed'),
  (caught: unknown) => caught,
);

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setAuthTokenGetter(() => null);
  });

  it('returns the JSON answer as it came', async () => {
    const product = { _id: 'roasted-cashew-nuts', name: 'Roasted Cashew Nuts', weights: [{ label: '250g', price: 4.19 }] };
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, product)));
    await expect(apiRequest<typeof product>('/api/products/roasted-cashew-nuts')).resolves.toEqual(product);
  });

  it('returns undefined for 204 No Content', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    await expect(apiRequest('/api/cart', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('turns { message, errors, requestId } into an ApiRequestError with the status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(400, { message: 'Invalid input', errors: [{ field: 'email', message: 'Required' }], requestId: 'req-7' }),
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
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(503, { message: 'Try again shortly' })));
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
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(502, body, 'Bad Gateway')));
    const error = await caughtFrom(apiRequest('/api/x'));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 502, message: 'Request failed (502 Bad Gateway).', errors: [] });
  });

  it('falls back to a generic message when the error body is not JSON', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<h1>Bad Gateway</h1>', { status: 502, statusText: 'Bad Gateway' })));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 502, message: 'Request failed (502 Bad Gateway).' });
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
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
});
