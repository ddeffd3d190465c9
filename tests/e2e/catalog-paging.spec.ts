/**
 * Lists longer than one page (decision 081): a shop of its own with 150 products (the launch 25 and
 * made-up ones) shows 48 at a time. The server's HTML carries the first 48 and no more; 'Show more products' adds the
 * next page, by mouse or keyboard, with the count beside it; back from a product keeps what was shown. The counts come
 * from the API, so a change to the made-up products cannot make the page and the test agree by accident.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { openDatabase } from '#server/db/client';
import { addMadeUpProducts } from '#server/db/seed/made-up-products';
import { violations } from '#tests/e2e/axe';
import { test as base, expect } from '#tests/e2e/base-test';
import { killServer, startServer, waitUntilHealthy } from '#tests/server-process';

// Four pages of the whole list, and more than one of Seeds.
const PRODUCT_COUNT = 150;
const PAGE_SIZE = 48;
// The shop as built for the other journeys (npm test builds it first).
const webDistDir = path.resolve('dist/web');

const test = base.extend<object, { largeShopUrl: string }>({
  largeShopUrl: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright passes fixtures as the first argument
    async ({}, use) => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-e2e-paging-'));
      const handle = await openDatabase({ dataDir });
      await handle.prepare();
      await addMadeUpProducts(handle, PRODUCT_COUNT);
      await handle.close();
      const server = await startServer({ DATA_DIR: dataDir, WEB_DIST_DIR: webDistDir });
      try {
        await waitUntilHealthy(server);
        await use(server.url);
      } finally {
        await killServer(server, 'SIGTERM');
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ largeShopUrl }, use) => use(largeShopUrl),
});

const productCards = (page: Page) => page.getByRole('main').getByRole('article');

/** How many products the API says a list has. */
async function totalOf(page: Page, query: string): Promise<number> {
  const response = await page.request.get(`/api/products/browse?${query}&limit=1`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

test('the product list shows 48 products, then 48 more with each Show more, by mouse or keyboard', async ({ page }) => {
  const total = await totalOf(page, 'offset=0');
  expect(total).toBe(PRODUCT_COUNT);

  const html = await (await page.request.get('/product')).text();
  // The page as sent holds the first page only: the 48th product's name, not the 49th's.
  const [first48, after48] = (
    (await (await page.request.get('/api/products/browse?limit=49')).json()) as {
      items: { name: string }[];
    }
  ).items.slice(PAGE_SIZE - 1);
  expect(html).toContain(first48!.name);
  expect(html).not.toContain(after48!.name);

  await page.goto('/product');
  await expect(page.getByText(`${total} products`, { exact: true })).toBeVisible();
  await expect(productCards(page)).toHaveCount(PAGE_SIZE);
  await expect(page.getByText(`Showing ${PAGE_SIZE} of ${total} products`)).toBeVisible();

  const showMore = page.getByRole('button', { name: 'Show more products' });
  await showMore.click();
  await expect(productCards(page)).toHaveCount(2 * PAGE_SIZE);
  await expect(page.getByText(`Showing ${2 * PAGE_SIZE} of ${total} products`)).toBeVisible();
  await expect(page.getByRole('heading', { name: after48!.name })).toBeVisible();

  // The keyboard keeps its place on the button while the next page loads.
  await showMore.focus();
  await page.keyboard.press('Enter');
  await expect(productCards(page)).toHaveCount(3 * PAGE_SIZE);
  await expect(showMore).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(productCards(page)).toHaveCount(total);
  await expect(showMore).toHaveCount(0);
  await expect(page.getByText(/^Showing \d+ of/)).toHaveCount(0);
});

test('back from a product keeps every product the shopper had shown', async ({ page }) => {
  await page.goto('/product');
  await page.getByRole('button', { name: 'Show more products' }).click();
  await expect(productCards(page)).toHaveCount(2 * PAGE_SIZE);
  const lastShown = productCards(page).nth(2 * PAGE_SIZE - 1);
  const name = (await lastShown.getByRole('heading').textContent())!;
  await lastShown.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goBack();
  await expect(productCards(page)).toHaveCount(2 * PAGE_SIZE);
  await expect(page.getByRole('heading', { name, exact: true })).toBeInViewport();
});

test('a category and a search page the same way, with the counts the API gives', async ({ page }) => {
  await page.goto('/product');
  await page.getByRole('group', { name: 'Category' }).getByRole('radio', { name: 'Seeds' }).check();
  const seeds = await totalOf(page, 'category=Seeds');
  expect(seeds).toBeGreaterThan(PAGE_SIZE);
  await expect(page.getByText(`${seeds} products in Seeds`, { exact: true })).toBeVisible();
  await expect(productCards(page)).toHaveCount(PAGE_SIZE);
  await page.getByRole('button', { name: 'Show more products' }).click();
  await expect(productCards(page)).toHaveCount(seeds);
  for (const card of await productCards(page).all()) {
    await expect(card.getByText('Category: Seeds', { exact: true })).toHaveCount(1);
  }

  const words = 'made-up product';
  const found = await totalOf(page, `q=${encodeURIComponent(words)}`);
  expect(found).toBe(PRODUCT_COUNT - 25);
  await page.goto(`/search?query=${encodeURIComponent(words)}`);
  await expect(page.getByText(`${found} products found`, { exact: true })).toBeVisible();
  await expect(productCards(page)).toHaveCount(PAGE_SIZE);
  await page.getByRole('button', { name: 'Show more products' }).click();
  await expect(productCards(page)).toHaveCount(2 * PAGE_SIZE);
  await page.getByRole('button', { name: 'Show more products' }).click();
  await expect(productCards(page)).toHaveCount(found);
  expect(await violations(page)).toEqual([]);
});
