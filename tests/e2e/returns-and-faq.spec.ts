/**
 * /returns and /faq (decision 115) and food information that agrees with itself (decision 114): the help pages as a
 * shopper and a crawler get them, linked from the footer; the Terms, a product page and the FAQ telling the same
 * story of the kitchen's allergens.
 */
import { expect, test } from '#tests/e2e/base-test';
import { violations } from '#tests/e2e/axe';

test.describe('the returns page', () => {
  test('arrives whole from the server and says how to return, what cannot come back and when the refund comes', async ({
    page,
    request,
  }) => {
    const html = await request.get('/returns');
    expect(html.status()).toBe(200);
    const body = await html.text();
    expect(body).toContain('<title>Returns and Refunds | Roast &amp; Co.</title>');
    expect(body).toMatch(/<link rel="canonical" href="[^"]+\/returns"/);
    expect(body).toContain('Your 14-day right to cancel');

    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Returns' }).click();
    await expect(page).toHaveURL(/\/returns$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Returns and Refunds' })).toBeVisible();
    await expect(main).toContainText('within 14 days of the day it reaches you');
    await expect(main).toContainText('Opened or unsealed packs cannot be returned');
    await expect(main).toContainText('Perishable goods');
    await expect(main).toContainText('Unit 4, 18 Roastery Lane, London E1 6AN');
    await expect(main.getByRole('link', { name: 'hello@roastandco.example' }).first()).toBeVisible();
    await expect(main).toContainText('5 to 10 days');
  });
});

test.describe('the FAQ', () => {
  test('answers delivery, allergens, storage, payment, accounts, returns and contact, from the footer', async ({
    page,
  }) => {
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page).toHaveTitle('FAQ | Roast & Co.');
    const main = page.getByRole('main');
    for (const topic of [
      'Delivery',
      'Allergens',
      'Storage and best-before',
      'Payment',
      'Accounts',
      'Returns',
      'Contact',
    ])
      await expect(main.getByRole('heading', { level: 2, name: topic, exact: true })).toBeVisible();
    await expect(main).toContainText('3 - 5 Business Days');
    await main.getByRole('link', { name: 'Returns and Refunds' }).click();
    await expect(page).toHaveURL(/\/returns$/);
  });

  test('are in the sitemap', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toMatch(/<loc>[^<]+\/returns<\/loc>/);
    expect(sitemap).toMatch(/<loc>[^<]+\/faq<\/loc>/);
  });
});

test.describe('the kitchen’s allergens', () => {
  const KITCHEN = 'Packed in our London kitchen, which also handles peanuts, tree nuts and sesame.';

  test('the Terms, the FAQ and a product page with no allergens of its own say the same', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('main')).toContainText(KITCHEN);
    await page.goto('/faq');
    await expect(page.getByRole('main')).toContainText(KITCHEN);

    for (const id of ['medjool-dates', 'soft-dried-apricots']) {
      await page.goto(`/product/${id}`);
      const price = page.getByRole('region', { name: 'Price' });
      await expect(price).toContainText('May contain: Peanuts, Tree nuts, Sesame');
      await expect(page.getByRole('main')).not.toContainText('No major allergens');
    }
    const food = page.getByRole('region', { name: 'Food information' });
    await expect(food).toContainText('May contain peanuts, tree nuts, sesame.');
  });
});

for (const width of [375, 1366]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const url of ['/returns', '/faq']) {
      test(`${url} is axe-clean`, async ({ page }) => {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await violations(page)).toEqual([]);
      });
    }
  });
}
