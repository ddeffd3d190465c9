/** What a shopper sees when something fails: a chunk that cannot load, and the API's answers to bad input. */
import { expect, test } from '#tests/e2e/base-test';

test.describe('a screen whose code cannot load', () => {
  // The browser reports the refused chunk itself; that is the failure this test stages.
  test.use({ allowedConsoleError: /Failed to load resource|Failed to fetch dynamically imported module/ });

  test('offers a reload, and the reload brings the screen back', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Every not-yet-loaded chunk fails, as after a deploy that removed the old files.
    await page.route('**/assets/about-*.js', (route) => route.abort('failed'));
    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'About' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Chunk-load error' })).toBeVisible();
    const reload = page.getByRole('button', { name: 'Reload page' });
    await expect(reload).toBeVisible();

    await page.unroute('**/assets/about-*.js');
    await reload.click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Our Vision' })).toBeVisible();
  });
});

test.describe('the API answers bad input with a 4xx and a message', () => {
  for (const [method, url, status, message] of [
    ['GET', '/api/products/no-such-nut', 404, 'Product not found'],
    ['GET', "/api/products/'%20or%201=1--", 404, 'Product not found'],
    ['GET', '/api/nothing-here', 404, 'Not found'],
    ['DELETE', '/api/products', 404, 'Not found'],
  ] as const) {
    test(`${method} ${url} → ${status}`, async ({ request }) => {
      const response = await request.fetch(url, { method });
      expect(response.status()).toBe(status);
      expect(await response.json()).toEqual({ message });
    });
  }
});
