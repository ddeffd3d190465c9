/**
 * Checkout in Chromium, through the built-in test payment page: a guest pays and sees the order confirmed, a
 * declined card and Cancel leave no order, a customer's order shows in My Orders and Buy again refills the cart,
 * and the shipping form's validation, remembered address and refusals.
 */
import type { Page } from '@playwright/test';
import { uniqueEmail } from '#tests/accounts';
import { accountMenuButton, expect, logIn, test } from '#tests/e2e/accounts';
import { addFromCard } from '#tests/e2e/cart';
import { apiToken, bristol, fillAddress, payForTestCart, payWithCard } from '#tests/e2e/checkout';

const EMPTY_ALERT = 'Your cart is empty. Please add items to your cart before proceeding to checkout.';
const PHONE_MESSAGE = 'Please enter a valid 10-digit phone number.';
const POSTCODE_MESSAGE = 'Please enter a valid UK postcode.';
const CANCEL_TEXT = 'Payment Failed or Cancelled: Your payment was not completed. Please try again or contact support.';
const SUCCESS_TEXT = 'Payment successful! Your order is confirmed.';

/** The earliest a redirect the shop delays by `specMs` may come after its message was seen (noticing it takes a moment). */
const atLeast = (specMs: number) => specMs - 500;

/** Chromium reports every 4xx answer as a console error; tests that provoke one on purpose allow it. */
const failedRequest = (...statuses: number[]) =>
  new RegExp(`Failed to load resource: the server responded with a status of (${statuses.join('|')})`);

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart, / });
const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });

/** Adds a product from its card on a category page; `asNewGuest` answers the guest popup first. */
async function addFromCategory(page: Page, category: string, name: string, options: { asNewGuest?: boolean } = {}) {
  await page.goto(`/product?${new URLSearchParams({ category }).toString()}`);
  await addFromCard(page, name, options);
}

/** From the cart page to the shipping form, as a shopper goes. */
async function proceedToShipping(page: Page) {
  await cartLink(page).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping address' })).toBeVisible();
}

/** The payment session the test payment page belongs to. */
const sessionIdOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');

test.describe('a guest', () => {
  test('pays with the good test card and sees the order confirmed, with its number, total and VAT by rate', async ({
    page,
  }) => {
    const email = uniqueEmail('guest-checkout');
    await addFromCategory(page, 'Nuts', 'Roasted Cashew Nuts', { asNewGuest: true });
    await addFromCategory(page, 'Dry Fruits', 'Medjool Dates');
    await proceedToShipping(page);
    await expect(summary(page)).toContainText('Roasted Cashew Nuts');
    await expect(summary(page)).toContainText('Medjool Dates');
    await expect(summary(page)).toContainText('Total£8.38');
    await expect(summary(page)).toContainText('3 - 5 Business Days');
    await expect(page.getByLabel('Country')).toHaveValue('United Kingdom');

    await fillAddress(page, { name: 'Grace Hopper', phone: '7700900123', email, ...bristol });
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await payWithCard(page, '4242 4242 4242 4242', '£8.38');
    await expect(page).toHaveURL(/\/success\?session_id=/);
    await expect(page.getByRole('status')).toHaveText(SUCCESS_TEXT);
    // The shop's 3 s, then the confirmation.
    const shownAt = Date.now();
    await expect(page).toHaveURL(/\/order-confirmation\?session_id=/, { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(atLeast(3000));

    await expect(page.getByRole('heading', { level: 1, name: 'Order confirmed' })).toBeVisible();
    await expect(page).toHaveTitle('Order confirmed | Roast & Co.');
    const main = page.getByRole('main');
    await expect(main.getByText(/Your order number is [\w-]+\./)).toBeVisible();
    const orderNumber = /Your order number is ([\w-]+)\./.exec((await main.textContent()) ?? '')?.[1];
    await expect(main.getByRole('heading', { name: `Order number ${orderNumber}` })).toBeVisible();
    await expect(main.getByRole('listitem').filter({ hasText: 'Roasted Cashew Nuts' })).toContainText('250g × 1');
    await expect(main.getByRole('listitem').filter({ hasText: 'Roasted Cashew Nuts' })).toContainText('£4.19');
    await expect(main).toContainText('Total£8.38');
    await expect(main).toContainText('VAT at 20%: £0.70');
    await expect(main).toContainText('VAT at 0%: £0.00');
    await expect(main).toContainText('12 Harbour Street');
    await expect(main).toContainText(`We have sent the order confirmation to ${email}.`);
    await expect(main).toContainText('Estimated delivery: 3 - 5 Business Days');
    await expect(main).not.toContainText('₹');

    // The cart is empty now; the address is remembered for next time.
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
    expect(await page.evaluate(() => localStorage.getItem('guestCart'))).toBeNull();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('shippingAddress'))) ?? '{}')).toMatchObject({
      name: 'Grace Hopper',
      email,
      city: 'Bristol',
    });

    // Reloading the confirmation shows the same order again (verification is idempotent).
    await page.reload();
    await expect(main.getByRole('heading', { name: `Order number ${orderNumber}` })).toBeVisible();
  });

  test.describe('declined', () => {
    // The verify call answers an unpaid session with 409, which Chromium reports.
    test.use({ allowedConsoleError: failedRequest(409) });

    test('a declined card says so on the payment page and makes no order; the cart is kept', async ({
      page,
      request,
    }) => {
      await addFromCategory(page, 'Nuts', 'Roasted Cashew Nuts', { asNewGuest: true });
      await proceedToShipping(page);
      await fillAddress(page, {
        name: 'Grace Hopper',
        phone: '7700900123',
        email: uniqueEmail('declined'),
        ...bristol,
      });
      await page.getByRole('button', { name: 'Continue to payment' }).click();

      await payWithCard(page, '4000 0000 0000 0002', '£4.19');
      await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
      // Sent back to the page with a GET (decision 065): no form to resubmit on Back.
      await expect(page).toHaveURL(/\/pay\/[^/?]+\?refused=declined$/);
      const verified = await request.get(`/api/orders/verify-stripe/${encodeURIComponent(sessionIdOf(page))}`);
      expect(verified.status()).toBe(409);

      // Giving up from there: the shop's text, and the cart as it was.
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(/\/cancel$/);
      await expect(page.getByText(CANCEL_TEXT)).toBeVisible();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    });
  });

  test('Cancel on the payment page lands on /cancel with the shop’s text and the way back to the cart', async ({
    page,
  }) => {
    await addFromCategory(page, 'Nuts', 'Roasted Cashew Nuts', { asNewGuest: true });
    await proceedToShipping(page);
    await fillAddress(page, { name: 'Grace Hopper', phone: '7700900123', email: uniqueEmail('cancel'), ...bristol });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/pay\/[^/]+$/);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/cancel$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(CANCEL_TEXT, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Payment not completed | Roast & Co.');
    await page.getByRole('link', { name: 'Return to cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  });
});

test.describe('a customer', () => {
  test('checks out from the server cart, finds the order in My Orders, and buys it again', async ({
    page,
    customer,
  }) => {
    await logIn(page, customer);
    await addFromCategory(page, 'Nuts', 'Roasted Cashew Nuts');
    await proceedToShipping(page);
    // The form starts with the customer's name and e-mail.
    await expect(page.getByLabel('Full name')).toHaveValue(customer.name);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(customer.email);
    // Delivery news to another address; the confirmation still goes to the account's.
    await fillAddress(page, { phone: '7700900123', email: 'deliveries@example.com', ...bristol });
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await payWithCard(page, '4242 4242 4242 4242', '£4.19');
    await expect(page.getByRole('status')).toHaveText(SUCCESS_TEXT);
    await expect(page).toHaveURL(/\/order-confirmation\?session_id=/, { timeout: 10_000 });
    const main = page.getByRole('main');
    const orderNumber = /Your order number is ([\w-]+)\./.exec((await main.textContent()) ?? '')?.[1];
    expect(orderNumber).toBeTruthy();
    await expect(main).toContainText(`We have sent the order confirmation to ${customer.email}.`);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');

    await main.getByRole('link', { name: 'See my orders' }).click();
    await expect(page).toHaveURL(/\/my-orders$/);
    const order = page.getByRole('article', { name: `Order ${orderNumber}` });
    await expect(order).toContainText('Status: Processing');
    await expect(order).toContainText('Roasted Cashew Nuts');
    await expect(order).toContainText('250g × 1');
    await expect(order).toContainText('Total £4.19');
    await expect(order).toContainText(/Placed on \d{1,2} [A-Z][a-z]+ \d{4}/);
    await expect(page.getByRole('main')).not.toContainText('₹');

    await order.getByRole('button', { name: /^Buy again/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    await expect(summary(page)).toContainText('Total£4.19');
    // The cart lives on the server: it is still there after a reload.
    await page.reload();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  });

  test('sees orders newest first, each with its own Buy again', async ({ page, request, customer }) => {
    const token = await apiToken(request, customer.email, customer.password);
    await payForTestCart(request, { token });
    await payForTestCart(request, { token });
    await logIn(page, customer);
    await page.goto('/my-orders');
    const orders = page.getByRole('main').getByRole('article');
    await expect(orders).toHaveCount(2);
    const numbers = (await orders.getByRole('heading', { level: 2 }).allTextContents()).map((text) =>
      Number(/\d+$/.exec(text)?.[0]),
    );
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    await expect(page.getByRole('button', { name: /^Buy again/ })).toHaveCount(2);
    await expect(orders.first()).toContainText('Total £20.37');
  });
});

test.describe('my orders that fail to load', () => {
  // The failed loads are the point: Chromium reports them, and the app logs them.
  test.use({ allowedConsoleError: /Failed to load resource|Could not load \["customer","orders"\]/ });

  test('show the shop’s texts: the server’s message, else "Failed to fetch orders", and offline "Something went wrong."', async ({
    page,
    customer,
  }) => {
    let answer: 'offline' | 'message' | 'bare' = 'offline';
    await page.route('**/api/orders/my-orders', (route) => {
      if (answer === 'offline') return route.abort('internetdisconnected');
      if (answer === 'message') return route.fulfill({ status: 403, json: { message: 'Orders are resting.' } });
      return route.fulfill({ status: 404, contentType: 'text/html', body: '<p>Not here</p>' });
    });
    await logIn(page, customer);
    await page.goto('/my-orders');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Something went wrong.', { timeout: 15_000 });

    answer = 'message';
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(alert).toContainText('Orders are resting.');

    answer = 'bare';
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(alert).toContainText('Failed to fetch orders');
  });
});

test.describe('the shipping form', () => {
  test('checks the address with the shop’s texts and keeps what was typed', async ({ page }) => {
    await addFromCategory(page, 'Nuts', 'Roasted Cashew Nuts', { asNewGuest: true });
    await proceedToShipping(page);
    await fillAddress(page, { name: 'Grace Hopper', phone: '770090012', email: 'grace@example.com' });
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(page.getByText(PHONE_MESSAGE)).toBeVisible();
    await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Please enter your street address.')).toBeVisible();
    await expect(page.getByText('Please enter your city.')).toBeVisible();
    await expect(page.getByText('Please enter your postal code.')).toBeVisible();
    // The first field in error takes focus; nothing was sent.
    await expect(page.getByLabel('Phone')).toBeFocused();
    await expect(page).toHaveURL(/\/shipping$/);
    await expect(page.getByLabel('Full name')).toHaveValue('Grace Hopper');

    await fillAddress(page, { phone: '7700900123' });
    await expect(page.getByText(PHONE_MESSAGE)).toBeHidden();
  });

  test('starts with the address remembered in local storage', async ({ page }) => {
    await addFromCategory(page, 'Nuts', 'Roasted Cashew Nuts', { asNewGuest: true });
    await page.evaluate(() =>
      localStorage.setItem(
        'shippingAddress',
        JSON.stringify({
          name: 'Grace Hopper',
          phone: '7700900123',
          email: 'grace@example.com',
          address: '12 Harbour Street',
          landmark: '',
          city: 'Bristol',
          postalCode: 'BS1 4DJ',
          country: 'Ireland',
        }),
      ),
    );
    await proceedToShipping(page);
    await expect(page.getByLabel('Full name')).toHaveValue('Grace Hopper');
    await expect(page.getByLabel('Phone')).toHaveValue('7700900123');
    await expect(page.getByLabel('City')).toHaveValue('Bristol');
    // The shop delivers in the United Kingdom only: a country an older checkout kept is not offered again.
    await expect(page.getByLabel('Country')).toHaveValue('United Kingdom');
  });

  test('with nothing to buy shows the shop’s empty-cart alert', async ({ page }) => {
    await page.goto('/shipping');
    await expect(page.getByRole('alert')).toHaveText(EMPTY_ALERT);
    await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);
  });

  test.describe('refused', () => {
    test.use({ allowedConsoleError: failedRequest(409) });

    test('prices that changed meanwhile: the server’s message, a link to the cart, and the form kept', async ({
      page,
    }) => {
      await addFromCategory(page, 'Nuts', 'Roasted Cashew Nuts', { asNewGuest: true });
      await proceedToShipping(page);
      await page.route('**/api/orders/create-stripe-session', (route) =>
        route.fulfill({
          status: 409,
          json: { message: 'Prices in your cart have changed. Please review your cart before paying.' },
        }),
      );
      await fillAddress(page, { name: 'Grace Hopper', phone: '7700900123', email: 'grace@example.com', ...bristol });
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('Prices in your cart have changed. Please review your cart before paying.');
      await expect(page).toHaveURL(/\/shipping$/);
      await expect(page.getByLabel('Street address')).toHaveValue('12 Harbour Street');
      await alert.getByRole('link', { name: 'Review your cart' }).click();
      await expect(page).toHaveURL(/\/cart$/);
    });
  });
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('an ordinary UK mobile written as people write it, 07700 900123, goes on to payment', async ({ page }) => {
    await addFromCategory(page, 'Nuts', 'Roasted Cashew Nuts', { asNewGuest: true });
    await proceedToShipping(page);
    await fillAddress(page, {
      name: 'Grace Hopper',
      phone: '07700 900123',
      email: uniqueEmail('uk-mobile'),
      ...bristol,
    });
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(page).toHaveURL(/\/pay\/[^/]+$/);
    await expect(page.getByText(PHONE_MESSAGE)).toHaveCount(0);
    // Remembered in its one normal form, and shown again as it was written.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('shippingAddress') ?? '{}').phone)).toBe(
      '+447700900123',
    );
    await page.goBack();
    await expect(page.getByLabel('Phone')).toHaveValue('07700 900123');
  });

  test('a postcode that is not a UK one is refused under its field before leaving the page; any case and spacing goes on', async ({
    page,
  }) => {
    await addFromCategory(page, 'Nuts', 'Roasted Cashew Nuts', { asNewGuest: true });
    await proceedToShipping(page);
    const sessionsAsked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/orders/create-stripe-session')) sessionsAsked.push(request.url());
    });
    await fillAddress(page, {
      name: 'Grace Hopper',
      phone: '07700 900123',
      email: uniqueEmail('uk-postcode'),
      ...bristol,
      postalCode: '12345',
    });
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    const postcode = page.getByLabel('Postal code', { exact: true });
    const message = page.getByText(POSTCODE_MESSAGE);
    await expect(message).toBeVisible();
    await expect(postcode).toHaveAccessibleDescription(POSTCODE_MESSAGE);
    await expect(postcode).toHaveAttribute('aria-invalid', 'true');
    await expect(postcode).toBeFocused();
    await expect(page).toHaveURL(/\/shipping$/);
    expect(sessionsAsked).toEqual([]);
    // Under the field, and within the phone's width.
    const field = await postcode.boundingBox();
    const shown = await message.boundingBox();
    expect(field && shown && shown.y >= field.y + field.height).toBe(true);
    expect(shown && shown.x >= 0 && shown.x + shown.width <= 375).toBe(true);

    await fillAddress(page, { postalCode: ' bs14dj ' });
    await expect(message).toBeHidden();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/pay\/[^/]+$/);
    // Remembered, as the order keeps it, upper case with one space.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('shippingAddress') ?? '{}').postalCode)).toBe(
      'BS1 4DJ',
    );
  });
});

test.describe('logout on a shared computer', () => {
  test('leaves no saved address: the next person’s /shipping form is empty', async ({ page, customer }) => {
    await logIn(page, customer);
    await addFromCategory(page, 'Nuts', 'Roasted Cashew Nuts');
    await proceedToShipping(page);
    await fillAddress(page, { name: 'Grace Hopper', phone: '07700 900123', email: 'grace@example.com', ...bristol });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/pay\/[^/]+$/);

    await page.goto('/');
    await accountMenuButton(page, customer.name).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

    await addFromCategory(page, 'Seeds', 'Roasted Pumpkin Seeds', { asNewGuest: true });
    await proceedToShipping(page);
    for (const label of [
      'Full name',
      'Phone',
      'Email',
      'Street address',
      'Landmark (optional)',
      'City',
      'Postal code',
    ]) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
    }
    expect(await page.evaluate(() => localStorage.getItem('shippingAddress'))).toBeNull();
  });
});

test.describe('after payment', () => {
  test('/success without a session id goes to /cancel', async ({ page }) => {
    await page.goto('/success');
    await expect(page).toHaveURL(/\/cancel$/);
    await expect(page.getByText(CANCEL_TEXT)).toBeVisible();
  });

  test.describe('unknown session', () => {
    test.use({ allowedConsoleError: failedRequest(404) });

    test('/success with a payment that does not verify goes to /cancel, and places no order', async ({ page }) => {
      let orderCalls = 0;
      await page.route('**/api/orders/guest-order', (route) => {
        orderCalls += 1;
        return route.continue();
      });
      await page.goto('/success?session_id=no-such-session');
      await expect(page).toHaveURL(/\/cancel$/);
      await expect(page.getByText(CANCEL_TEXT)).toBeVisible();
      expect(orderCalls).toBe(0);
    });

    test('/order-confirmation for an unknown session says so and offers the way on', async ({ page }) => {
      await page.goto('/order-confirmation?session_id=no-such-session');
      await expect(page.getByRole('alert')).toHaveText(
        'We could not find that payment. Please check your cart and try again.',
      );
      await expect(page.getByRole('link', { name: 'Continue shopping' })).toBeVisible();
    });
  });

  test('/order-confirmation without a session id says there is no order to show', async ({ page }) => {
    await page.goto('/order-confirmation');
    await expect(page.getByRole('alert')).toHaveText('There is no order to show here.');
  });

  test('a guest returning to /success for an order paid elsewhere sees it confirmed, and Back does not run /success again', async ({
    page,
    request,
  }) => {
    const sessionId = await payForTestCart(request);
    await page.goto(`/success?session_id=${encodeURIComponent(sessionId)}`);
    await expect(page.getByRole('status')).toHaveText(SUCCESS_TEXT);
    await expect(page).toHaveURL(/\/order-confirmation\?session_id=/, { timeout: 10_000 });
    await expect(page.getByRole('main')).toContainText('Total£20.37');
    // The page the confirmation replaced is not in the history: Back does not run /success again.
    await page.goBack();
    expect(page.url()).not.toContain('/success');
  });
});
