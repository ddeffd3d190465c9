/**
 * /account (docs/api.md, A UK shopper's rules; decision 061) at 1366 and 375 px: reached from the account menu, the customer's name and
 * e-mail, the address saved on this device, a password change that keeps this browser logged in and ends the other
 * sessions, and 'Delete my account', asked twice, which ends the session and leaves nothing behind. Axe scans each
 * state. Visitors who are not logged in are sent to /login.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { accountMenuButton, type E2eCustomer, expect, logIn, test } from '#tests/e2e/accounts';
import { violations } from '#tests/e2e/axe';

/** Chromium reports every 4xx answer as a console error; the refused passwords are on purpose. */
const refused401 = /Failed to load resource: the server responded with a status of 401/;

/** A session of the same account on another device, through the API. */
async function otherDeviceToken(request: APIRequestContext, customer: E2eCustomer, password = customer.password) {
  const response = await request.post('/api/auth/login', { data: { email: customer.email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const meStatus = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status();

async function openAccountFromMenu(page: Page, customer: E2eCustomer) {
  await logIn(page, customer);
  await accountMenuButton(page, customer.name).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expect(page).toHaveTitle('My Account | Roast & Co.');
}

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, allowedConsoleError: refused401 });

    test('shows the details and saved address, and changes the password keeping this browser logged in', async ({
      page,
      request,
      customer,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      await page.evaluate(() =>
        localStorage.setItem(
          'shippingAddress',
          JSON.stringify({
            name: 'Ada Lovelace',
            phone: '+447700900123',
            email: 'ada@example.com',
            address: '12 St James’s Square',
            landmark: '',
            city: 'London',
            postalCode: 'SW1Y 4JH',
            country: 'United Kingdom',
          }),
        ),
      );
      await openAccountFromMenu(page, customer);
      const details = page.getByRole('region', { name: 'Your details' });
      await expect(details).toContainText(customer.name);
      await expect(details).toContainText(customer.email);
      const address = page.getByRole('region', { name: 'Saved address' });
      await expect(address).toContainText('12 St James’s Square');
      await expect(address).toContainText('Phone: 07700 900123');
      expect(await violations(page)).toEqual([]);

      // A wrong current password: said at its field, focus there, still logged in.
      const passwords = page.getByRole('region', { name: 'Change password' });
      await passwords.getByLabel('Current password').fill('not-my-password');
      await passwords.getByLabel('New password', { exact: true }).fill('pistachio-shells-99');
      await passwords.getByLabel('Confirm new password').fill('pistachio-shells-99');
      await passwords.getByRole('button', { name: 'Change password' }).click();
      await expect(passwords.getByText('Your current password is not right.')).toBeVisible();
      await expect(passwords.getByLabel('Current password')).toBeFocused();
      await expect(passwords.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
      await expect(accountMenuButton(page, customer.name)).toBeVisible();
      expect(await violations(page)).toEqual([]);

      const otherDevice = await otherDeviceToken(request, customer);
      await passwords.getByLabel('Current password').fill(customer.password);
      await passwords.getByRole('button', { name: 'Change password' }).click();
      await expect(passwords.getByRole('status')).toHaveText(
        'Your password has been changed. Anywhere else you were logged in, please log in again.',
      );
      await expect(passwords.getByLabel('Current password')).toHaveValue('');
      expect(await meStatus(request, otherDevice)).toBe(401);
      // This browser stays logged in, after a reload too, with its fresh token.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
      await expect(accountMenuButton(page, customer.name)).toBeVisible();
      const token = await page.evaluate(() => localStorage.getItem('token'));
      expect(await meStatus(request, token ?? '')).toBe(200);
      await otherDeviceToken(request, customer, 'pistachio-shells-99');
    });

    test('deletes the account after asking again: logged out, nothing personal left, the login refused', async ({
      page,
      request,
      customer,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openAccountFromMenu(page, customer);
      await page.evaluate(() => localStorage.setItem('shippingAddress', JSON.stringify({ name: 'Ada Lovelace' })));
      const otherDevice = await otherDeviceToken(request, customer);

      const section = page.getByRole('region', { name: 'Delete my account' });
      await section.getByRole('button', { name: 'Delete my account' }).click();
      await expect(section.getByText('Are you sure? This cannot be undone.')).toBeVisible();
      await expect(section.getByLabel('Password')).toBeFocused();
      // Changing one's mind gives focus back to the button.
      await section.getByRole('button', { name: 'Keep my account' }).click();
      await expect(section.getByRole('button', { name: 'Delete my account' })).toBeFocused();

      await section.getByRole('button', { name: 'Delete my account' }).click();
      await section.getByLabel('Password').fill('not-my-password');
      await section.getByRole('button', { name: 'Yes, delete my account' }).click();
      await expect(
        section.getByText('That password is not right, so your account has not been deleted.'),
      ).toBeVisible();
      await expect(section.getByLabel('Password')).toBeFocused();
      await expect(accountMenuButton(page, customer.name)).toBeVisible();
      expect(await violations(page)).toEqual([]);

      await section.getByLabel('Password').fill(customer.password);
      await section.getByRole('button', { name: 'Yes, delete my account' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Account deleted' })).toBeVisible();
      await expect(page.getByRole('status')).toContainText('Your account has been deleted.');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
      expect(
        await page.evaluate(() => ['token', 'user', 'shippingAddress'].map((key) => localStorage.getItem(key))),
      ).toEqual([null, null, null]);
      expect(await violations(page)).toEqual([]);

      expect(await meStatus(request, otherDevice)).toBe(401);
      const login = await request.post('/api/auth/login', {
        data: { email: customer.email, password: customer.password },
      });
      expect(login.status()).toBe(401);
    });
  });
}

test('a visitor who is not logged in is sent to /login, and back to /account after logging in', async ({
  page,
  customer,
}) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await page.getByLabel('Email address').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
});

test('search engines are kept out of /account', async ({ request }) => {
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /account\n');
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/account<');
});
