/**
 * A shopper on a phone searches with a typo, follows 'Did you mean …?', asks for what is free from peanuts (nothing
 * is: the kitchen handles them, and the list says so), keeps what is free from sulphites, sorts by price, and finds
 * it all again after a reload: the address holds the search, the sort and the allergens (decisions 110, 111, 114). A
 * shop of its own, where two packs are priced at either end of the range so the order shows.
 */
import { and, eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { productWeights } from '#server/db/schema';
import { expect } from '#tests/e2e/accounts';
import { violations } from '#tests/e2e/axe';
import { ownShopTest } from '#tests/e2e/own-shop';

const test = ownShopTest(async (db) => {
  const price = (productId: string, pricePence: number) =>
    db
      .update(productWeights)
      .set({ pricePence, mrpPence: null })
      .where(and(eq(productWeights.productId, productId), eq(productWeights.label, '250g')));
  await price('walnut-halves', 49);
  await price('brazil-nuts', 9999);
});

test.use({ viewport: { width: 375, height: 812 } });

const cardNames = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 });
const sortBy = (page: Page) => page.getByLabel('Sort by');
const peanuts = (page: Page) => page.getByRole('checkbox', { name: 'Peanuts' });
const sulphites = (page: Page) => page.getByRole('checkbox', { name: 'Sulphur dioxide and sulphites' });
const kitchenNote = (page: Page) =>
  page.getByText('Our kitchen handles peanuts, tree nuts and sesame, so nothing we sell is free from peanuts.');
const freeFromToggle = (page: Page) => page.locator('summary', { hasText: 'Free from allergens' });

async function expectCheapestFirstWithoutSulphites(page: Page) {
  await expect(sortBy(page)).toHaveValue('price-asc');
  await expect(cardNames(page).first()).toHaveText('Walnut Halves');
  await expect(cardNames(page).last()).toHaveText('Brazil Nuts');
  await expect(page.getByText(/products found · free from Sulphur dioxide and sulphites/)).toBeVisible();
}

test('a search with a typo is corrected, filtered by allergens, sorted by price, and kept on reload', async ({
  page,
}) => {
  await page.goto('/');
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.fill('nutts');
  await search.press('Enter');

  await expect(page.getByRole('heading', { name: 'Search results for "nutts"' })).toBeVisible();
  const suggestion = page.getByRole('link', { name: 'nuts', exact: true });
  await expect(page.getByText('Did you mean nuts?')).toBeVisible();
  // Near matches show at once, the products named for nuts first.
  await expect(cardNames(page).first()).toHaveText('Roasted Cashew Nuts');
  await suggestion.click();
  await expect(page).toHaveURL(/\/search\?query=nuts$/);
  await expect(page.getByText('Did you mean')).toHaveCount(0);
  await expect(cardNames(page).filter({ hasText: 'Honey Roasted Peanuts' })).toHaveCount(1);

  await freeFromToggle(page).click();
  // A box follows the address: it shows its new state once the click's navigation lands, so click and wait for it
  // rather than check(), which looks at the box straight after the click.
  await peanuts(page).click();
  await expect(page).toHaveURL(/[?&]free-from=Peanuts(?:&|$)/);
  await expect(page.getByText('Free from allergens (1 chosen)')).toBeVisible();
  await expect(kitchenNote(page)).toBeVisible();
  await expect(cardNames(page)).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await peanuts(page).click();
  await expect(page).not.toHaveURL(/free-from=/);
  await expect(kitchenNote(page)).toHaveCount(0);
  await sulphites(page).click();
  await expect(page).toHaveURL(/[?&]free-from=Sulphur(?:\+|%20)dioxide(?:\+|%20)and(?:\+|%20)sulphites(?:&|$)/);

  await sortBy(page).selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/[?&]sort=price-asc(?:&|$)/);
  await expectCheapestFirstWithoutSulphites(page);
  expect(await violations(page)).toEqual([]);

  await page.reload();
  await expectCheapestFirstWithoutSulphites(page);
  await freeFromToggle(page).click();
  await expect(sulphites(page)).toBeChecked();
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('nuts');
});

test('a word nothing is near says no products match, and offers no correction', async ({ page }) => {
  await page.goto('/search?query=xqzvbnm');
  await expect(page.getByText('No matching products found.')).toBeVisible();
  await expect(page.getByText('Did you mean')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
});

test('without scripts the controls are a form that keeps the search and puts its choices in the address', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    viewport: { width: 375, height: 812 },
  });
  try {
    const page = await context.newPage();
    await page.goto('/search?query=nuts');
    await freeFromToggle(page).click();
    await sulphites(page).check();
    await sortBy(page).selectOption('price-asc');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/search\?query=nuts&sort=price-asc&free-from=Sulphur/);
    await expectCheapestFirstWithoutSulphites(page);
  } finally {
    await context.close();
  }
});
