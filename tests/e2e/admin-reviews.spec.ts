/**
 * The owner's Reviews screen (decision 071 amended): reached from the admin navigation, reviews newest
 * first with hidden ones marked, filtered All/Shown/Hidden (kept in the address across a reload, Back and a typed
 * link; an unknown one lists all); Hide takes a review off the home page's carousel and Show
 * brings it back; Delete asks first; at 1366 and 375 px, by keyboard, axe-clean.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Review } from '#shared/schemas/review';
import { expect, test } from '#tests/e2e/accounts';
import { expectNoSidewaysScroll, logInAsAdmin, openAdminScreen } from '#tests/e2e/admin-screens';
import { violations } from '#tests/e2e/axe';

const SHOTS = '/work/shots/admin2';

/** A new review through the shop's API, with a message no other test writes. */
async function postReview(request: APIRequestContext, name: string): Promise<Review> {
  const message = `Crunchy and fresh, ${crypto.randomUUID()}.`;
  const response = await request.post('/api/reviews', { data: { name, location: 'Leeds', rating: 4, message } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Review;
}

const main = (page: Page) => page.getByRole('main');
const reviewCard = (page: Page, review: Review) =>
  main(page).getByRole('listitem').filter({ hasText: review.message }).getByRole('article');
const homeCarousel = (page: Page) =>
  page
    .getByRole('region', { name: 'Customer reviews', exact: true })
    .and(page.locator('[aria-roledescription="carousel"]'));

/** Every review listed is hidden: each offers Show, none Hide. */
async function expectOnlyHidden(page: Page) {
  const cards = main(page).getByRole('list', { name: 'Reviews, newest first' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(main(page).getByRole('button', { name: /^Hide review by/ })).toHaveCount(0);
  await expect(main(page).getByRole('button', { name: /^Show review by/ })).toHaveCount(await cards.count());
  await expect(cards.getByText('Shown', { exact: true })).toHaveCount(0);
}

async function openReviews(page: Page) {
  await openAdminScreen(page, 'Reviews');
  await expect(page).toHaveURL(/\/admin\/reviews$/);
}

test.describe('an admin at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("hides a review, and the home page's carousel no longer shows it; Show brings it back", async ({
    page,
    request,
  }) => {
    const review = await postReview(request, 'Grace Hopper');
    await page.goto('/');
    await expect(homeCarousel(page).getByText(review.message)).toHaveCount(1);

    await openReviews(page);
    const card = reviewCard(page, review);
    await expect(card).toContainText('Shown');
    // Newest first (other tests post reviews meanwhile: the order, not the first one, is checked).
    const times = await main(page)
      .getByRole('list', { name: 'Reviews, newest first' })
      .locator('time')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''));
    expect(times.length).toBeGreaterThan(1);
    expect(times).toEqual([...times].sort().reverse());
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/reviews-1366.png`, fullPage: true });

    await card.getByRole('button', { name: 'Hide review by Grace Hopper' }).click();
    await expect(main(page).getByRole('status')).toHaveText('The review by Grace Hopper is hidden from the shop.');
    await expect(card).toContainText('Hidden');
    await expect(card.getByRole('button', { name: 'Show review by Grace Hopper' })).toBeVisible();

    // Filtered: among the hidden, not among the shown; each choice kept in the address.
    const show = main(page).getByLabel('Show');
    await show.selectOption('Shown');
    await expect(page).toHaveURL(/\/admin\/reviews\?shown=shown$/);
    await expect(main(page).getByRole('heading', { level: 2 })).toBeVisible();
    await expect(reviewCard(page, review)).toHaveCount(0);
    await show.selectOption('Hidden');
    await expect(page).toHaveURL(/\/admin\/reviews\?shown=hidden$/);
    await expect(reviewCard(page, review)).toContainText('Hidden');

    // A reload keeps the filter, and only hidden reviews are listed.
    await page.reload();
    await expect(show).toHaveValue('hidden');
    await expect(reviewCard(page, review)).toContainText('Hidden');
    await expectOnlyHidden(page);

    // Back returns to the shown ones, the field with it.
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/reviews\?shown=shown$/);
    await expect(show).toHaveValue('shown');
    await expect(reviewCard(page, review)).toHaveCount(0);

    await page.goto('/');
    await expect(homeCarousel(page).getByRole('group').first()).toBeVisible();
    await expect(homeCarousel(page).getByText(review.message)).toHaveCount(0);

    // A typed link to the hidden reviews is answered as a reload is (200, the screen, the filter).
    expect((await page.goto('/admin/reviews?shown=hidden'))?.status()).toBe(200);
    await expect(main(page).getByLabel('Show')).toHaveValue('hidden');
    await reviewCard(page, review).getByRole('button', { name: 'Show review by Grace Hopper' }).click();
    await expect(main(page).getByRole('status')).toHaveText('The review by Grace Hopper is shown in the shop.');
    await page.goto('/');
    await expect(homeCarousel(page).getByText(review.message)).toHaveCount(1);
  });

  test('reads an address it does not know as all reviews from the first page', async ({ page, request }) => {
    await postReview(request, 'Mary Jackson');
    await logInAsAdmin(page);
    const asked = page.waitForRequest((each) => each.url().includes('/api/admin/reviews?'));
    await page.goto('/admin/reviews?shown=maybe&page=0');
    expect(new URL((await asked).url()).search).toBe('?limit=50&offset=0');
    await expect(main(page).getByLabel('Show')).toHaveValue('all');
    await expect(
      main(page).getByRole('list', { name: 'Reviews, newest first' }).getByRole('article').first(),
    ).toBeVisible();
  });

  test('deletes a review only once asked, by keyboard', async ({ page, request }) => {
    const review = await postReview(request, 'Katherine Johnson');
    await openReviews(page);
    const card = reviewCard(page, review);

    await card.getByRole('button', { name: 'Delete review by Katherine Johnson' }).focus();
    await page.keyboard.press('Enter');
    const confirm = card.getByRole('button', { name: 'Yes, delete review by Katherine Johnson' });
    await expect(confirm).toBeFocused();
    // Cancel keeps it, and focus goes back to Delete.
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(card.getByRole('button', { name: 'Delete review by Katherine Johnson' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeFocused();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(main(page).getByRole('status')).toHaveText('The review by Katherine Johnson is deleted.');
    await expect(reviewCard(page, review)).toHaveCount(0);
    const reviews = (await (await request.get('/api/reviews?limit=100')).json()).items as Review[];
    expect(reviews.map(({ _id }) => _id)).not.toContain(review._id);
  });
});

test.describe('an admin at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('reads the reviews with no sideways scroll', async ({ page, request }) => {
    await postReview(request, 'Dorothy Vaughan with a rather long name to wrap');
    await openReviews(page);
    await expect(main(page).getByRole('article').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/reviews-375.png`, fullPage: true });
  });
});
