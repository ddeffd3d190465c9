/**
 * Checkout for browser tests that are not about the checkout screens themselves: a paid order made through the
 * API and the built-in test payment page, as a shopper's browser would, so a page can be opened on it; and the
 * shipping form's and the test payment page's steps, for journeys that end in a checkout.
 */
import type { APIRequestContext, Page } from '@playwright/test';
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

export interface AddressFields {
  name?: string;
  phone?: string;
  email?: string;
  address?: string;
  landmark?: string;
  city?: string;
  postalCode?: string;
}

/** Fills the fields given (only those), by their visible labels. */
export async function fillAddress(page: Page, fields: AddressFields) {
  const labels: Record<keyof AddressFields, string> = {
    name: 'Full name',
    phone: 'Phone',
    email: 'Email',
    address: 'Street address',
    landmark: 'Landmark (optional)',
    city: 'City',
    postalCode: 'Postal code',
  };
  for (const [field, value] of Object.entries(fields) as [keyof AddressFields, string][]) {
    await page.getByLabel(labels[field], { exact: true }).fill(value);
  }
}

export const bristol = {
  address: '12 Harbour Street',
  landmark: 'Opposite the library',
  city: 'Bristol',
  postalCode: 'BS1 4DJ',
};

/** On the test payment page: the card's fields by their labels, then Pay (whose name carries the amount). */
export async function payWithCard(page: Page, cardNumber: string, amount: string) {
  await expect(page).toHaveURL(/\/pay\/[^/]+$/);
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry').fill(testCard.expiry);
  await page.getByLabel('CVC').fill(testCard.cvc);
  await page.getByLabel('Name on card').fill(testCard.nameOnCard);
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}
