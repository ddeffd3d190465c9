/** The cart in Chromium: the guest popup, the guest cart in local storage, the customer's cart on the server, and the merge at login. */
import type { Page } from '@playwright/test';
import { expect, logIn, test } from '#tests/e2e/accounts';
import { addFromCard, guestDialog } from '#tests/e2e/cart';

const GUEST_SENTENCE = "Your cart and order history won't be saved if you continue as guest.";
const EMPTY_SENTENCE = 'Your cart is empty. Please add items to your cart before proceeding to checkout.';

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart, / });
const cartLine = (page: Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) });
const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });

test.describe('guest cart', () => {
  test('a guest adds, changes weight and quantity, keeps the cart across a reload and a second tab, and removes all', async ({
    page,
    context,
  }) => {
    await page.goto('/product?category=Nuts');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');

    await page.getByRole('button', { name: 'Add to Cart: Roasted Cashew Nuts' }).click();
    await expect(guestDialog(page)).toBeVisible();
    await expect(guestDialog(page)).toContainText(GUEST_SENTENCE);
    await guestDialog(page).getByRole('button', { name: 'Continue as Guest' }).click();
    await expect(guestDialog(page)).toBeHidden();
    await expect(page.getByRole('link', { name: 'Already in Cart' })).toHaveCount(1);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');

    // The popup is asked once: the guest's next add goes straight in.
    await addFromCard(page, 'Sea Salt Roasted Almonds');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');

    await cartLink(page).click();
    await expect(page).toHaveURL(/\/cart$/);
    const cashews = cartLine(page, 'Roasted Cashew Nuts');
    await expect(cashews).toContainText('£4.19');
    // Each line's real saving: (£6.99 − £4.19) for the cashews, (£4.99 − £3.89) for the almonds.
    await expect(summary(page)).toContainText('Your Savings£3.90');
    await expect(summary(page)).toContainText('Subtotal£8.08');
    await expect(summary(page)).toContainText('Total£8.08');
    await expect(summary(page)).toContainText('DeliveryFreeEstimated delivery: 3 - 5 Business Days');

    await cashews.getByLabel('Weight').selectOption('500g');
    await expect(cashews).toContainText('£8.09');
    await cashews.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(cashews.getByRole('status')).toHaveText(/2$/);
    await expect(cashews).toContainText('£16.18');
    await expect(summary(page)).toContainText('Total£20.07');
    // 2 × (£13.49 − £8.09) + (£4.99 − £3.89).
    await expect(summary(page)).toContainText('Your Savings£11.90');

    await page.reload();
    await expect(cartLine(page, 'Roasted Cashew Nuts')).toContainText('£16.18');
    await expect(summary(page)).toContainText('Total£20.07');

    const secondTab = await context.newPage();
    await secondTab.goto('/cart');
    await expect(cartLine(secondTab, 'Roasted Cashew Nuts')).toContainText('£16.18');
    await secondTab.getByRole('button', { name: 'Remove All' }).click();
    await secondTab.getByRole('button', { name: 'Yes, Remove All' }).click();
    await expect(secondTab.getByText(EMPTY_SENTENCE)).toBeVisible();
    await expect(cartLink(secondTab)).toHaveAccessibleName('Cart, 0 items');
    // The first tab follows the second.
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
    await expect(page.getByText(EMPTY_SENTENCE)).toBeVisible();
    await expect(summary(page)).toHaveCount(0);
  });

  test('BUY NOW on the product page adds the chosen size and quantity and opens the cart', async ({ page }) => {
    await page.goto('/product/roasted-cashew-nuts');
    await page.getByRole('group', { name: 'Size' }).getByRole('button', { name: '500g' }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'BUY NOW' }).click();
    await guestDialog(page).getByRole('button', { name: 'Continue as Guest' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const cashews = cartLine(page, 'Roasted Cashew Nuts');
    await expect(cashews.getByLabel('Weight')).toHaveValue('500g');
    await expect(cashews.getByRole('status')).toHaveText(/3$/);
    await expect(cashews).toContainText('£24.27');
  });

  test('the popup is keyboard friendly: focus moves in, Escape closes it, focus returns and nothing is added', async ({
    page,
  }) => {
    await page.goto('/product?category=Nuts');
    const addButton = page.getByRole('button', { name: 'Add to Cart: Roasted Cashew Nuts' });
    await addButton.focus();
    await page.keyboard.press('Enter');
    await expect(guestDialog(page)).toBeVisible();
    await expect(guestDialog(page).getByRole('button', { name: 'Continue as Guest' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(guestDialog(page).getByRole('button', { name: 'Login' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(guestDialog(page)).toBeHidden();
    await expect(addButton).toBeFocused();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  });

  test('the popup’s Login leads to the login page and back, or on to the cart after Buy Now', async ({ page }) => {
    await page.goto('/product?category=Nuts');
    await page.getByRole('button', { name: 'Add to Cart: Roasted Cashew Nuts' }).click();
    await guestDialog(page).getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fproduct%3Fcategory%3DNuts$/);

    await page.goto('/product?category=Nuts');
    await page.getByRole('button', { name: 'Buy Now: Sea Salt Roasted Almonds' }).click();
    await guestDialog(page).getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcart$/);
  });
});

test.describe('checkout button', () => {
  test('an empty cart shows the shop’s sentence and no checkout; with items it goes to shipping', async ({ page }) => {
    await page.goto('/cart');
    await expect(page.getByText(EMPTY_SENTENCE)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toHaveCount(0);

    await page.goto('/product?category=Nuts');
    await addFromCard(page, 'Roasted Cashew Nuts', { asNewGuest: true });
    await cartLink(page).click();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/shipping$/);
  });
});

test.describe('customer cart', () => {
  test('keeps the guest’s lines at login, lives on the server across reloads, and shows on another device', async ({
    page,
    customer,
    browser,
  }) => {
    await page.goto('/product?category=Nuts');
    await addFromCard(page, 'Roasted Cashew Nuts', { asNewGuest: true });

    await logIn(page, customer);
    await page.goto('/product?category=Nuts');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    await addFromCard(page, 'Sea Salt Roasted Almonds');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
    expect(await page.evaluate(() => localStorage.getItem('guestCart'))).toBeNull();

    await page.reload();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');

    const otherDevice = await browser.newContext();
    const otherPage = await otherDevice.newPage();
    await logIn(otherPage, customer);
    await otherPage.goto('/cart');
    await expect(cartLine(otherPage, 'Roasted Cashew Nuts')).toBeVisible();
    await cartLine(otherPage, 'Sea Salt Roasted Almonds').getByLabel('Weight').selectOption('500g');
    await expect(cartLine(otherPage, 'Sea Salt Roasted Almonds')).toContainText('£7.29');
    await otherDevice.close();

    await page.goto('/cart');
    await expect(cartLine(page, 'Sea Salt Roasted Almonds')).toContainText('£7.29');
    await expect(summary(page)).toContainText('Total£11.48');
  });

  test.describe('refused', () => {
    // The browser itself logs the refused request; that answer is what the test is about.
    test.use({ allowedConsoleError: /Failed to load resource: .*409/ });

    test('a change the server refuses is undone with a message', async ({ page, customer }) => {
      await logIn(page, customer);
      await page.goto('/product?category=Nuts');
      await addFromCard(page, 'Roasted Cashew Nuts');
      await page.goto('/cart');
      await page.route('**/api/cart/clear', (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'The cart is busy.' }),
        }),
      );
      await page.getByRole('button', { name: 'Remove All' }).click();
      await page.getByRole('button', { name: 'Yes, Remove All' }).click();
      await expect(page.getByRole('alert')).toContainText('The cart is busy.');
      await expect(cartLine(page, 'Roasted Cashew Nuts')).toBeVisible();
    });
  });
});

test.describe('unavailable lines', () => {
  test('a guest line for a weight or product the shop no longer sells is shown unavailable, left out of totals and can be mended or removed', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      // Only on the first load: the test's own changes must survive the reload below.
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', 'yes');
      localStorage.setItem('isGuest', 'true');
      localStorage.setItem(
        'guestCart',
        JSON.stringify([
          { _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '250g' },
          { _id: 'sea-salt-roasted-almonds', qty: 2, selectedWeight: '3kg' },
          { _id: 'discontinued-nuts', qty: 1, selectedWeight: '250g' },
        ]),
      );
    });
    await page.goto('/cart');
    const almonds = cartLine(page, 'Sea Salt Roasted Almonds');
    await expect(almonds).toContainText('Unavailable in this weight');
    await expect(page.getByText('Unavailable: no longer sold.')).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    await expect(summary(page)).toContainText('Your Savings£2.80');
    await expect(summary(page)).toContainText('Total£4.19');

    await almonds.getByLabel('Weight').selectOption('500g');
    await expect(almonds).toContainText('£14.58');
    await expect(summary(page)).toContainText('Total£18.77');
    // (£6.99 − £4.19) + 2 × (£9.49 − £7.29).
    await expect(summary(page)).toContainText('Your Savings£7.20');

    await page.getByRole('button', { name: 'Remove A product no longer sold' }).click();
    await expect(page.getByText('Unavailable: no longer sold.')).toBeHidden();
    await page.reload();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2);
  });
});
