/**
 * Customers for browser tests that are not about signing up: made through the API (signup, the code from the
 * outbox, verify), as a shopper would, without clicking through the form each time.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { uniqueEmail } from '#tests/accounts';
import { expect, test as base } from '#tests/e2e/base-test';
import { codeFrom, Outbox } from '#tests/e2e/outbox';

export interface E2eCustomer {
  userId: string;
  name: string;
  email: string;
  password: string;
}

/** Signs up through the API and leaves the account waiting for its code (the code mail is in the outbox). */
export async function signUpWithoutVerifying(
  request: APIRequestContext,
  { name = 'Ada Lovelace', email = uniqueEmail('e2e'), password = 'roasted-almonds-42' } = {},
): Promise<E2eCustomer> {
  const response = await request.post('/api/auth/signup', { data: { name, email, password } });
  expect(response.status(), await response.text()).toBe(201);
  const { userId } = (await response.json()) as { userId: string };
  return { userId, name, email, password };
}

/** Signs up through the API and verifies with the code read from the outbox: a customer who can log in. */
export async function signUpVerifiedCustomer(
  request: APIRequestContext,
  outbox: Outbox,
  details: Partial<E2eCustomer> = {},
): Promise<E2eCustomer> {
  const customer = await signUpWithoutVerifying(request, details);
  const otp = codeFrom(await outbox.nextMailTo(customer.email));
  const response = await request.post('/api/auth/verify-otp', { data: { userId: customer.userId, otp } });
  expect(response.status(), await response.text()).toBe(200);
  return customer;
}

/** Fills in and sends the login form, as the customer would; what follows is up to the test. */
export async function submitLogin(
  page: Page,
  { email, password }: Pick<E2eCustomer, 'email' | 'password'>,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Logs in through the login page and waits until the shop has moved on from it, logged in. */
export async function logIn(page: Page, customer: Pick<E2eCustomer, 'name' | 'email' | 'password'>): Promise<void> {
  await submitLogin(page, customer);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(accountMenuButton(page, customer.name)).toBeVisible();
}

/** The header's account menu button, named after the customer. */
export const accountMenuButton = (page: Page, name = 'Ada Lovelace') =>
  page.getByRole('banner').getByRole('button', { name, exact: true });

export const test = base.extend<{ outbox: Outbox; customer: E2eCustomer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads what a fixture needs from this pattern; the outbox needs nothing
  outbox: async ({}, use) => use(new Outbox()),
  customer: async ({ request, outbox }, use) => use(await signUpVerifiedCustomer(request, outbox)),
});

export { expect };
