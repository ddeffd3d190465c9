import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, logIn, logOut } from '#web/lib/session.ts';
import { logOutHere } from './logout.ts';

const user = { _id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'customer' as const };

describe('logOutHere', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    logOut();
  });

  it('asks the server to end the session the browser held, with that token', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ message: 'You have been logged out.' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    logIn({ user, token: 'the-token' });
    logOutHere();
    expect(getSession()).toBeNull();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/logout');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer the-token');
  });

  it('logs the browser out even when the call fails', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    logIn({ user, token: 'the-token' });
    logOutHere();
    expect(getSession()).toBeNull();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  });
});
