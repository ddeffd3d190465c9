/**
 * The shopper's smaller details (decision 115): the login page after sign-up keeps the verified address, the reset
 * page's success links to log in, a removed cart line can be put back for a few seconds, the test payment page takes
 * an expiry as people type it and keeps what was typed on a refusal, 'Already in Cart' fits a phone's card, the
 * review carousel's arrows leave the dates readable, and no empty band sits above the footer.
 */
import type { Locator, Page } from '@playwright/test';
import { uniqueEmail } from '#tests/accounts';
import { cartPayload, guestAddress, testCard } from '#tests/checkout';
import { expect, test } from '#tests/e2e/accounts';
import { violations } from '#tests/e2e/axe';
import { addFromCard } from '#tests/e2e/cart';
import { codeFrom, resetTokenFrom } from '#tests/e2e/outbox';

const cartLine = (page: Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) });

/** Whether two boxes overlap at all. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) throw new Error('an element has no box');
  return (
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height
  );
}

test.describe('after signing up', () => {
  test('the login page starts with the verified address, and only the password is left to type', async ({
    page,
    outbox,
  }) => {
    const email = uniqueEmail('prefilled');
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('compilers-1952');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('6-digit code').fill(codeFrom(await outbox.nextMailTo(email)));
    await page.getByRole('button', { name: 'Verify code' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    // Not in the address bar, where logs and the history list would keep it.
    expect(page.url()).not.toContain(encodeURIComponent(email));
    await page.getByLabel('Password', { exact: true }).fill('compilers-1952');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Grace Hopper', exact: true })).toBeVisible();
  });
});

test('the reset page’s success links to log in', async ({ page, customer, outbox }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email address').fill(customer.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  await page.goto(`/api/auth/reset-password/${resetTokenFrom(await outbox.nextMailTo(customer.email))}`);
  await page.getByLabel('New password', { exact: true }).fill('fresh-roast-2026');
  await page.getByLabel('Confirm new password').fill('fresh-roast-2026');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password has been reset. You can now log in.');
  await page.getByRole('link', { name: 'Log in with your new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('removing a cart line', () => {
  test('offers Undo for a few seconds, announced, which puts the same weight and quantity back', async ({ page }) => {
    await page.goto('/product?category=Nuts');
    await addFromCard(page, 'Roasted Cashew Nuts', { asNewGuest: true });
    await addFromCard(page, 'Sea Salt Roasted Almonds');
    await page.goto('/cart');
    const cashews = cartLine(page, 'Roasted Cashew Nuts');
    await cashews.getByLabel('Weight').selectOption('500g');
    await cashews.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(cashews.locator('output')).toHaveText(/ 2$/);

    // From the keyboard: the Undo takes the focus the vanished Remove had.
    await cashews.getByRole('button', { name: 'Remove Roasted Cashew Nuts' }).focus();
    await page.keyboard.press('Enter');
    await expect(cashews).toHaveCount(0);
    const notice = page.getByRole('status').filter({ hasText: 'Removed Roasted Cashew Nuts (500g) from your cart.' });
    await expect(notice).toBeVisible();
    const undo = notice.getByRole('button', { name: /^Undo/ });
    await expect(undo).toBeFocused();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Roasted Cashew Nuts is back in your cart.' }),
    ).toBeVisible();
    await expect(cashews.getByLabel('Weight')).toHaveValue('500g');
    await expect(cashews.locator('output')).toHaveText(/ 2$/);

    // With the mouse, the offer lapses after a few seconds and the line stays gone.
    await cartLine(page, 'Sea Salt Roasted Almonds')
      .getByRole('button', { name: 'Remove Sea Salt Roasted Almonds' })
      .click();
    const lapsing = page.getByRole('button', { name: 'Undo: put Sea Salt Roasted Almonds back in your cart' });
    await expect(lapsing).toBeVisible();
    await expect(lapsing).toBeHidden({ timeout: 20_000 });
    await page.reload();
    await expect(cartLine(page, 'Sea Salt Roasted Almonds')).toHaveCount(0);
    await expect(cartLine(page, 'Roasted Cashew Nuts')).toHaveCount(1);
  });
});

test.describe('the test payment page', () => {
  test('takes an expiry typed as MMYY, and keeps every field on a refusal', async ({ page, request }) => {
    const started = await request.post('/api/orders/create-stripe-session', {
      data: cartPayload(guestAddress({ name: 'Ada Lovelace' })),
    });
    expect(started.status()).toBe(200);
    const { url } = (await started.json()) as { url: string };
    await page.goto(url);

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('1329');
    await page.getByLabel('CVC').fill(testCard.cvc);
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('alert')).toHaveText("Your card's expiration date is invalid.");
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await expect(page.getByLabel('CVC')).toHaveValue(testCard.cvc);
    await expect(page.getByLabel('Name on card')).toHaveValue('Ada Lovelace');

    await page.getByLabel('Expiry').fill('0830');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/success\?session_id=/);
  });
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('‘Already in Cart’ stays on one line in the two-column grid', async ({ page }) => {
    await page.goto('/product?category=Nuts');
    await addFromCard(page, 'Roasted Cashew Nuts', { asNewGuest: true });
    const link = page.getByRole('main').getByRole('link', { name: 'Already in Cart' });
    const lineHeight = await link.evaluate((element) => Number.parseFloat(getComputedStyle(element).lineHeight));
    const textHeight = await link.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect().height;
    });
    expect(textHeight).toBeLessThan(lineHeight * 1.5);
    // And inside its card.
    const card = page.getByRole('main').getByRole('article').filter({ hasText: 'Roasted Cashew Nuts' });
    const [linkBox, cardBox] = [await link.boundingBox(), await card.boundingBox()];
    expect(linkBox!.x + linkBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  });

  test('the review carousel’s arrow covers no card’s date', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Customer reviews' });
    const next = carousel.getByRole('button', { name: 'Next slide' });
    await expect(next).toBeVisible();
    const dates = carousel.locator('time');
    await expect(dates.first()).toBeVisible();
    /** The dates the shopper sees: those inside the row's clipped window, not the next cards waiting beside it. */
    const expectDatesClear = async () => {
      const window = await carousel.locator('[aria-live]').locator('..').boundingBox();
      let seen = 0;
      for (let index = 0; index < (await dates.count()); index += 1) {
        const box = await dates.nth(index).boundingBox();
        if (!box || !window || box.x < window.x || box.x + box.width > window.x + window.width) continue;
        seen += 1;
        expect(await overlaps(next, dates.nth(index)), `date ${index}`).toBe(false);
      }
      expect(seen).toBeGreaterThan(0);
    };
    await expectDatesClear();
    // The other reviews come into view too: none of their dates is under the arrow either.
    for (let turn = 0; turn < 3 && (await next.isEnabled()); turn += 1) {
      await next.click();
      await page.waitForTimeout(600);
      await expectDatesClear();
    }
  });
});

for (const width of [375, 1366]) {
  test(`no empty band above the footer at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const url of ['/about', '/product/medjool-dates', '/returns']) {
      await page.goto(url);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      const gap = await page.evaluate(() => {
        const footerTop = document.querySelector('footer')!.getBoundingClientRect().top;
        // The lowest thing the page shows above the footer: its innermost elements, not the boxes around them.
        let bottom = 0;
        for (const element of document.querySelectorAll('main *')) {
          const rect = element.getBoundingClientRect();
          if (element.children.length === 0 && rect.height > 1 && rect.width > 1)
            bottom = Math.max(bottom, rect.bottom);
        }
        return footerTop - bottom;
      });
      // The page's own bottom padding, and no more.
      expect(gap, url).toBeLessThanOrEqual(56);
    }
  });
}
