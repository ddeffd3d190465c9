/**
 * Two-step login (decision 103) at 1366 and 375 px: an admin sets it up on /account from the key the page shows (the
 * test computes the app's codes from it with the same library the server uses), copies the recovery codes, logs out,
 * and logs in again: the login form asks for the 'Authentication code', refuses a wrong one at its field, and takes a
 * fresh one. Axe scans each state; screenshots go to /work/shots/totp.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { accountMenuButton, expect, submitLogin, test } from '#tests/e2e/accounts';
import { aStaffMember } from '#tests/e2e/admin-screens';
import { violations } from '#tests/e2e/axe';

const SHOTS = '/work/shots/totp';

/** Chromium reports every 4xx answer as a console error; the login's asks for a code are on purpose. */
const refused401 = /Failed to load resource: the server responded with a status of 40[01]/;

/** The app's code for the time step `offset` steps from now (the server accepts one step either side). */
const codeFor = (secret: string, offset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

async function expectNoViolations(page: Page) {
  expect(await violations(page)).toEqual([]);
}

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, allowedConsoleError: refused401 });

    test('an admin turns on two-step login, logs out, and logs in with the code', async ({
      page,
      context,
      request,
      outbox,
    }) => {
      mkdirSync(SHOTS, { recursive: true });
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const admin = await aStaffMember(request, outbox, { role: 'admin', name: 'Grace Hopper' });

      await submitLogin(page, admin);
      await expect(accountMenuButton(page, admin.name)).toBeVisible();
      await page.goto('/account');
      const section = page.getByRole('region', { name: 'Two-step login' });
      await expect(section.getByText('Two-step login is off.')).toBeVisible();
      await expectNoViolations(page);

      await section.getByRole('button', { name: 'Set up two-step login' }).click();
      const heading = section.getByRole('heading', { name: 'Scan the code with your authenticator app' });
      await expect(heading).toBeFocused();
      await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      const link = section.getByRole('link', { name: 'Open in an authenticator app on this device' });
      await expect(link).toHaveAttribute('href', /^otpauth:\/\/totp\//);
      const secret = ((await section.locator('code').textContent()) ?? '').replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(new URL((await link.getAttribute('href')) ?? '').searchParams.get('secret')).toBe(secret);
      await section.screenshot({ path: `${SHOTS}/setup-${width}.png` });
      await expectNoViolations(page);

      const codeField = section.getByRole('textbox', { name: 'Authentication code' });
      await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(codeField).toHaveAttribute('inputmode', 'numeric');
      await codeField.fill(await codeFor(secret));
      await section.getByRole('button', { name: 'Turn on two-step login' }).click();

      await expect(section.getByRole('status').first()).toContainText('Two-step login is on.');
      const codes = section.getByRole('list', { name: 'Your recovery codes (shown only now):' }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      await section.getByRole('button', { name: 'Copy recovery codes' }).click();
      await expect(section.getByText('Recovery codes copied.')).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied.split('\n')).toEqual(await codes.allTextContents());
      await page.screenshot({ path: `${SHOTS}/recovery-codes-${width}.png`, fullPage: true });
      await expectNoViolations(page);

      await section.getByRole('button', { name: 'I have saved my recovery codes' }).click();
      await expect(section.getByText('You have 10 recovery codes left.')).toBeVisible();

      await accountMenuButton(page, admin.name).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).first()).toBeAttached();

      await submitLogin(page, admin);
      const loginCode = page.getByRole('textbox', { name: /^Authentication code/ });
      await expect(loginCode).toBeFocused();
      await expect(loginCode).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(loginCode).toHaveAttribute('inputmode', 'numeric');
      await expect(page.getByRole('alert')).toHaveText('Enter the 6-digit code from your authenticator app.');
      await page.screenshot({ path: `${SHOTS}/login-code-${width}.png`, fullPage: true });
      await expectNoViolations(page);

      const right = await codeFor(secret, 1);
      await loginCode.fill(right === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('alert')).toHaveText('That code is not right. Please try again.');
      await expect(loginCode).toBeFocused();
      await expect(loginCode).toHaveValue('');

      // The step after the one that confirmed the setup: a code works once.
      await loginCode.fill(right);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page).not.toHaveURL(/\/login/);
      await expect(accountMenuButton(page, admin.name)).toBeVisible();
    });
  });
}
