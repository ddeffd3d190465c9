import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiRequestError, apiRequest, setAuthTokenGetter } from './api-client.ts';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setAuthTokenGetter(() => null);
  });

  it('returns the answer parsed by the schema, loaded lazily or given directly', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { name: 'Roasted Cashew Nuts' })));
    const schema = z.object({ name: z.string() });
    await expect(apiRequest('/api/x', schema)).resolves.toEqual({ name: 'Roasted Cashew Nuts' });
    await expect(apiRequest('/api/x', async () => schema)).resolves.toEqual({ name: 'Roasted Cashew Nuts' });
  });

  it('turns { message, errors } into an ApiRequestError with the status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(400, { message: 'Invalid input', errors: [{ field: 'email', message: 'Required' }] })),
    );
    const error = await apiRequest('/api/x', z.unknown()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid input', errors: [{ field: 'email', message: 'Required' }] });
    expect((error as ApiRequestError).isClientError).toBe(true);
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiRequest('/api/x', z.unknown())).rejects.toMatchObject({ name: 'ApiRequestError', status: 0 });
  });

  it('sends JSON and the bearer token when there is one', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    setAuthTokenGetter(() => 'token-123');
    await apiRequest('/api/cart/add', z.unknown(), { method: 'POST', body: { qty: 1 } });
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"qty":1}');
    expect(headers.get('Authorization')).toBe('Bearer token-123');
    expect(headers.get('Content-Type')).toBe('application/json');
  });
});
