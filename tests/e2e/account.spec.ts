/**
 * Customer accounts in the browser: signing up through the e-mailed code, logging in and out, the header's
 * account menu by keyboard, other tabs following, the password reset through the mailed link, and /my-orders
 * for customers only. Mails are read from the e2e server's outbox.
 */
import type { Page } from '@playwright/test';
import { uniqueEmail } from '#tests/accounts';
import { accountMenuButton, expect, logIn, signUpWithoutVerifying, submitLogin, test } from '#tests/e2e/accounts';
import { codeFrom, resetTokenFrom } from '#tests/e2e/outbox';

/** The earliest a redirect the shop delays by `specMs` may come after its message was seen (noticing it takes a moment). */
const atLeast = (specMs: number) => specMs - 500;

/** Chromium reports every 4xx answer to fetch as a console error; tests that provoke one on purpose allow it. */
const failedRequest = (...statuses: number[]) =>
  new RegExp(`Failed to load resource: the server responded with a status of (${statuses.join('|')})`);

const header = (page: Page) => page.getByRole('banner');

async function expectLoggedOut(page: Page) {
  await expect(header(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Signup', exact: true })).toBeVisible();
}

test.describe('signing up', () => {
  test('asks for a code from the e-mail, says the address is verified, then goes to /login', async ({
    page,
    outbox,
  }) => {
    const email = uniqueEmail('signup');
    await page.goto('/');
    await header(page).getByRole('link', { name: 'Signup', exact: true }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page).toHaveTitle('Signup | Roast & Co.');

    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('compilers-1952');
    await page.getByRole('button', { name: 'Sign up' }).click();

    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await expect(page.getByText(`We have e-mailed a 6-digit code to ${email}.`)).toBeVisible();
    const codeField = page.getByLabel('6-digit code');
    await expect(codeField).toBeFocused();
    const mail = await outbox.nextMailTo(email);
    // The address has not proven itself yet, so the mail carries nothing typed into the form.
    expect(mail.text).toMatch(/^Hello,$/m);
    expect(mail.text).not.toContain('Grace');
    await codeField.fill(codeFrom(mail));
    await page.getByRole('button', { name: 'Verify code' }).click();

    await expect(page.getByRole('status')).toHaveText('Email verified! You can now log in.');
    // The shop's 2 s pause, then the login page.
    const shownAt = Date.now();
    await expect(page).toHaveURL(/\/login$/);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(atLeast(2000));
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('compilers-1952');
    await page.getByRole('button', { name: 'Log in' }).click();
    // The name sent is first and last name joined by a space.
    await expect(accountMenuButton(page, 'Grace Hopper')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an answer that carries the session logs the customer in and goes home', async ({ page, request, customer }) => {
    // This shop's server always asks for the code; the browser also accepts a signup answered with the session itself.
    const login = await request.post('/api/auth/login', {
      data: { email: customer.email, password: customer.password },
    });
    const session = await login.json();
    await page.route('**/api/auth/signup', (route) => route.fulfill({ status: 201, json: session }));

    await page.goto('/signup');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Sign up' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(accountMenuButton(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(session.token);
  });

  test('every field is required, and each error is tied to its field', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign up' }).click();

    for (const [label, message] of [
      ['First name', 'Please enter your first name.'],
      ['Last name', 'Please enter your last name.'],
      ['Email address', 'Please enter your e-mail address.'],
      ['Password', 'Password must be at least 8 characters.'],
    ] as const) {
      const field = page.getByLabel(label);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(new RegExp(message.replace('.', '\\.')));
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    }
    await expect(page.getByLabel('First name')).toBeFocused();
  });

  test.describe('with answers that are refusals', () => {
    test.use({ allowedConsoleError: failedRequest(400, 429) });

    test('a too-common password is refused at its field with the server’s words', async ({ page }) => {
      await page.goto('/signup');
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Common');
      await page.getByLabel('Email address').fill(uniqueEmail('common'));
      await page.getByLabel('Password').fill('password');
      await page.getByRole('button', { name: 'Sign up' }).click();

      const message = 'This password is too common. Please choose another.';
      const field = page.getByLabel('Password');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(new RegExp(message.replaceAll('.', '\\.')));
      await expect(page.getByRole('alert').filter({ hasText: message })).toHaveCount(1);
    });

    test('an address that already has an account gets the code step like any other, and its owner a notice', async ({
      page,
      customer,
      outbox,
    }) => {
      await page.goto('/signup');
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Again');
      await page.getByLabel('Email address').fill(customer.email);
      await page.getByLabel('Password').fill('another-password-1');
      await page.getByRole('button', { name: 'Sign up' }).click();

      // Nobody learns from the signup that the address has an account.
      await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
      await expect(page.getByText(`We have e-mailed a 6-digit code to ${customer.email}.`)).toBeVisible();
      const notice = await outbox.nextMailTo(customer.email);
      expect(notice.subject).toBe('Someone tried to sign up at Roast & Co. with your e-mail address');
      expect(notice.text).toMatch(/^http:\/\/[^/\s]+\/login$/m);
      expect(notice.text).toMatch(/^http:\/\/[^/\s]+\/forgot-password$/m);
      expect(() => codeFrom(notice)).toThrow();

      await page.getByLabel('6-digit code').fill('123456');
      await page.getByRole('button', { name: 'Verify code' }).click();
      await expect(page.getByRole('alert')).toHaveText('That code is not right. You have 4 tries left.');
    });

    test('a wrong code shows the tries left, and a new code is refused until the cooldown ends', async ({
      page,
      outbox,
    }) => {
      const email = uniqueEmail('code');
      await page.goto('/signup');
      await page.getByLabel('First name').fill('Alan');
      await page.getByLabel('Last name').fill('Turing');
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill('enigma-machine');
      await page.getByRole('button', { name: 'Sign up' }).click();
      const code = codeFrom(await outbox.nextMailTo(email));

      await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Verify code' }).click();
      await expect(page.getByRole('alert')).toHaveText('That code is not right. You have 4 tries left.');

      await page.getByRole('button', { name: 'Send a new code' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: /^Please wait \d+ seconds before asking for a new code\.$/ }),
      ).toBeVisible();

      await page.getByLabel('6-digit code').fill(code);
      await page.getByRole('button', { name: 'Verify code' }).click();
      await expect(page.getByRole('status')).toHaveText('Email verified! You can now log in.');
    });
  });
});

test.describe('logging in', () => {
  test('goes back to the page the shopper came from, and the account menu works by keyboard', async ({
    page,
    customer,
  }) => {
    await page.goto('/product?category=Seeds');
    await header(page).getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fproduct%3Fcategory%3DSeeds$/);
    await expect(page).toHaveTitle('Login | Roast & Co.');
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/product\?category=Seeds$/);

    const menuButton = accountMenuButton(page);
    await expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(header(page).getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);

    const menu = page.getByRole('menu', { name: 'Ada Lovelace' });
    const myOrders = menu.getByRole('menuitem', { name: 'My Orders' });
    const myAccount = menu.getByRole('menuitem', { name: 'My Account' });
    const logout = menu.getByRole('menuitem', { name: 'Logout' });

    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(myOrders).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(myAccount).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(logout).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(myOrders).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(logout).toBeFocused();
    await page.keyboard.press('Home');
    await expect(myOrders).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    await page.keyboard.press('ArrowUp');
    await expect(logout).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();

    await menuButton.focus();
    await page.keyboard.press(' ');
    await expect(myOrders).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/my-orders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await expect(page.getByText("You haven't placed any orders yet.")).toBeVisible();
    await expect(page).toHaveTitle('My Orders | Roast & Co.');

    await menuButton.click();
    await logout.click();
    await expectLoggedOut(page);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
  });

  test('logging out ends the session on the server, clears the guest data, and focus lands on Login', async ({
    page,
    request,
    customer,
  }) => {
    await logIn(page, customer);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await page.evaluate(() => {
      localStorage.setItem('guestCart', '[]');
      localStorage.setItem('isGuest', 'true');
    });

    await accountMenuButton(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');

    await expectLoggedOut(page);
    await expect(header(page).getByRole('link', { name: 'Login', exact: true })).toBeFocused();
    const stored = await page.evaluate(() =>
      ['token', 'user', 'guestCart', 'isGuest'].map((key) => localStorage.getItem(key)),
    );
    expect(stored).toEqual([null, null, null, null]);
    // The token the browser held is refused by the server now, not only forgotten.
    await expect
      .poll(async () => (await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status())
      .toBe(401);

    // The session stays gone after a reload.
    await page.reload();
    await expectLoggedOut(page);
  });

  test('logging in clears the guest cart and guest flag', async ({ page, customer }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('guestCart', '[{"_id":"pine-nuts","qty":1}]');
      localStorage.setItem('isGuest', 'true');
    });
    await logIn(page, customer);
    const stored = await page.evaluate(() => ['guestCart', 'isGuest'].map((key) => localStorage.getItem(key)));
    expect(stored).toEqual([null, null]);
  });

  test('another tab follows a login and a logout', async ({ page, context, customer }) => {
    const otherTab = await context.newPage();
    await otherTab.goto('/my-orders');
    await expect(otherTab).toHaveURL(/\/login\?redirectTo=%2Fmy-orders$/);

    await logIn(page, customer);
    // Logged in elsewhere, the waiting login page goes on to where it was sent from.
    await expect(otherTab).toHaveURL(/\/my-orders$/);
    await expect(accountMenuButton(otherTab)).toBeVisible();
    await expect(otherTab.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();

    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectLoggedOut(page);
    await expectLoggedOut(otherTab);
    await expect(otherTab).toHaveURL(/\/login\?redirectTo=%2Fmy-orders$/);
  });

  test.describe('with answers that are refusals', () => {
    test.use({ allowedConsoleError: failedRequest(401, 403) });

    test('a wrong password shows the server’s message', async ({ page, customer }) => {
      await submitLogin(page, { email: customer.email, password: 'not-the-password' });
      await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not right.');
      await expectLoggedOut(page);
    });

    test('an address not verified yet gets the code step, then is logged in', async ({ page, request, outbox }) => {
      const customer = await signUpWithoutVerifying(request);
      const code = codeFrom(await outbox.nextMailTo(customer.email));
      await submitLogin(page, customer);

      await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
      await expect(page.getByText(/^Please verify your e-mail address first/)).toBeVisible();
      await page.getByLabel('6-digit code').fill(code);
      await page.getByRole('button', { name: 'Verify code' }).click();

      await expect(accountMenuButton(page)).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
    });

    test('a stored token the server refuses is cleared on load', async ({ page }) => {
      await page.goto('/about');
      await page.evaluate(() => {
        localStorage.setItem('token', 'forged.token.value');
        localStorage.setItem('user', JSON.stringify({ _id: 'u-1', name: 'Mallory', email: 'mallory@example.com' }));
      });
      await page.reload();
      await expectLoggedOut(page);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    });
  });
});

test.describe('a forgotten password', () => {
  test.use({ allowedConsoleError: failedRequest(400) });

  test('is reset through the mailed link, once', async ({ page, customer, outbox }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page).toHaveTitle('Forgot password | Roast & Co.');
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText(/^If an account uses that address, we have e-mailed it a link/);

    const mail = await outbox.nextMailTo(customer.email);
    const resetPage = `/api/auth/reset-password/${resetTokenFrom(mail)}`;
    await page.goto(resetPage);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expect(page).toHaveTitle('Reset password | Roast & Co.');

    await page.getByLabel('New password', { exact: true }).fill('fresh-roast-2026');
    await page.getByLabel('Confirm new password').fill('fresh-roast-2025');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    await expect(page.getByLabel('Confirm new password')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Confirm new password').fill('fresh-roast-2026');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('status')).toHaveText('Your password has been reset. You can now log in.');
    // The shop's 3 s pause, then the login page.
    const shownAt = Date.now();
    await expect(page).toHaveURL(/\/login$/);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(atLeast(3000));

    await logIn(page, { ...customer, password: 'fresh-roast-2026' });

    // The link worked once, and the page says so before any password is typed.
    await page.goto(resetPage);
    await expect(page.getByRole('alert')).toHaveText(
      'This reset link is not valid or has already been used. Please ask for a new one.',
    );
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  });
});

test.describe('when the shop cannot answer', () => {
  test.use({ allowedConsoleError: /Failed to load resource/ });

  test('forms show the shop’s texts', async ({ page }) => {
    await page.route('**/api/auth/**', (route) =>
      route.request().method() === 'GET' ? route.fallback() : route.fulfill({ status: 502, body: 'Bad Gateway' }),
    );
    // The reset page's link check says yes, so its form is there to send.
    await page.route('**/api/auth/reset-password/*/check', (route) => route.fulfill({ json: { usable: true } }));
    await submitLogin(page, { email: 'ada@example.com', password: 'whatever-it-is' });
    await expect(page.getByRole('alert')).toHaveText('Login failed');

    await page.goto('/signup');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByLabel('Password').fill('analytical-engine');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert')).toHaveText('Something went wrong');

    await page.goto('/api/auth/reset-password/some-token');
    await page.getByLabel('New password', { exact: true }).fill('analytical-engine');
    await page.getByLabel('Confirm new password').fill('analytical-engine');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Reset failed');

    await page.goto('/forgot-password');
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert')).toHaveText('Something went wrong');

    // No answer at all.
    await page.unroute('**/api/auth/**');
    await page.route('**/api/auth/**', (route) =>
      route.request().method() === 'GET' ? route.fallback() : route.abort('failed'),
    );
    await page.route('**/api/auth/reset-password/*/check', (route) => route.fulfill({ json: { usable: true } }));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert')).toHaveText('Error sending reset link');

    await page.goto('/api/auth/reset-password/some-token');
    await page.getByLabel('New password', { exact: true }).fill('analytical-engine');
    await page.getByLabel('Confirm new password').fill('analytical-engine');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Something went wrong');
  });
});

test.describe('/my-orders', () => {
  test('sends a shopper who is not logged in to /login, and back after login', async ({ page, customer }) => {
    await page.goto('/my-orders');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy-orders$/);
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/my-orders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('Login and the account menu are in the header without opening the menu, Signup in the menu', async ({
    page,
    customer,
  }) => {
    await page.goto('/');
    await expect(header(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    // The phone's header row has no room for Signup: its menu offers it (decision 067).
    await expect(header(page).getByRole('link', { name: 'Signup', exact: true })).toBeHidden();
    await header(page).getByRole('button', { name: 'Menu' }).click();
    await expect(header(page).getByRole('link', { name: 'Signup', exact: true })).toBeVisible();
    await logIn(page, customer);
    await accountMenuButton(page).click();
    await expect(page.getByRole('menuitem', { name: 'My Orders' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  });
});
