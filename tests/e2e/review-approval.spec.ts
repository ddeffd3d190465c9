/**
 * The owner's review approval (decision 106), in a shop of its own (every other journey expects a review to show at
 * once): the owner turns 'Approve each review before it is published' on in /admin/reviews; a shopper's review is
 * thanked with the waiting text and shows nowhere; the owner shows it from the Hidden list and it is on /reviews.
 * At 1366 and 375 px, axe-clean.
 */
import type { Page } from '@playwright/test';
import { expect } from '#tests/e2e/accounts';
import { logInAsAdmin } from '#tests/e2e/admin-screens';
import { violations } from '#tests/e2e/axe';
import { ownShopTest } from '#tests/e2e/own-shop';

const test = ownShopTest();
const SHOTS = '/work/shots/reviews';
const WAITING = 'Thank you! Your review will appear once we have checked it.';

const main = (page: Page) => page.getByRole('main');

for (const width of [1366, 375]) {
  test(`a review waits for the owner's approval when the owner asks for it, at ${width}px`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await logInAsAdmin(page, '/admin/reviews');
    const approval = main(page).getByRole('checkbox', { name: 'Approve each review before it is published' });
    await expect(approval).not.toBeChecked();
    // Checked once the server has kept it.
    await approval.click();
    await expect(approval).toBeChecked();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/admin-approval-${width}.png` });

    // A shopper in a browser of their own.
    const shopper = await browser.newPage({ baseURL, viewport: { width, height: 900 } });
    await shopper.goto('/reviews');
    const dialog = shopper.getByRole('dialog');
    // The button works once the page has hydrated.
    await expect(async () => {
      await shopper.getByRole('button', { name: '+ Add a Review' }).click();
      await expect(dialog).toBeVisible({ timeout: 1_000 });
    }).toPass();
    const name = `Patient ${width}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.locator('label', { has: shopper.getByRole('radio', { name: '5 stars' }) }).click();
    await dialog.getByLabel('Message').fill('Worth the wait.');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(shopper.getByRole('status').filter({ hasText: WAITING })).toHaveText(WAITING);
    await shopper.screenshot({ path: `${SHOTS}/thanks-awaiting-approval-${width}.png` });
    await expect(shopper.getByRole('heading', { name, exact: true })).toHaveCount(0);
    await shopper.reload();
    await expect(shopper.getByRole('heading', { level: 1, name: 'Customer Reviews' })).toBeVisible();
    await expect(shopper.getByRole('heading', { name, exact: true })).toHaveCount(0);

    // The owner shows it; then it is the shop's.
    await page.goto('/admin/reviews?shown=hidden');
    await main(page)
      .getByRole('button', { name: `Show review by ${name}` })
      .click();
    await expect(main(page).getByRole('status')).toContainText(name);
    await shopper.reload();
    await expect(shopper.getByRole('heading', { name, exact: true })).toBeVisible();

    await approval.click();
    await expect(approval).not.toBeChecked();
    await shopper.close();
  });
}
