/** Automated WCAG 2.2 A/AA checks (axe-core) on every screen, at desktop and phone widths. */
// The fixtures of ./fixtures.ts, plus customers made through the API.
import { accountMenuButton, expect, logIn, signUpWithoutVerifying, submitLogin, test } from '#tests/e2e/accounts';
import { apiToken, payForTestCart } from '#tests/e2e/checkout';
import { startAsGuestWith } from '#tests/e2e/cart';
import { violations } from '#tests/e2e/axe';

const pages: { name: string; url: string; allowedConsoleError?: RegExp }[] = [
  { name: 'home', url: '/' },
  { name: 'all products', url: '/product' },
  { name: 'filtered products', url: '/product?category=Seeds' },
  { name: 'best sellers', url: '/products/bestsellers' },
  { name: 'new launches', url: '/products/new-launches' },
  { name: 'product detail', url: '/product/roasted-cashew-nuts' },
  // The browser itself logs the API's 404 for an unknown product; that answer is the page under test.
  { name: 'unknown product', url: '/product/no-such-nut', allowedConsoleError: /Failed to load resource: .*404/ },
  { name: 'search results', url: '/search?query=roasted&category=Nuts' },
  { name: 'empty search', url: '/search?query=zzzz' },
  { name: 'about', url: '/about' },
  { name: 'contact', url: '/contact' },
  { name: 'reviews', url: '/reviews' },
  { name: 'not found', url: '/no/such/page', allowedConsoleError: /Failed to load resource: .*404/ },
  { name: 'login', url: '/login' },
  { name: 'signup', url: '/signup' },
  { name: 'forgot password', url: '/forgot-password' },
  { name: 'reset password', url: '/api/auth/reset-password/a-token-from-a-mail' },
  { name: 'shipping with an empty cart', url: '/shipping' },
  { name: 'payment cancelled', url: '/cancel' },
  { name: 'order confirmation without an order', url: '/order-confirmation' },
  { name: 'privacy policy', url: '/privacy' },
  { name: 'terms and conditions', url: '/terms' },
  { name: 'delivery information', url: '/delivery' },
  { name: 'returns and refunds', url: '/returns' },
  { name: 'frequently asked questions', url: '/faq' },
];

for (const width of [1280, 375]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const { name, url, allowedConsoleError } of pages) {
      test.describe(name, () => {
        test.use({ allowedConsoleError });

        test('has no WCAG A or AA violations', async ({ page }) => {
          await page.emulateMedia({ reducedMotion: 'reduce' });
          await page.goto(url);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await page.waitForLoadState('networkidle');
          expect(await violations(page)).toEqual([]);
        });
      });
    }

    test('my orders, with the account menu open, has no WCAG A or AA violations', async ({ page, customer }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await logIn(page, customer);
      await accountMenuButton(page).click();
      await expect(page.getByRole('menuitem', { name: 'My Orders' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
      await accountMenuButton(page).click();
      await expect(page.getByRole('menu')).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('the guest popup has no WCAG A or AA violations', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/product?category=Nuts');
      await page.getByRole('button', { name: 'Add to Cart: Roasted Cashew Nuts' }).click();
      await expect(page.getByRole('dialog', { name: 'Login or Continue as Guest' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('the Add a Review dialog, empty and with its field errors showing, has no WCAG A or AA violations', async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      await page.getByRole('button', { name: '+ Add a Review' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a Review' });
      await expect(dialog.getByLabel('Name')).toBeFocused();
      expect(await violations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'Submit Review' }).click();
      await expect(dialog.getByText('Please choose a rating from 1 to 5 stars.')).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('the cart, with a line, an unavailable line, Remove All’s question and then empty, has no WCAG A or AA violations', async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await startAsGuestWith(page, [
        { _id: 'roasted-cashew-nuts', qty: 2, selectedWeight: '500g' },
        { _id: 'sea-salt-roasted-almonds', qty: 1, selectedWeight: '3kg' },
      ]);
      await page.goto('/cart');
      await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
      await expect(page.getByText(/Unavailable in this weight/)).toBeVisible();
      expect(await violations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Remove All' }).click();
      await expect(page.getByRole('button', { name: 'Yes, Remove All' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Yes, Remove All' }).click();
      await expect(page.getByText('Your cart is empty.')).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('the shipping form, with a cart and its field errors showing, has no WCAG A or AA violations', async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await startAsGuestWith(page, [{ _id: 'roasted-cashew-nuts', qty: 2, selectedWeight: '500g' }]);
      await page.goto('/shipping');
      await expect(page.getByRole('heading', { level: 1, name: 'Shipping address' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('£16.18');
      expect(await violations(page)).toEqual([]);

      await page.getByLabel('Phone').fill('123');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(page.getByText('Please enter a valid 10-digit phone number.')).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('the payment success page and the order confirmation have no WCAG A or AA violations', async ({
      page,
      request,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const sessionId = await payForTestCart(request);
      // Timers held: the success page stays put (its 3 s redirect waits) while it is scanned.
      await page.clock.install();
      await page.goto(`/success?session_id=${encodeURIComponent(sessionId)}`);
      await expect(page.getByRole('status')).toHaveText('Payment successful! Your order is confirmed.');
      expect(await violations(page)).toEqual([]);

      await page.clock.runFor(3000);
      await expect(page.getByRole('heading', { level: 1, name: 'Order confirmed' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('my orders, with orders, has no WCAG A or AA violations', async ({ page, request, customer }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await payForTestCart(request, { token: await apiToken(request, customer.email, customer.password) });
      await logIn(page, customer);
      await page.goto('/my-orders');
      await expect(page.getByRole('button', { name: /^Buy again/ })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test.describe('the code step', () => {
      // Logging in before verifying is answered 403, which the browser reports; that answer leads to this step.
      test.use({ allowedConsoleError: /Failed to load resource: the server responded with a status of 403/ });

      test('has no WCAG A or AA violations, with a field error showing', async ({ page, request }) => {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await submitLogin(page, await signUpWithoutVerifying(request));
        await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
        await page.getByRole('button', { name: 'Verify code' }).click();
        await expect(page.getByRole('alert')).toHaveText('Please enter the 6-digit code from your e-mail.');
        expect(await violations(page)).toEqual([]);
      });
    });

    test.describe('the contact form', () => {
      // The server's 400 for an empty form is the answer shown; the browser reports it.
      test.use({ allowedConsoleError: /Failed to load resource: the server responded with a status of 400/ });

      test('has no WCAG A or AA violations with the server’s refusal and then its thanks showing', async ({ page }) => {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto('/contact');
        await page.getByRole('button', { name: 'Send message' }).click();
        // Each refused field's error at the field (decision 066).
        await expect(page.getByRole('alert')).toHaveCount(3);
        await expect(page.getByRole('alert').first()).toHaveText('Please enter your name.');
        expect(await violations(page)).toEqual([]);

        await page.getByLabel('Name *').fill('Ada Lovelace');
        await page.getByLabel('Email *').fill('ada@example.com');
        await page.getByLabel('Message *').fill('Hello!');
        await page.getByRole('button', { name: 'Send message' }).click();
        await expect(page.getByRole('status')).toHaveText('Thank you for your message. We will get back to you soon.');
        expect(await violations(page)).toEqual([]);
      });
    });
  });
}
