/**
 * Customer reviews in Chromium: a review added with the keyboard only, shown at once in the home page's carousel
 * and on /reviews with the spec's label; markup in a review shown as text; a photo checked in the browser, then
 * uploaded and shown; the Verified customer badge for a customer with a paid order; Escape; the server's refusals
 * in the spec's words with the dialog kept open; and 'No reviews available'. Adding, markup and the photo go
 * through the shop's own reviews API; only the refusals and the empty and badge lists are answered by the test.
 */
import type { Locator, Page, Request } from '@playwright/test';
import { expect, logIn, test } from '#tests/e2e/accounts';
import { apiToken, payForTestCart } from '#tests/e2e/checkout';
import { makePng } from '#tests/e2e/png';
import { reviewPage, reviewsApi } from '#tests/e2e/reviews';

const ADD = '+ Add a Review';
const ADDED = 'Thank you! Your review has been added.';

const addButton = (page: Page) => page.getByRole('button', { name: ADD, exact: true });
const reviewDialog = (page: Page) => page.getByRole('dialog', { name: 'Add a Review' });
const reviewsSection = (page: Page) => page.getByRole('region', { name: 'What our customers say' });
/**
 * /reviews through the app, not a new page load: the server renders a loaded page from its own reviews (decision
 * 055), so the answers a test gives the browser's GET /api/reviews reach /reviews only within the app.
 */
async function openReviewsPageFromHome(page: Page): Promise<void> {
  await reviewsSection(page)
    .getByRole('link', { name: /view all/i })
    .click();
  await expect(page).toHaveURL(/\/reviews$/);
}
const reviewCarousel = (page: Page) =>
  page.getByRole('region', { name: 'Customer reviews' }).and(page.locator('[aria-roledescription="carousel"]'));
const reviewList = (page: Page) => page.getByRole('list', { name: 'Reviews, newest first' });
/** The review card whose heading is the reviewer's name. */
const cardOf = (scope: Locator, name: string) =>
  scope.getByRole('article').filter({ has: scope.page().getByRole('heading', { name, exact: true }) });

/** A name no other test (or earlier run) has used, so a card can be found among everyone's reviews. */
const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const isReviewPost = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/reviews';

const TAB_BATCH = 10;

/**
 * Presses Tab until `target` has focus, as a keyboard user would walk the page to it. Focus is read back once
 * per batch of presses, from a log the page keeps: reading it after every press was most of the test's time.
 * Presses past the target are walked back with Shift+Tab.
 */
async function tabTo(page: Page, target: Locator, maxPresses = 250): Promise<void> {
  await target.evaluate((element) => {
    const tracked = window as unknown as { tabSteps?: { steps: boolean[]; stop: () => void } };
    tracked.tabSteps?.stop();
    const steps: boolean[] = [];
    const record = () => steps.push(element === document.activeElement);
    document.addEventListener('focusin', record);
    tracked.tabSteps = { steps, stop: () => document.removeEventListener('focusin', record) };
  });
  const takeSteps = () =>
    page.evaluate(() => (window as unknown as { tabSteps: { steps: boolean[] } }).tabSteps.steps.splice(0));
  const isFocused = () => target.evaluate((element) => element === document.activeElement);

  for (let pressed = 0; !(await isFocused()); pressed += TAB_BATCH) {
    if (pressed >= maxPresses) throw new Error(`Tab never reached ${target.toString()} in ${maxPresses} presses`);
    for (let press = 0; press < TAB_BATCH; press += 1) await page.keyboard.press('Tab');
    const steps = await takeSteps();
    const reached = steps.indexOf(true);
    if (reached === -1) continue;
    for (let back = steps.length - 1; back > reached; back -= 1) await page.keyboard.press('Shift+Tab');
  }
}

/** Opens the dialog from the first '+ Add a Review' on the page and fills the text fields. */
async function openAndFill(page: Page, review: { name: string; location?: string; stars: number; message: string }) {
  await addButton(page).click();
  const dialog = reviewDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill(review.name);
  await dialog.getByLabel('Location (optional)').fill(review.location ?? '');
  // A shopper clicks the drawn star; the radio itself is visually hidden.
  await dialog.locator('label', { has: page.getByRole('radio', { name: starName(review.stars) }) }).click();
  await dialog.getByLabel('Message').fill(review.message);
  return dialog;
}

const starName = (stars: number) => (stars === 1 ? '1 star' : `${stars} stars`);

test.describe('with the shop’s reviews API', () => {
  test('a review added with the keyboard only appears at once in the home carousel and on /reviews, with its label', async ({
    page,
  }) => {
    const name = uniqueName('Keyboard Kim');
    const message = 'Crunchy, fresh and well packed. The pistachios were the best I have had this year.';
    await page.goto('/');
    // The carousel with the reviews so far (the sample ones on a fresh shop), or the text saying there are none.
    await expect(
      reviewCarousel(page).getByRole('article').first().or(reviewsSection(page).getByText('No reviews available')),
    ).toBeVisible();
    // Anything kept on the window is lost on a reload: it shows the review arrives without one.
    await page.evaluate(() => Object.assign(window, { beforeReview: true }));

    await tabTo(page, addButton(page));
    await page.keyboard.press('Enter');
    const dialog = reviewDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Location (optional)')).toBeFocused();
    await page.keyboard.type('Leeds');
    await page.keyboard.press('Tab');
    // Tab enters the star group on its first star; the arrow keys move along it and choose.
    await expect(dialog.getByRole('radio', { name: '1 star' })).toBeFocused();
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeFocused();
    await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(dialog.getByText('4 stars: Great')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Message')).toBeFocused();
    await page.keyboard.type(message);

    const posted = page.waitForRequest(isReviewPost);
    await tabTo(page, dialog.getByRole('button', { name: 'Submit Review' }), 10);
    await page.keyboard.press('Enter');
    // Without a photo the review goes as JSON, with the star as a number.
    expect((await posted).postDataJSON()).toEqual({ name, location: 'Leeds', rating: 4, message });

    await expect(dialog).toBeHidden();
    await expect(addButton(page)).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: ADDED })).toHaveText(ADDED);
    const card = cardOf(reviewCarousel(page), name);
    await expect(card).toBeVisible();
    await expect(card).toContainText('Leeds');
    await expect(card).toContainText('Great');
    await expect(card).toContainText(message);
    await expect(card.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    await expect(card).not.toContainText('Verified customer');
    expect(await page.evaluate(() => 'beforeReview' in window)).toBe(true);

    // /reviews, reached by its link, shows it too; and after a reload it comes from the server.
    await page.getByRole('link', { name: 'View All reviews' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Customer Reviews' })).toBeVisible();
    await expect(cardOf(reviewList(page), name)).toContainText('Great');
    expect(await page.evaluate(() => 'beforeReview' in window)).toBe(true);
    await page.reload();
    const listed = cardOf(reviewList(page), name);
    await expect(listed).toContainText(message);
    await expect(listed.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  });

  test('markup in a review is shown as text and never runs', async ({ page }) => {
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    const name = uniqueName('<img src=x onerror=alert(2)> Mallory');
    const message = '<script>alert(1)</script> <b>bold?</b>';
    await page.goto('/');
    const dialog = await openAndFill(page, { name, stars: 2, message });
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(dialog).toBeHidden();

    const check = async (scope: Locator) => {
      const card = cardOf(scope, name);
      await expect(card.getByText(message, { exact: true })).toBeVisible();
      await expect(card).toContainText('Tasty');
      expect(await card.locator('script, b, img[src="x"]').count()).toBe(0);
    };
    await check(reviewCarousel(page));
    await page.goto('/reviews');
    await check(reviewList(page));
    expect(alerts).toEqual([]);
  });

  test('a photo is checked in the browser, then sent with the review and shown on its card', async ({ page }) => {
    const name = uniqueName('Photo Pat');
    await page.goto('/reviews');
    await expect(page.getByRole('heading', { level: 1, name: 'Customer Reviews' })).toBeVisible();
    const dialog = await openAndFill(page, { name, location: 'Bath', stars: 5, message: 'Look at these dates!' });
    const photo = dialog.getByLabel('Photo (optional)');
    await expect(photo).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');

    let posts = 0;
    page.on('request', (request) => {
      if (isReviewPost(request)) posts += 1;
    });
    // Refused before anything is sent: another type, then a photo over 5 MB.
    await photo.setInputFiles({ name: 'dates.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(dialog.getByText('Your photo must be a JPEG, PNG or WebP image.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(photo).toBeFocused();
    await photo.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(dialog.getByText('Your photo must be at most 5 MB.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(dialog).toBeVisible();
    expect(posts).toBe(0);

    await photo.setInputFiles({ name: 'dates.png', mimeType: 'image/png', buffer: makePng(48, 32) });
    await expect(dialog.getByText(/^Your photo must/)).toHaveCount(0);
    const answered = page.waitForResponse((response) => isReviewPost(response.request()));
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    const response = await answered;
    expect(response.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    // The server took the form's fields and its photo.
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({ name, location: 'Bath', rating: 5, image: expect.any(String) });
    await expect(dialog).toBeHidden();

    const card = cardOf(reviewList(page), name);
    await expect(card).toContainText('Excellent');
    const image = card.getByRole('img', { name: `Shared by ${name}` });
    await expect(image).toHaveAttribute('src', /^\/uploads\/reviews\/[^/]+\.webp$/);
    await expect(image).toHaveAttribute('width', /^\d+$/);
    await expect(image).toHaveAttribute('height', /^\d+$/);
    await expect(image).toHaveAttribute('loading', 'lazy');
    // The re-encoded photo really loads from the server.
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    expect(posts).toBe(1);
  });

  test('a logged-in customer with a paid order posts with their token and gets the Verified customer badge', async ({
    page,
    request,
    customer,
  }) => {
    await payForTestCart(request, { token: await apiToken(request, customer.email, customer.password) });
    await logIn(page, customer);
    await page.goto('/reviews');
    await addButton(page).click();
    const dialog = reviewDialog(page);
    // The customer's name to start with.
    await expect(dialog.getByLabel('Name')).toHaveValue(customer.name);
    const name = uniqueName('Verified Vera');
    await dialog.getByLabel('Name').fill(name);
    await dialog.locator('label', { has: page.getByRole('radio', { name: '5 stars' }) }).click();
    await dialog.getByLabel('Message').fill('Ordered twice now, always fresh.');
    const posted = page.waitForRequest(isReviewPost);
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    expect((await posted).headers().authorization).toMatch(/^Bearer \S+$/);
    await expect(dialog).toBeHidden();
    await expect(cardOf(reviewList(page), name).getByText('Verified customer')).toBeVisible();
  });

  test('Escape closes the dialog and gives focus back to + Add a Review, keeping what was typed', async ({ page }) => {
    await page.goto('/');
    await addButton(page).focus();
    await page.keyboard.press('Enter');
    const dialog = reviewDialog(page);
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.type('Half a thought');
    // Focus stays inside while the dialog is open: Tab goes round its controls (and, as Chromium does for a modal
    // dialog, out to the browser's own controls between rounds), never to the page behind.
    const focusIsIn = () =>
      dialog.evaluate((element) => {
        const focused = document.activeElement;
        if (element.contains(focused)) return 'dialog';
        return focused === null || focused === document.body ? 'no element' : focused.outerHTML.slice(0, 80);
      });
    const seen = new Set<string>();
    for (let press = 0; press < 20; press += 1) {
      await page.keyboard.press('Tab');
      seen.add(await focusIsIn());
    }
    expect([...seen].filter((place) => place !== 'no element')).toEqual(['dialog']);
    while ((await focusIsIn()) !== 'dialog') await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(addButton(page)).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expect(dialog.getByLabel('Name')).toHaveValue('Half a thought');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(addButton(page)).toBeFocused();
  });
});

test.describe('when the server refuses the review', () => {
  test.use({ allowedConsoleError: /Failed to load resource: the server responded with a status of (400|429|500)/ });

  test('shows its first field message, else its message, else the spec’s text, and the dialog stays open with what was typed', async ({
    page,
  }) => {
    const answers = [
      {
        status: 400,
        json: {
          message: 'Invalid input',
          errors: [{ field: 'message', message: 'Please keep it under 2,000 characters.' }],
        },
      },
      { status: 429, json: { message: 'Too many reviews from here. Please try again in a minute.' } },
      { status: 500, body: 'upstream exploded' },
    ];
    await page.route(reviewsApi, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const answer = answers.shift();
      if (!answer) return route.abort();
      return 'json' in answer
        ? route.fulfill({ status: answer.status, json: answer.json })
        : route.fulfill({ status: answer.status, contentType: 'text/plain', body: answer.body });
    });
    await page.goto('/');
    const typed = { name: 'Refused Rita', location: 'Hull', stars: 3, message: 'I will try again.' };
    const dialog = await openAndFill(page, typed);
    const submit = dialog.getByRole('button', { name: 'Submit Review' });
    const alert = dialog.getByRole('alert');

    await submit.click();
    await expect(alert).toHaveText('Please keep it under 2,000 characters.');
    // The field the server named takes focus.
    await expect(dialog.getByLabel('Message')).toBeFocused();

    await submit.click();
    await expect(alert).toHaveText('Too many reviews from here. Please try again in a minute.');

    await submit.click();
    await expect(alert).toHaveText('Something went wrong');

    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue(typed.name);
    await expect(dialog.getByLabel('Location (optional)')).toHaveValue(typed.location);
    await expect(dialog.getByRole('radio', { name: '3 stars' })).toBeChecked();
    await expect(dialog.getByLabel('Message')).toHaveValue(typed.message);
    await expect(cardOf(reviewCarousel(page), typed.name)).toHaveCount(0);
  });
});

test('the form’s own checks, in the shared schema’s words, send nothing', async ({ page }) => {
  let posts = 0;
  page.on('request', (request) => {
    if (isReviewPost(request)) posts += 1;
  });
  await page.goto('/reviews');
  await addButton(page).click();
  const dialog = reviewDialog(page);
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(dialog.getByText('Please enter your name.')).toBeVisible();
  await expect(dialog.getByText('Please choose a rating from 1 to 5 stars.')).toBeVisible();
  await expect(dialog.getByText('Please write your review.')).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  expect(posts).toBe(0);
});

test.describe('reviews answered by the test', () => {
  const reviews = [
    {
      _id: 'r-verified',
      name: 'Vera Verified',
      location: 'York',
      rating: 5,
      message: 'Bought the cashews twice.',
      createdAt: '2026-05-02T09:00:00.000Z',
      verified: true,
    },
    {
      _id: 'r-anonymous',
      name: 'Anna Anonymous',
      location: '',
      rating: 3,
      message: 'Nice enough.',
      createdAt: '2026-05-01T09:00:00.000Z',
      verified: false,
    },
  ];

  test('No reviews available when there are none, on the home page and on /reviews', async ({ page }) => {
    await page.route(reviewsApi, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: reviewPage([]) }) : route.fallback(),
    );
    await page.goto('/');
    await expect(reviewsSection(page).getByText('No reviews available', { exact: true })).toBeVisible();
    await expect(reviewsSection(page).getByRole('article')).toHaveCount(0);
    await expect(addButton(page)).toBeVisible();
    await openReviewsPageFromHome(page);
    await expect(page.getByRole('main').getByText('No reviews available', { exact: true })).toBeVisible();
    await expect(addButton(page)).toBeVisible();
  });

  test('the Verified customer badge shows on verified reviews only, with the labels for each rating', async ({
    page,
  }) => {
    await page.route(reviewsApi, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: reviewPage(reviews) }) : route.fallback(),
    );
    await page.goto('/');
    for (const scope of [reviewCarousel(page), null]) {
      if (!scope) await openReviewsPageFromHome(page);
      const within = scope ?? reviewList(page);
      const verified = cardOf(within, 'Vera Verified');
      const anonymous = cardOf(within, 'Anna Anonymous');
      await expect(verified.getByText('Verified customer')).toBeVisible();
      await expect(verified).toContainText('Excellent');
      await expect(verified.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
      await expect(anonymous).toContainText('Tasty');
      await expect(anonymous.getByText('Verified customer')).toHaveCount(0);
      await expect(within.getByText('Verified customer')).toHaveCount(1);
    }
  });
});

test.describe('reviews in pages', () => {
  // 45 reviews, newest first, answered 20 at a time by the offset the browser asks for.
  const many = Array.from({ length: 45 }, (_, index) => ({
    _id: `r-many-${index}`,
    name: `Shopper ${index + 1}`,
    location: 'York',
    rating: 4,
    message: `Review number ${index + 1}.`,
    createdAt: new Date(Date.UTC(2026, 4, 1) - index * 60_000).toISOString(),
    verified: false,
  }));

  for (const width of [1366, 375]) {
    test(`/reviews shows 20, then 'Show more reviews' adds the next 20 and focuses the first of them, at ${width}px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.route(reviewsApi, (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        const url = new URL(route.request().url());
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const limit = Number(url.searchParams.get('limit') ?? 20);
        return route.fulfill({ json: { ...reviewPage(many), items: many.slice(offset, offset + limit) } });
      });
      await page.goto('/');
      await openReviewsPageFromHome(page);
      const list = reviewList(page);
      await expect(list.getByRole('article')).toHaveCount(20);
      await expect(page.getByRole('main')).toContainText('4.0 out of 5 from 45 reviews');
      await expect(page.getByText('Showing 20 of 45 reviews')).toBeVisible();

      const more = page.getByRole('button', { name: 'Show more reviews' });
      await more.click();
      await expect(list.getByRole('article')).toHaveCount(40);
      await expect(page.getByText('Showing 40 of 45 reviews')).toBeVisible();
      await expect(list.getByRole('listitem').nth(20)).toBeFocused();
      await expect(list.getByRole('listitem').nth(20)).toContainText('Shopper 21');
      await page.screenshot({ path: `/work/shots/reviews/reviews-show-more-${width}.png` });

      await more.click();
      await expect(list.getByRole('article')).toHaveCount(45);
      await expect(more).toHaveCount(0);
    });
  }
});
