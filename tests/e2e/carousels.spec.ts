/** The carousels' sizes, the banner's rotation, and a home page that does not jump while images load. */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '#tests/e2e/base-test';
import { reviewPage, reviewsApi } from '#tests/e2e/reviews';

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
      const carousel = page
        .getByRole('region', { name, exact: true })
        .and(page.locator('[aria-roledescription="carousel"]'));
      await expect(carousel.getByRole('group').first()).toBeVisible();
      await expect.poll(() => cardsInView(carousel)).toBe(expected);
    }
  });
}

/** The spec's five seconds between banner slides. */
const AUTOPLAY_MS = 5_000;
/** Long enough for Embla's scroll from one slide to the next to finish (it takes well under a second). */
const SETTLE_MS = 1_000;
const BANNER_LABELS = ['1 of 3', '2 of 3', '3 of 3'];

/** The label of the banner slide whose left edge lines up with the viewport's: the one a shopper sees. */
async function slideInView(banner: Locator): Promise<string | undefined> {
  const viewport = await banner.locator('> div').first().boundingBox();
  const slides = await banner
    .getByRole('group')
    .evaluateAll((groups) =>
      groups.map((group) => ({ label: group.getAttribute('aria-label'), x: group.getBoundingClientRect().x })),
    );
  return slides.find((slide) => viewport && Math.abs(slide.x - viewport.x) < 2)?.label ?? undefined;
}

/** The label `steps` slides after `label`, going round as the banner loops. */
function slideAfter(label: string | undefined, steps = 1): string | undefined {
  const index = BANNER_LABELS.indexOf(label ?? '');
  return index === -1 ? undefined : BANNER_LABELS[(index + steps) % BANNER_LABELS.length];
}

/**
 * Opens the home page on Playwright's fake clock, waits until Embla drives the banner, then stops the clock.
 * From there only the test moves time (`runFor`): the five-second waits cost nothing, and a slow moment on
 * a loaded machine can neither move a slide behind the test's back nor make it wait too little.
 */
async function openHomeOnPausedClock(page: Page): Promise<Locator> {
  await page.clock.install();
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Featured products' });
  await expect(banner.getByRole('group', { name: '1 of 3' })).toBeVisible();
  // The arrows work once Embla has taken over (decision 011); autoplay starts at the same moment.
  await expect(banner.getByRole('button', { name: 'Next slide' })).toBeEnabled();
  // The clock runs on while this call travels, so it pauses a little ahead and lets a slide that happened to
  // be moving then come to rest.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);
  await page.clock.runFor(SETTLE_MS);
  return banner;
}

/** While the banner rotates by itself its slides are not announced (aria-live off), so this shows it runs. */
const slidesLiveRegion = (banner: Locator) => banner.locator('[aria-live]');

// NOTE: autoplay is started and stopped by a React effect. After a focus, blur or key press (discrete
// events) React runs that effect before the event's call returns; after a pointer move it runs a moment
// later. Each `runFor` below therefore follows a discrete event, so the clock never moves before autoplay
// has been told what to do.

test('the banner turns to the next slide by itself every five seconds, holds while the pointer or focus is on it, and loops', async ({
  page,
}) => {
  const banner = await openHomeOnPausedClock(page);
  const next = banner.getByRole('button', { name: 'Next slide' });
  const first = await slideInView(banner);
  expect(BANNER_LABELS).toContain(first);

  // The pointer resting on the banner holds it. (Focusing and leaving a button only makes React settle.)
  // Two intervals, not three: a banner that kept turning would be back where it started after three.
  await banner.hover();
  await expect(slidesLiveRegion(banner)).toHaveAttribute('aria-live', 'polite');
  await next.focus();
  await next.blur();
  await page.clock.runFor(2 * AUTOPLAY_MS + SETTLE_MS);
  expect(await slideInView(banner), 'while the pointer is on the banner').toBe(first);

  // So does keyboard focus inside it, with the pointer gone.
  await page.mouse.move(0, 0);
  await expect(slidesLiveRegion(banner)).toHaveAttribute('aria-live', 'off');
  await next.focus();
  await page.clock.runFor(2 * AUTOPLAY_MS + SETTLE_MS);
  expect(await slideInView(banner), 'while focus is in the banner').toBe(first);

  // Leaving starts the five seconds afresh: nothing moves before they are up, the next slide comes after.
  await next.blur();
  await page.clock.runFor(AUTOPLAY_MS - 500);
  expect(await slideInView(banner), 'half a second before five seconds').toBe(first);
  await page.clock.runFor(500 + SETTLE_MS);
  expect(await slideInView(banner), 'after five seconds').toBe(slideAfter(first));

  // Once round the loop: after the last slide comes the first again.
  for (const steps of [2, 3]) {
    await page.clock.runFor(AUTOPLAY_MS);
    expect(await slideInView(banner)).toBe(slideAfter(first, steps));
  }

  // The arrow loops as well: forward from the last slide is the first, not a dead end.
  for (let click = 1; click <= BANNER_LABELS.length; click += 1) {
    await expect(next).toBeEnabled();
    await next.click();
    await page.clock.runFor(SETTLE_MS);
    expect(await slideInView(banner), `after ${click} click(s) on Next`).toBe(slideAfter(first, click));
  }
});

test('the slide show can be stopped, holds its slide while stopped, and can be started again', async ({ page }) => {
  const banner = await openHomeOnPausedClock(page);
  // One button, named for what it will do.
  const stop = banner.getByRole('button', { name: 'Stop automatic slide show' });
  const start = banner.getByRole('button', { name: 'Start automatic slide show' });

  // From the keyboard, then focus leaves: nothing but the button can then be what holds the slide.
  await stop.press('Enter');
  await expect(start).toBeVisible();
  await start.blur();
  const stoppedAt = await slideInView(banner);
  expect(BANNER_LABELS).toContain(stoppedAt);
  for (let interval = 1; interval <= 3; interval += 1) {
    await page.clock.runFor(AUTOPLAY_MS + SETTLE_MS);
    expect(await slideInView(banner), `after ${interval} interval(s) stopped`).toBe(stoppedAt);
  }

  await start.press('Enter');
  await expect(stop).toBeVisible();
  await stop.blur();
  await expect(slidesLiveRegion(banner)).toHaveAttribute('aria-live', 'off');
  await page.clock.runFor(AUTOPLAY_MS + SETTLE_MS);
  expect(await slideInView(banner), 'five seconds after starting').toBe(slideAfter(stoppedAt));
});

test('for a shopper who asks for reduced motion the slide show starts stopped', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const banner = await openHomeOnPausedClock(page);
  await expect(banner.getByRole('button', { name: 'Start automatic slide show' })).toBeVisible();
  const shown = await slideInView(banner);
  await page.clock.runFor(2 * AUTOPLAY_MS + SETTLE_MS);
  expect(await slideInView(banner)).toBe(shown);
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
  // The review carousel, which also arrives after the first content, has shown its cards (or that there are none).
  const reviewsSection = page.getByRole('region', { name: 'What our customers say' });
  await expect(
    reviewsSection.getByRole('article').first().or(reviewsSection.getByText('No reviews available')),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  const images = await page.locator('img').evaluateAll((nodes) =>
    nodes.map((image) => ({
      alt: image.getAttribute('alt'),
      width: image.getAttribute('width'),
      height: image.getAttribute('height'),
    })),
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

/**
 * Reviews the tests answer GET /api/reviews with: the first as tall as a card gets (location, badge, photo, the
 * longest message), then shorter ones, some with a photo (an image the shop serves).
 */
function sampleReviews(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    _id: `review-${index}`,
    name: index === 0 ? 'A reviewer with a rather long name indeed' : `Reviewer ${index + 1}`,
    location: index % 2 ? '' : 'Newcastle upon Tyne',
    rating: 5 - (index % 3),
    message:
      index === 0
        ? 'Fresh, crunchy and well packed.\n'.repeat(62)
        : `Review number ${index + 1}. ${'Fresh, crunchy and well packed. '.repeat(index % 4)}`,
    ...(index % 2 ? {} : { image: '/images/products/brazil-nuts.svg' }),
    createdAt: new Date(Date.UTC(2026, 4, 20 - index)).toISOString(),
    verified: index === 0,
  }));
}

for (const [width, expected] of [
  [1280, 3],
  [768, 3],
  [767, 1],
  [375, 1],
] as const) {
  test(`the review carousel shows ${expected} card(s) at ${width}px`, async ({ page }) => {
    await page.route(reviewsApi, (route) => route.fulfill({ json: reviewPage(sampleReviews(7)) }));
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const carousel = page
      .getByRole('region', { name: 'Customer reviews', exact: true })
      .and(page.locator('[aria-roledescription="carousel"]'));
    await expect(carousel.getByRole('group').first()).toBeVisible();
    await expect(carousel.getByRole('group')).toHaveCount(7);
    await expect.poll(() => cardsInView(carousel)).toBe(expected);
  });
}

/** The browser's layout-shift entry (the Layout Instability API), which TypeScript's DOM types lack. */
interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}

for (const width of [1280, 375]) {
  for (const [state, reviews] of [
    ['reviews with photos', sampleReviews(5)],
    ['no reviews', []],
  ] as const) {
    test(`at ${width}px, ${state} arriving after the rest of the page move nothing`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      // Each shift with what moved, so a failure names it; only those after the reviews are let through count here (the
      // page's own load, a busy machine's late images among it, is bound by the test above).
      await page.addInitScript(() => {
        const shifts: string[] = [];
        (window as unknown as { layoutShifts: string[] }).layoutShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as LayoutShiftEntry[]) {
            if (entry.hadRecentInput) continue;
            const moved = entry.sources.map(({ node, previousRect, currentRect }) => {
              const name =
                node instanceof Element ? `${node.tagName.toLowerCase()} "${node.textContent?.slice(0, 30)}"` : 'text';
              return `${name} from y ${Math.round(previousRect.y)} to ${Math.round(currentRect.y)}`;
            });
            shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The reviews' answer waits until the footer and the placeholders have shown.
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(reviewsApi, async (route) => {
        await released;
        await route.fulfill({ json: reviewPage(reviews) });
      });
      await page.goto('/');
      await expect(page.getByRole('contentinfo')).toBeVisible();
      const section = page.getByRole('region', { name: 'What our customers say' });
      await expect(section.getByRole('status').filter({ hasText: 'Loading reviews…' })).toBeAttached();
      // A layout shift only counts where it can be seen: the section at the top of the window, the footer below it.
      await section.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      const shiftsBefore = await page.evaluate(
        () => (window as unknown as { layoutShifts: string[] }).layoutShifts.length,
      );
      release();
      if (reviews.length > 0) {
        await expect(section.getByRole('article')).toHaveCount(reviews.length);
        // The photos in view have loaded (those in slides further along wait, being lazy).
        await expect
          .poll(() =>
            section.locator('img').evaluateAll((images) => {
              const inView = images.filter((image) => image.getBoundingClientRect().left < window.innerWidth);
              const loaded = (image: Element) =>
                (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0;
              return inView.length > 0 && inView.every(loaded);
            }),
          )
          .toBe(true);
      } else {
        await expect(section.getByText('No reviews available', { exact: true })).toBeVisible();
      }
      await page.waitForLoadState('networkidle');
      const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts);
      expect(shifts.slice(shiftsBefore), 'layout shifts after the reviews arrived').toEqual([]);
    });
  }
}
