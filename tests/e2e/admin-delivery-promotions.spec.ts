/**
 * The owner's Delivery and Promotions screens at 375 px (docs/api.md, The owner's API): the owner sets a standard
 * charge, free delivery over an amount and a Highlands zone, sees it saved, and the /delivery page states it in its
 * first HTML; the owner makes a code and switches it off. Both screens axe-clean, without sideways scrolling.
 */
import type { Page } from '@playwright/test';
import { expect } from '#tests/e2e/accounts';
import { startAsGuestWith } from '#tests/e2e/cart';
import { ownShopTest } from '#tests/e2e/own-shop';
import { expectNoSidewaysScroll, logInAsAdmin } from '#tests/e2e/admin-screens';
import { violations } from '#tests/e2e/axe';

const SHOTS = '/work/shots/owner';

// A shop of its own: the charges set here would change the totals of every journey in the shared shop.
const test = ownShopTest();

async function openScreen(page: Page, screen: 'Delivery' | 'Promotions') {
  await logInAsAdmin(page, '/admin');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await nav.getByRole('link', { name: screen }).click();
  await expect(nav.getByRole('link', { name: screen })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
  await expect(page).toHaveTitle(`${screen} | Admin | Roast & Co.`);
}

test.describe('the owner at 375 px', () => {
  // The server's refusals the journeys cause on purpose: a bad postcode prefix (400) and a code taken (409).
  test.use({ viewport: { width: 375, height: 800 }, allowedConsoleError: /status of (400|409) / });

  test('sets delivery charges with a Highlands zone; the delivery page states them and a cart says what is left', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    await openScreen(page, 'Delivery');
    const main = page.getByRole('main');
    await main.getByLabel('Standard charge (£)').fill('3.95');
    await main.getByLabel('Free delivery from (£)').fill('30');
    await main.getByRole('button', { name: 'Add a zone' }).click();
    await main.getByLabel('Zone 1 name').fill('Highlands');
    await main.getByLabel('Zone 1 postcode areas and districts').fill('IV41, hs ze');
    await main.getByLabel('Zone 1 surcharge (£)').fill('4.50');
    await page.screenshot({ path: `${SHOTS}/delivery-form-375.png`, fullPage: true });
    // At the top: scrolled, the shop's sticky header lies over the admin links, which axe counts against them.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await violations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await main.getByRole('button', { name: 'Save delivery charges' }).click();
    await expect(main.getByRole('status').filter({ hasText: 'Delivery charges saved.' })).toBeVisible();
    await expect(main.getByLabel('Zone 1 postcode areas and districts')).toHaveValue('IV41, HS, ZE');
    await page.screenshot({ path: `${SHOTS}/delivery-375.png`, fullPage: true });

    // A mistake is shown beside its field.
    await main.getByLabel('Zone 1 postcode areas and districts').fill('IV41, 12');
    await main.getByRole('button', { name: 'Save delivery charges' }).click();
    await expect(
      main.getByText('Please write each postcode prefix as an area (HS) or a district (IV41).'),
    ).toBeVisible();
    await expect(main.getByLabel('Zone 1 postcode areas and districts')).toHaveAttribute('aria-invalid', 'true');

    const html = await (await request.get('/delivery')).text();
    expect(html).toContain('Standard delivery costs £3.95.');
    expect(html).toContain('free on orders of £30.00 or more');
    expect(html).toContain('Highlands (IV41, HS, ZE): a surcharge of £4.50');
    expect(html).toContain('3 - 5 Business Days');
    await page.goto('/delivery');
    await expect(page.getByRole('main')).toContainText('Standard delivery costs £3.95.');
    await page.screenshot({ path: `${SHOTS}/delivery-page-375.png`, fullPage: true });

    // A guest with the test cart (£20.37) is told the charge and how much more makes delivery free.
    const guest = await (await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } })).newPage();
    await startAsGuestWith(guest, [
      { _id: 'roasted-cashew-nuts', qty: 2, selectedWeight: '500g' },
      { _id: 'medjool-dates', qty: 1, selectedWeight: '250g' },
    ]);
    await guest.goto('/cart');
    const summary = guest.getByRole('region', { name: 'Order summary' });
    await expect(summary).toContainText('£9.63 more for free delivery');
    await expect(summary).toContainText('£3.95');
  });

  test('makes a promotion code and switches it off', async ({ page }) => {
    const code = `OWNER${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    await openScreen(page, 'Promotions');
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
    await main.getByLabel('Description', { exact: true }).fill('Ten percent off for the owner test');
    await main.getByLabel('What it gives').selectOption('percent');
    await main.getByLabel('Percentage off').fill('10');
    await main.getByLabel('Minimum spend (£)').fill('20');
    await main.getByLabel('Maximum uses').fill('50');
    await main.getByLabel('Once per customer').check();
    // At the top: scrolled, the shop's sticky header lies over the admin links, which axe counts against them.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await violations(page)).toEqual([]);
    await main.getByRole('button', { name: 'Make the code' }).click();
    await expect(main.getByRole('status').filter({ hasText: `${code} made.` })).toBeVisible();

    const row = main.getByRole('listitem').filter({ hasText: code });
    await expect(row).toContainText('10% off');
    await expect(row).toContainText('£20.00');
    await expect(row).toContainText('0 / 50');
    await expect(row).toContainText('Active');
    await expectNoSidewaysScroll(page);
    // At the top: scrolled, the shop's sticky header lies over the admin links, which axe counts against them.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/promotions-375.png`, fullPage: true });

    await row.getByRole('button', { name: `Switch off ${code}` }).click();
    await expect(row).toContainText('Switched off');
    await expect(row.getByRole('button', { name: `Switch on ${code}` })).toBeVisible();

    // The same code again, in another case, is refused beside the code field.
    await main.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
    await main.getByLabel('Description', { exact: true }).fill('Again');
    await main.getByLabel('Percentage off').fill('5');
    await main.getByRole('button', { name: 'Make the code' }).click();
    await expect(main.getByText('A promotion with this code exists already.')).toBeVisible();
  });
});

test.describe('the owner at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('sees both screens laid out wide, axe-clean', async ({ page }) => {
    await openScreen(page, 'Delivery');
    for (const screen of ['Delivery', 'Promotions'] as const) {
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: screen }).click();
      await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
      await expect(page.getByRole('main').getByRole('button').first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/${screen.toLowerCase()}-1366.png`, fullPage: true });
    }
  });
});
