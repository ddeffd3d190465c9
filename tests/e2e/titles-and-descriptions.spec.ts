/**
 * What a browser tab, a search result and a link preview show of each page: its own title, and one meta
 * description a search result can show whole (a product's from its own description).
 */
import type { Page } from '@playwright/test';
import { expect, test } from '#tests/e2e/base-test';

/** The page's meta description: exactly one, and what it says. */
async function metaDescription(page: Page): Promise<string | null> {
  const descriptions = page.locator('head meta[name="description"]');
  await expect(descriptions).toHaveCount(1);
  return descriptions.getAttribute('content');
}

// One test per page, so that each page's start-up on a busy machine has a test's time of its own.
test.describe('every page has its own title and description', () => {
  for (const [path, title] of [
    ['/product', 'All Products | Roast & Co.'],
    ['/product?category=Seeds', 'Seeds | Roast & Co.'],
    ['/products/bestsellers', 'Best Sellers | Roast & Co.'],
    ['/products/new-launches', 'Newly Launched Products | Roast & Co.'],
    ['/product/roasted-pumpkin-seeds', 'Roasted Pumpkin Seeds | Roast & Co.'],
    ['/search?query=cashew', 'Search: cashew | Roast & Co.'],
    ['/about', 'About Us | Roast & Co.'],
    ['/privacy', 'Privacy Policy | Roast & Co.'],
    ['/terms', 'Terms and Conditions | Roast & Co.'],
    ['/delivery', 'Delivery Information | Roast & Co.'],
    ['/returns', 'Returns and Refunds | Roast & Co.'],
    ['/faq', 'FAQ | Roast & Co.'],
  ] as const) {
    test(`${path}: ${title}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(title);
      // A sentence a search result can show whole.
      expect(await metaDescription(page)).toMatch(/^\S.{40,158}$/);
    });
  }

  test('a product page is described by the product’s own description', async ({ page, request }) => {
    const product = (await (await request.get('/api/products/roasted-pumpkin-seeds')).json()) as {
      description: string;
    };
    await page.goto('/product/roasted-pumpkin-seeds');
    await expect(page).toHaveTitle('Roasted Pumpkin Seeds | Roast & Co.');
    const description = await metaDescription(page);
    expect(description?.length).toBeLessThanOrEqual(160);
    expect(product.description.startsWith(description?.replace(/…$/, '') ?? '-')).toBe(true);
  });

  test('home, also when reached from another page', async ({ page }) => {
    // Moving within the app must not leave the previous page's title behind.
    await page.goto('/about');
    await expect(page).toHaveTitle('About Us | Roast & Co.');
    const aboutDescription = await metaDescription(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Imported Quality Dry Roasted Deliver in 3-5 Days' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Roast & Co. — Roasted Nuts, Dry Fruits and Seeds');
    expect(await metaDescription(page)).not.toBe(aboutDescription);
  });
});
