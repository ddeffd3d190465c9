/** Automated WCAG 2.2 A/AA checks (axe-core) on every browsing screen, at desktop and phone widths. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';

const pages: { name: string; url: string; allowedConsoleError?: RegExp }[] = [
  { name: 'home', url: '/' },
  { name: 'all products', url: '/product' },
  { name: 'filtered products', url: '/product?category=Seeds' },
  { name: 'best sellers', url: '/products/bestsellers' },
  { name: 'new launches', url: '/products/new-launches' },
  { name: 'product detail', url: '/product/roasted-cashew-nuts' },
  // The browser itself logs the API's 404 for an unknown product; that answer is the page under test.
  { name: 'unknown product', url: '/product/no-such-nut', allowedConsoleError: /Failed to load resource: .*404/ },
  { name: 'search results', url: '/search?query=roasted&category=Nuts' },
  { name: 'empty search', url: '/search?query=zzzz' },
  { name: 'about', url: '/about' },
  { name: 'not found', url: '/no/such/page', allowedConsoleError: /Failed to load resource: .*404/ },
];

for (const width of [1280, 375]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const { name, url, allowedConsoleError } of pages) {
      test.describe(name, () => {
        test.use({ allowedConsoleError });

        test('has no WCAG A or AA violations', async ({ page }) => {
          await page.emulateMedia({ reducedMotion: 'reduce' });
          await page.goto(url);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await page.waitForLoadState('networkidle');
          const results = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
            .analyze();
          const summary = results.violations.map(
            (violation) =>
              `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
          );
          expect(summary).toEqual([]);
        });
      });
    }
  });
}
