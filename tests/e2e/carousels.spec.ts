/** The carousels' sizes, the banner's rotation, and a home page that does not jump while images load. */
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Product cards lying wholly inside the carousel's viewport, i.e. the cards a shopper sees at once. */
async function cardsInView(carousel: Locator): Promise<number> {
  const viewport = await carousel.locator('> div').first().boundingBox();
  if (!viewport) throw new Error('carousel has no viewport');
  const boxes = await carousel.getByRole('article').evaluateAll((cards) =>
    cards.map((card) => {
      const { x, width } = card.getBoundingClientRect();
      return { x, width };
    }),
  );
  return boxes.filter((box) => box.x >= viewport.x - 1 && box.x + box.width <= viewport.x + viewport.width + 1).length;
}

for (const [width, expected] of [
  [1280, 4],
  [1024, 4],
  [1023, 3],
  [768, 3],
  [767, 2],
  [480, 2],
  [479, 1],
  [360, 1],
] as const) {
  test(`product carousels show ${expected} card(s) at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    for (const name of ['Newly Launched Products', 'Best Sellers']) {
      const carousel = page.getByRole('region', { name, exact: true }).and(page.locator('[aria-roledescription="carousel"]'));
      await expect(carousel.getByRole('group').first()).toBeVisible();
      await expect.poll(() => cardsInView(carousel)).toBe(expected);
    }
  });
}

test('the banner turns to the next slide by itself after about five seconds, and loops', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Featured products' });
  const slideInView = async () => {
    const viewport = await banner.locator('> div').first().boundingBox();
    const slides = await banner.getByRole('group').evaluateAll((groups) =>
      groups.map((group) => ({ label: group.getAttribute('aria-label'), x: group.getBoundingClientRect().x })),
    );
    return slides.find((slide) => viewport && Math.abs(slide.x - viewport.x) < 2)?.label;
  };
  await expect.poll(slideInView).toBe('1 of 3');
  const started = Date.now();
  await expect.poll(slideInView, { timeout: 9000 }).toBe('2 of 3');
  // Autoplay waits its 5,000 ms before moving; the poll's own step adds up to a second.
  expect(Date.now() - started).toBeGreaterThan(3500);

  // Infinite loop: forward from the last slide comes back to the first.
  await banner.getByRole('button', { name: 'Stop automatic slide show' }).click();
  const next = banner.getByRole('button', { name: 'Next slide' });
  for (const label of ['3 of 3', '1 of 3']) {
    await next.click();
    await expect.poll(slideInView).toBe(label);
  }
});

test('the home page does not shift while images and deferred parts arrive', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { layoutShift: number }).layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { layoutShift: number }).layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const images = await page.locator('img').evaluateAll((nodes) =>
    nodes.map((image) => ({ alt: image.getAttribute('alt'), width: image.getAttribute('width'), height: image.getAttribute('height') })),
  );
  expect(images.length).toBeGreaterThan(3);
  for (const image of images) {
    expect(image.width).toMatch(/^\d+$/);
    expect(image.height).toMatch(/^\d+$/);
    expect(image.alt).not.toBeNull();
  }
  const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
  expect(shift).toBeLessThan(0.01);
});
