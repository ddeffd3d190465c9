/**
 * Reviews of a product on a phone (375 px): a shopper reviews a product on its page, sees the review there with the
 * product's new average and count, finds it again after a reload (rendered by the server, with the rating in the
 * product's JSON-LD), and sees the stars and count on the product's card; both pages axe-clean. Goes through the
 * shop's own API on a product no other journey reviews.
 */
import type { Locator, Page } from '@playwright/test';
import { violations } from '#tests/e2e/axe';
import { expect, test } from '#tests/e2e/base-test';

const PRODUCT = { id: 'hulled-hemp-seeds', name: 'Hulled Hemp Seeds' };

const reviewsSection = (page: Page) => page.getByRole('region', { name: 'Customer Reviews' });
const cardOf = (scope: Locator, heading: string) =>
  scope.getByRole('article').filter({ has: scope.page().getByRole('heading', { name: heading, exact: true }) });

test.use({ viewport: { width: 375, height: 812 } });

test('a shopper reviews a product on its page and sees the stars and count on its card', async ({ page }) => {
  const name = `Hemp Hattie ${Date.now().toString(36)}`;
  const message = 'Soft, nutty and fresh. Lovely stirred through porridge with a spoon of honey.';
  await page.goto(`/product/${PRODUCT.id}`);
  const section = reviewsSection(page);
  await expect(section.getByRole('heading', { level: 2, name: 'Customer Reviews' })).toBeVisible();
  await expect(section.getByText('No reviews available')).toBeVisible();

  await section.getByRole('button', { name: '+ Add a Review', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Review' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Your review of ${PRODUCT.name}`);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Location (optional)').fill('Bristol');
  await dialog.locator('label', { has: page.getByRole('radio', { name: '4 stars' }) }).click();
  await dialog.getByLabel('Message').fill(message);
  const posted = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/reviews',
  );
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  expect((await posted).postDataJSON()).toEqual({
    name,
    location: 'Bristol',
    rating: 4,
    message,
    productId: PRODUCT.id,
  });

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you! Your review has been added.' })).toBeVisible();
  const card = cardOf(section, name);
  await expect(card).toContainText(message);
  await expect(card.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(section).toContainText('4.0 out of 5 from 1 review');
  // The product's own rating beside its name, once the catalog is asked again.
  await expect(page.getByRole('main')).toContainText('Rated 4.0 out of 5, 1 review');

  // From the server after a reload: the review in the page's HTML, the rating in its structured data.
  await page.reload();
  await expect(cardOf(reviewsSection(page), name)).toContainText(message);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = jsonLd.map((text) => JSON.parse(text)).find((block) => block['@type'] === 'Product');
  expect(product.aggregateRating).toEqual({
    '@type': 'AggregateRating',
    ratingValue: 4,
    reviewCount: 1,
    bestRating: 5,
    worstRating: 1,
  });
  expect(await violations(page)).toEqual([]);

  // The product's card in a search shows its stars and count, and says them to a screen reader.
  await page.goto('/search?query=hemp');
  const productCard = cardOf(page.getByRole('main'), PRODUCT.name);
  await expect(productCard).toContainText('Rated 4.0 out of 5, 1 review');
  await expect(productCard.getByText('4.0', { exact: true })).toBeVisible();
  await expect(productCard).toContainText('(1)');
  expect(await violations(page)).toEqual([]);
});
