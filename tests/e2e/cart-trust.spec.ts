/**
 * The cart as a careful UK shopper finds it, with the delivery line and the allergen box, each at the width
 * where a shopper would meet it: the product chosen survives every way to /login, the
 * product page shows what Add to Cart did, the phone grid's buttons stay on one line, the cart asks before
 * emptying, and the guest popup keeps the keyboard inside and gives focus back where it was.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { accountMenuButton, type E2eCustomer, expect, logIn, test } from '#tests/e2e/accounts';
import { addFromCard, guestDialog, startAsGuestWith } from '#tests/e2e/cart';

const PHONE = { width: 375, height: 812 };
const EMPTY_SENTENCE = 'Your cart is empty. Please add items to your cart before proceeding to checkout.';

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart, / });
const cartLines = (page: Page) => page.getByRole('main').getByRole('list').first().getByRole('listitem');
const cartLine = (page: Page, name: string) => cartLines(page).filter({ has: page.getByRole('heading', { name }) });
const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });

/** Fills in the login form the shopper has been sent to and waits until the shop has moved on, logged in. */
async function logInHere(page: Page, customer: E2eCustomer): Promise<void> {
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email address').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Puts a line straight into the customer's cart on the server, as an earlier visit on another device would. */
async function accountHolds(
  request: APIRequestContext,
  customer: E2eCustomer,
  line: { _id: string; qty: number; selectedWeight: string },
) {
  const login = await request.post('/api/auth/login', { data: { email: customer.email, password: customer.password } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const added = await request.post('/api/cart/add', { data: line, headers: { authorization: `Bearer ${token}` } });
  expect(added.status()).toBe(200);
}

/** How many lines of text an element's own text takes on screen. */
function textLines(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)))
      .size;
  });
}

async function boxOf(element: Locator) {
  const box = await element.boundingBox();
  if (!box) throw new Error('not displayed');
  return box;
}

test.describe('item 2: the product chosen survives every way to /login (desktop)', () => {
  test('the popup’s Login after Add to Cart, on a fresh account: the product is in the cart after logging in', async ({
    page,
    customer,
  }) => {
    await page.goto('/product?category=Nuts');
    await page.getByRole('button', { name: 'Add to Cart: Roasted Cashew Nuts' }).click();
    await guestDialog(page).getByRole('button', { name: 'Login' }).click();
    await logInHere(page, customer);

    await expect(page).toHaveURL(/\/product\?category=Nuts$/);
    await expect(accountMenuButton(page, customer.name)).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    await page.goto('/cart');
    await expect(cartLine(page, 'Roasted Cashew Nuts').getByRole('status')).toHaveText(/1$/);
    expect(await page.evaluate(() => localStorage.getItem('guestCart'))).toBeNull();
  });

  test('the popup’s Login after BUY NOW on the product page: merged with what the account holds, then the cart', async ({
    page,
    request,
    customer,
  }) => {
    await accountHolds(request, customer, { _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '250g' });
    await accountHolds(request, customer, { _id: 'walnut-halves', qty: 1, selectedWeight: '250g' });

    await page.goto('/product/roasted-cashew-nuts');
    await page.getByRole('group', { name: 'Size' }).getByRole('button', { name: '500g' }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'BUY NOW' }).click();
    await guestDialog(page).getByRole('button', { name: 'Login' }).click();
    await logInHere(page, customer);

    // Buy Now goes on to the cart; the guest's choice is merged (quantities added, the guest's weight, decision 033).
    await expect(page).toHaveURL(/\/cart$/);
    const cashews = cartLine(page, 'Roasted Cashew Nuts');
    await expect(cashews.getByLabel('Weight')).toHaveValue('500g');
    await expect(cashews.getByRole('status')).toHaveText(/3$/);
    await expect(cartLine(page, 'Walnut Halves')).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  });

  test('Continue as Guest, then the header’s Login', async ({ page, request, customer }) => {
    await accountHolds(request, customer, { _id: 'walnut-halves', qty: 1, selectedWeight: '250g' });
    await page.goto('/product?category=Nuts');
    await addFromCard(page, 'Roasted Cashew Nuts', { asNewGuest: true });
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await logInHere(page, customer);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  });

  test('a guest sent to /login by My Orders', async ({ page, customer }) => {
    await startAsGuestWith(page, [{ _id: 'roasted-cashew-nuts', qty: 2, selectedWeight: '500g' }]);
    await page.goto('/my-orders');
    await logInHere(page, customer);
    await expect(page).toHaveURL(/\/my-orders$/);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    await page.goto('/cart');
    await expect(cartLine(page, 'Roasted Cashew Nuts').getByRole('status')).toHaveText(/2$/);
  });

  test.describe('on a 375 px phone', () => {
    test.use({ viewport: PHONE });

    test('the popup’s Login, and a guest’s line, reach the account through the phone header’s Login', async ({
      page,
      customer,
    }) => {
      await page.goto('/product?category=Nuts');
      await page.getByRole('button', { name: 'Add to Cart: Roasted Cashew Nuts' }).click();
      await guestDialog(page).getByRole('button', { name: 'Continue as Guest' }).click();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
      await page.getByRole('button', { name: 'Add to Cart: Sea Salt Roasted Almonds' }).click();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
      await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
      await logInHere(page, customer);
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
      await page.reload();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
    });
  });
});

test.describe('item 4: the product page shows that Add to Cart worked (375 px)', () => {
  test.use({ viewport: PHONE });

  test('an announced message where the shopper looks, and the button becomes View Cart: no silent second one', async ({
    page,
  }) => {
    await page.goto('/product/roasted-cashew-nuts');
    const message = page.getByRole('main').getByRole('status').filter({ hasText: 'In your cart' });
    await expect(message).toHaveCount(0);

    const add = page.getByRole('button', { name: 'Add to Cart' });
    await add.click();
    await guestDialog(page).getByRole('button', { name: 'Continue as Guest' }).click();

    await expect(message).toHaveText(/^In your cart: 1 × 250g \(£4\.19\)\./);
    await expect(message).toBeInViewport();
    await expect(add).toHaveCount(0);
    const viewCart = page.getByRole('main').getByRole('link', { name: 'View Cart' });
    await expect(viewCart).toBeInViewport();
    await expect(viewCart).toBeFocused();

    // Pressing where Add to Cart was opens the cart, which holds the one the stepper said.
    await viewCart.click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartLine(page, 'Roasted Cashew Nuts').getByRole('status')).toHaveText(/1$/);
  });
});

test.describe('item 5: the phone product grid (375 px)', () => {
  test.use({ viewport: PHONE });

  test('Add to Cart and Buy Now each stay on one line in every card', async ({ page }) => {
    await page.goto('/product');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible();
    for (const card of (await cards.all()).slice(0, 4)) {
      for (const name of [/^Add to Cart: /, /^Buy Now: /]) {
        const button = card.getByRole('button', { name });
        expect(await textLines(button), `${name} on one line`).toBe(1);
        expect((await boxOf(button)).height).toBeLessThanOrEqual(40);
      }
    }
  });

  test('a single search result takes the row, not half of it', async ({ page }) => {
    await page.goto('/search?query=Medjool');
    const results = page.getByRole('main').getByRole('article');
    await expect(results).toHaveCount(1);
    const grid = await boxOf(page.getByRole('main').getByRole('list').first());
    expect((await boxOf(results.first())).width).toBeGreaterThanOrEqual(grid.width - 1);
  });
});

test.describe('item 6: the cart on a 375 px phone', () => {
  test.use({ viewport: PHONE });

  test('Remove All asks first; Keep Items keeps them; yes empties it and the shop’s sentence replaces the summary', async ({
    page,
  }) => {
    await startAsGuestWith(page, [
      { _id: 'roasted-cashew-nuts', qty: 2, selectedWeight: '250g' },
      { _id: 'sea-salt-roasted-almonds', qty: 1, selectedWeight: '250g' },
    ]);
    await page.goto('/cart');
    const removeAll = page.getByRole('button', { name: 'Remove All', exact: true });
    await removeAll.click();
    const question = page.getByRole('group', { name: 'Remove all 2 items from your cart?' });
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'Keep Items' })).toBeFocused();
    await expect(cartLines(page)).toHaveCount(2);

    await question.getByRole('button', { name: 'Keep Items' }).click();
    await expect(question).toHaveCount(0);
    await expect(removeAll).toBeFocused();
    await expect(cartLines(page)).toHaveCount(2);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');

    await removeAll.click();
    await question.getByRole('button', { name: 'Yes, Remove All' }).click();
    await expect(page.getByText(EMPTY_SENTENCE)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse products' })).toBeFocused();
    await expect(summary(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toHaveCount(0);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  });

  test('an empty cart shows the shop’s sentence and no summary of £0.00 or checkout', async ({ page }) => {
    await page.goto('/cart');
    await expect(page.getByText(EMPTY_SENTENCE)).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('£0.00');
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toHaveCount(0);
  });

  test('each line shows its unit price, and keeps its price and Remove beside it, not under the picture', async ({
    page,
  }) => {
    await startAsGuestWith(page, [
      { _id: 'roasted-cashew-nuts', qty: 2, selectedWeight: '500g' },
      { _id: 'sea-salt-roasted-almonds', qty: 1, selectedWeight: '250g' },
    ]);
    await page.goto('/cart');
    const cashews = cartLine(page, 'Roasted Cashew Nuts');
    await expect(cashews).toContainText('£8.09 each');
    await expect(cashews).toContainText('£16.18');
    await expect(cartLine(page, 'Sea Salt Roasted Almonds')).toContainText('£3.89 each');

    for (const line of await cartLines(page).all()) {
      const picture = await boxOf(line.locator('img'));
      const linePrice = await boxOf(line.getByText(/^£\d+\.\d\d$/));
      const remove = await boxOf(line.getByRole('button', { name: /^Remove / }));
      // Right of the picture, and the price level with it.
      expect(linePrice.x).toBeGreaterThanOrEqual(picture.x + picture.width);
      expect(remove.x).toBeGreaterThanOrEqual(picture.x + picture.width);
      expect(linePrice.y).toBeLessThan(picture.y + picture.height);
    }
  });

  test('the cart and the checkout show delivery: Free, 3 - 5 Business Days', async ({ page }) => {
    await startAsGuestWith(page, [{ _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '250g' }]);
    await page.goto('/cart');
    await expect(summary(page)).toContainText('DeliveryFreeEstimated delivery: 3 - 5 Business Days');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/shipping$/);
    await expect(summary(page)).toContainText('DeliveryFreeEstimated delivery: 3 - 5 Business Days');
    await expect(summary(page)).toContainText('Total£4.19');
  });
});

test.describe('item 7: the guest popup by keyboard (desktop)', () => {
  test('Tab and Shift+Tab stay inside; after Continue as Guest focus is where the button was, not the body', async ({
    page,
  }) => {
    await page.goto('/product?category=Nuts');
    await page.getByRole('button', { name: 'Add to Cart: Roasted Cashew Nuts' }).focus();
    await page.keyboard.press('Enter');
    const dialog = guestDialog(page);
    const guest = dialog.getByRole('button', { name: 'Continue as Guest' });
    const login = dialog.getByRole('button', { name: 'Login' });
    await expect(guest).toBeFocused();

    const focusInDialog = () =>
      page.evaluate(() => document.activeElement?.closest('dialog') !== null && document.activeElement !== null);
    for (const expected of [login, guest, login, guest]) {
      await page.keyboard.press('Tab');
      await expect(expected).toBeFocused();
      expect(await focusInDialog()).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    await expect(login).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(guest).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    const card = page.getByRole('main').getByRole('article').filter({ hasText: 'Roasted Cashew Nuts' });
    await expect(card.getByRole('link', { name: 'Already in Cart' })).toBeFocused();
  });
});

test.describe('a card’s Add to Cart by keyboard, logged in (desktop)', () => {
  test('focus moves to the card’s Already in Cart link that replaces the button, not to the page’s start', async ({
    page,
    customer,
  }) => {
    await logIn(page, customer);
    await page.goto('/product?category=Nuts');
    await page.getByRole('button', { name: 'Add to Cart: Roasted Cashew Nuts' }).focus();
    await page.keyboard.press('Enter');
    const card = page.getByRole('main').getByRole('article').filter({ hasText: 'Roasted Cashew Nuts' });
    await expect(card.getByRole('link', { name: 'Already in Cart' })).toBeFocused();
  });
});

test.describe('the allergen box', () => {
  test('holds the product’s “may contain” warning, not only the description', async ({ page }) => {
    await page.goto('/product/roasted-cashew-nuts');
    const box = page
      .getByRole('region', { name: 'Price' })
      .locator('div')
      .filter({ hasText: /^Allergens: Tree nuts/ })
      .first();
    await expect(box).toContainText('May contain: Peanuts, Sesame');

    await page.goto('/product/honey-roasted-peanuts');
    await expect(page.getByRole('region', { name: 'Price' })).toContainText('May contain: Tree nuts, Sesame');
  });
});
