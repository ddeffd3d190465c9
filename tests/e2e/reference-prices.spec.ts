/**
 * Honest reference prices (decision 094), as a shopper on a phone meets them: a weight priced at its MRP, or with no
 * MRP, shows no struck-through price and no 'OFF' label on the product page or its card; a weight 36% below its MRP
 * says 'Flat 36% OFF' beside its own struck MRP; the cart's 'Your Savings' is the sum of (MRP − price) × quantity.
 * The product is made through the owner's API for this test alone, so the shared e2e database's other journeys
 * keep the seed's prices.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminProduct, ProductInput } from '#shared/schemas/admin-product';
import { adminToken } from '#tests/e2e/admin-screens';
import { expect, test } from '#tests/e2e/base-test';
import { startAsGuestWith } from '#tests/e2e/cart';

const SHOTS = '/work/shots/reference-prices';

/** 200g at its MRP, 400g 36% below it (£6.40 of £10.00), 1kg with none. */
async function createProduct(request: APIRequestContext): Promise<AdminProduct> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const { items } = (await (await request.get('/api/admin/products', { headers })).json()) as { items: AdminProduct[] };
  const body: ProductInput = {
    name: `Test Plain Pistachios ${crypto.randomUUID().slice(0, 8)}`,
    category: 'Nuts',
    description: 'Made by the reference prices test.',
    image: items[0]!.image,
    isNewlyLaunched: false,
    isBestSeller: false,
    vatRate: 20,
    allergens: ['Tree nuts'],
    mayContain: [],
    ingredients: 'Pistachios',
    nutrition: null,
    origin: '',
    storage: '',
    weights: [
      { label: '200g', grams: 200, price: 4.95, mrp: 4.95, stock: null },
      { label: '400g', grams: 400, price: 6.4, mrp: 10, stock: null },
      { label: '1kg', grams: 1000, price: 14.5, mrp: null, stock: null },
    ],
  };
  const response = await request.post('/api/admin/products', { headers, data: body });
  expect(response.status(), await response.text()).toBe(201);
  // A new product starts hidden; these tests want it in the shop.
  const { _id } = (await response.json()) as AdminProduct;
  const shown = await request.patch(`/api/admin/products/${_id}`, { headers, data: { hidden: false } });
  expect(shown.status(), await shown.text()).toBe(200);
  return (await shown.json()) as AdminProduct;
}

const priceBox = (page: Page) => page.getByRole('main').getByRole('region', { name: 'Price' });
const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });

/** No saving claimed: no label, no struck price, no 'MRP', and the price not called an offer. */
async function expectNoSaving(page: Page, price: string) {
  await expect(priceBox(page).getByText(`Price: ${price} (Incl. of all taxes)`, { exact: true })).toBeVisible();
  await expect(priceBox(page)).not.toContainText('OFF');
  await expect(priceBox(page)).not.toContainText('MRP');
  await expect(priceBox(page).locator('s')).toHaveCount(0);
}

for (const { width, height } of [
  { width: 375, height: 812 },
  { width: 1366, height: 900 },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('a weight at or without its MRP shows no saving; one 36% off says so, on the page, the card and in the cart', async ({
      page,
      request,
    }) => {
      const product = await createProduct(request);

      await page.goto(`/product/${product._id}`);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      const sizes = page.getByRole('group', { name: 'Size' });
      await expect(sizes.getByRole('button', { name: '200g' })).toHaveAttribute('aria-pressed', 'true');
      await expectNoSaving(page, '£4.95');
      await page.screenshot({ path: `${SHOTS}/product-at-mrp-${width}.png`, fullPage: true });

      await sizes.getByRole('button', { name: '400g' }).click();
      await expect(priceBox(page).getByText('Flat 36% OFF', { exact: true })).toBeVisible();
      await expect(priceBox(page).getByText('MRP £10.00', { exact: true })).toBeVisible();
      await expect(priceBox(page).getByText('£10.00', { exact: true })).toHaveCSS(
        'text-decoration-line',
        'line-through',
      );
      await expect(priceBox(page).getByText('Offer Price: £6.40 (Incl. of all taxes)', { exact: true })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/product-36-off-${width}.png`, fullPage: true });

      await sizes.getByRole('button', { name: '1kg' }).click();
      await expectNoSaving(page, '£14.50');

      // The card's 'From' price is the first weight's, at its MRP: nothing struck, no label.
      await page.goto(`/search?query=${encodeURIComponent(product.name)}`);
      const card = page.getByRole('main').getByRole('article').filter({ hasText: product.name });
      await expect(card).toContainText('From £4.95');
      await expect(card).not.toContainText('OFF');
      await expect(card).not.toContainText('MRP');
      await expect(card.locator('s')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/card-${width}.png` });
      // A seeded product beside it keeps its own true 40%.
      await page.goto(`/search?query=${encodeURIComponent('Roasted Cashew Nuts')}`);
      const cashews = page.getByRole('main').getByRole('article').filter({ hasText: 'Roasted Cashew Nuts' }).first();
      await expect(cashews.getByText('Flat 40% OFF', { exact: true })).toBeVisible();
      await expect(cashews.getByText('£6.99', { exact: true })).toHaveCSS('text-decoration-line', 'line-through');

      // 'Your Savings': 2 × (£10.00 − £6.40) + 1 × (£6.99 − £4.19) = £10.00; none for a weight at or without an MRP.
      await startAsGuestWith(page, [
        { _id: product._id, qty: 2, selectedWeight: '400g' },
        { _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '250g' },
      ]);
      await page.goto('/cart');
      await expect(summary(page)).toContainText('Your Savings£10.00');
      await expect(summary(page)).toContainText('Total£16.99');
      await page.screenshot({ path: `${SHOTS}/cart-${width}.png`, fullPage: true });
      const line = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: product.name }) });
      await line.getByLabel('Weight').selectOption('200g');
      await expect(summary(page)).toContainText('Your Savings£2.80');
      await line.getByLabel('Weight').selectOption('1kg');
      await expect(line).toContainText('£29.00');
      await expect(summary(page)).toContainText('Your Savings£2.80');
    });
  });
}
