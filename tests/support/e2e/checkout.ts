/**
 * Checkout for browser tests that are not about the checkout screens themselves: a paid order made through the
 * API and the built-in test payment page, as a shopper's browser would, so a page can be opened on it.
 */
import type { APIRequestContext } from '@playwright/test';
import { cartPayload, guestAddress, testCard } from '#tests/checkout';
import { expect } from '#tests/e2e/base-test';

export { testCard };

/** Logs in through the API and answers the bearer token. */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Starts a checkout of the shared test cart (2 × Roasted Cashew Nuts 500g and 1 × Medjool Dates 250g, £20.37),
 * pays it on the test page with the good test card, and answers the payment session id. With `token` it is the
 * customer's checkout; without, a guest's.
 */
export async function payForTestCart(request: APIRequestContext, { token }: { token?: string } = {}): Promise<string> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const started = await request.post('/api/orders/create-stripe-session', {
    headers,
    data: cartPayload(guestAddress({ name: 'Ada Lovelace' })),
  });
  expect(started.status(), await started.text()).toBe(200);
  const { id } = (await started.json()) as { id: string };
  const paid = await request.post(`/pay/${encodeURIComponent(id)}`, { form: testCard, maxRedirects: 0 });
  expect(paid.status(), await paid.text()).toBe(303);
  return id;
}
