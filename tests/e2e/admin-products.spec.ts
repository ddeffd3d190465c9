/**
 * The owner's Products screen (decision 071 amended): an admin adds a product with its food information
 * and a counted weight, and a guest finds it, reads its food information and buys it; a weight counted down to 0
 * reads 'Out of stock' on the shop's card; a picture uploaded becomes the product's, a file that is not one is refused; the shared schema's and the server's messages show under their fields;
 * Hide and Show from the list, filtered in the address; at 1366 and 375 px, axe-clean.
 * NOTE: the e2e database is shared by parallel workers: these tests change only products they create themselves.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminProduct, ProductInput } from '#shared/schemas/admin-product';
import { uniqueEmail } from '#tests/accounts';
import { expect, test } from '#tests/e2e/accounts';
import { adminToken, expectNoSidewaysScroll, logInAsAdmin, openAdminScreen } from '#tests/e2e/admin-screens';
import { violations } from '#tests/e2e/axe';
import { makePng } from '#tests/e2e/png';
import { waitForHydration } from '#tests/e2e/base-test';
import { guestDialog } from '#tests/e2e/cart';
import { bristol, fillAddress, payWithCard } from '#tests/e2e/checkout';

const SHOTS = '/work/shots/admin-products';

/** A product name no other test uses (its id is made from it). */
const uniqueName = (kind: string) => `Test ${kind} ${crypto.randomUUID().slice(0, 8)}`;

const main = (page: Page) => page.getByRole('main');
const productCard = (page: Page, name: string) =>
  main(page).getByRole('list', { name: "Products, in the shop's order" }).getByRole('article', { name });
/**
 * The screen's status message (the upload's status region stays empty unless a picture is sent, and the batches
 * section's 'Loading the batches…' is not it).
 */
const notice = (page: Page) =>
  main(page)
    .getByRole('status')
    .filter({ hasText: /\S/ })
    .filter({ hasNotText: /^Loading/ });
const weight = (page: Page, n: number) => main(page).getByRole('group', { name: `Weight ${n}` });

/** A product made through the owner's API, with one weight (stock as given), for the tests that edit one. */
async function createProduct(request: APIRequestContext, name: string, stock: number | null): Promise<AdminProduct> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const { items } = (await (await request.get('/api/admin/products', { headers })).json()) as { items: AdminProduct[] };
  const body: ProductInput = {
    name,
    category: 'Seeds',
    description: 'Made by the admin products test.',
    image: items[0]!.image,
    isNewlyLaunched: false,
    isBestSeller: false,
    vatRate: 0,
    allergens: [],
    mayContain: [],
    ingredients: '',
    nutrition: null,
    origin: '',
    storage: '',
    weights: [{ label: '200g', grams: 200, price: 3, mrp: 5, stock }],
  };
  const response = await request.post('/api/admin/products', { headers, data: body });
  expect(response.status(), await response.text()).toBe(201);
  // A new product starts hidden; these tests want it in the shop.
  const { _id } = (await response.json()) as AdminProduct;
  const shown = await request.patch(`/api/admin/products/${_id}`, { headers, data: { hidden: false } });
  expect(shown.status(), await shown.text()).toBe(200);
  return (await shown.json()) as AdminProduct;
}

test.describe('an admin at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('adds a product with its food information and stock; a guest reads it on its page and buys it', async ({
    page,
    browser,
  }) => {
    // The whole life of a product in one journey (the form, showing it, the list, a guest's page, cart and payment):
    // about twenty page loads and three full-page screenshots, past the default minute on a busy machine.
    test.setTimeout(120_000);
    const name = uniqueName('Sesame Snaps');
    await openAdminScreen(page, 'Products');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await main(page).getByRole('link', { name: 'Add a product' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add a product' })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    const form = main(page);
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Category').selectOption('Seeds');
    await form.getByLabel('Description').fill('Crisp sesame snaps, sweetened with honey.');
    await form.getByLabel('Picture', { exact: true }).selectOption({ index: 1 });
    // A photo of its own instead: uploaded at once, it becomes the picture.
    await form.getByLabel('Upload a picture').setInputFiles({
      name: 'sesame-snaps.png',
      mimeType: 'image/png',
      buffer: makePng(64, 48),
    });
    await expect(form.getByText('Picture uploaded: it is the product’s picture now.')).toBeVisible();
    await expect(form.getByLabel('Picture', { exact: true })).toHaveValue(/^\/uploads\/products\/[0-9a-f-]+\.webp$/);
    await form.getByRole('checkbox', { name: 'New launch' }).check();
    await form.getByRole('radio', { name: '0% (food)' }).check();
    await form.getByRole('group', { name: 'Allergens' }).getByRole('checkbox', { name: 'Sesame' }).check();
    await form.getByRole('group', { name: 'May contain' }).getByRole('checkbox', { name: 'Peanuts' }).check();
    await form.getByLabel('Ingredients').fill('Sesame seeds (70%), honey, glucose syrup');
    const nutrition = form.getByRole('group', { name: 'Nutrition per 100 g' });
    await nutrition.getByRole('checkbox', { name: 'No nutrition information yet' }).uncheck();
    const values: [string, string][] = [
      ['Energy (kJ)', '2100'],
      ['Energy (kcal)', '503'],
      ['Fat (g)', '28.5'],
      ['of which saturates (g)', '4.1'],
      ['Carbohydrate (g)', '48.2'],
      ['of which sugars (g)', '36.7'],
      ['Fibre (g)', '5.2'],
      ['Protein (g)', '11.8'],
      ['Salt (g)', '0.05'],
    ];
    for (const [label, value] of values) await nutrition.getByLabel(label, { exact: true }).fill(value);
    await form.getByLabel('Origin').fill('Greece');
    await form.getByLabel('Storage').fill('Store in a cool, dry place.');
    await weight(page, 1).getByLabel('Label').fill('150g');
    await weight(page, 1).getByLabel('Grams').fill('150');
    await weight(page, 1).getByLabel('Stock').fill('5');
    await weight(page, 1).getByLabel('Price (£)').fill('2.99');
    await weight(page, 1).getByLabel('MRP (£)').fill('4.99');
    // A second weight added then removed: at least one stays, and no Remove shows for the last one.
    await form.getByRole('button', { name: 'Add a weight' }).click();
    await expect(weight(page, 2).getByLabel('Label')).toBeFocused();
    await weight(page, 2).getByRole('button', { name: 'Remove weight 2' }).click();
    await expect(weight(page, 2)).toHaveCount(0);
    await expect(weight(page, 1).getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/form-1366.png`, fullPage: true });

    await form.getByRole('button', { name: 'Add product' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/test-sesame-snaps-[a-z0-9]+$/);
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
    await expect(notice(page)).toHaveText(`${name} is added, hidden from shoppers until you show it.`);
    // A new product starts hidden: the owner shows it from its own screen.
    await expect(main(page).getByText('Hidden from shoppers.', { exact: true })).toBeVisible();
    await main(page).getByRole('button', { name: 'Show in the shop' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: 'Now shown in the shop.' })).toBeVisible();
    await expect(weight(page, 1).getByLabel('Stock')).toHaveValue('5');
    const productPath = `/product/${page.url().split('/').at(-1)}`;

    await main(page).getByRole('link', { name: 'Back to products' }).click();
    const card = productCard(page, name);
    await expect(card).toContainText('Shown');
    await expect(card).toContainText('Seeds · from £2.99');
    await expect(card.getByRole('row', { name: /^150g/ })).toHaveText(/150g\s*£2\.99\s*5\s*0/);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/list-1366.png`, fullPage: true });

    // A guest, in a browser of their own, finds it in the shop and reads its food information before buying.
    const shopper = await (await browser.newContext()).newPage();
    await shopper.goto('/product?category=Seeds');
    await waitForHydration(shopper);
    await main(shopper).getByRole('article').filter({ hasText: name }).getByRole('link', { name }).first().click();
    await expect(shopper).toHaveURL(new RegExp(`${productPath}$`));
    const food = shopper.getByRole('region', { name: 'Food information' });
    await expect(food.getByText('Sesame seeds (70%), honey, glucose syrup')).toBeVisible();
    await expect(food.getByRole('table', { name: 'Nutrition' }).getByRole('row', { name: /^Energy/ })).toContainText(
      '2100kJ / 503kcal',
    );
    await expect(food.getByText('Greece', { exact: true })).toBeVisible();
    await expect(main(shopper).getByRole('img', { name }).first()).toHaveAttribute('src', /^\/uploads\/products\//);

    await shopper.getByRole('button', { name: 'Add to Cart' }).click();
    await guestDialog(shopper).getByRole('button', { name: 'Continue as Guest' }).click();
    const cartLink = shopper.getByRole('banner').getByRole('link', { name: /^Cart, / });
    await expect(cartLink).toHaveAccessibleName('Cart, 1 item');
    await cartLink.click();
    await shopper.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(shopper.getByRole('region', { name: 'Order summary' })).toContainText(name);
    await fillAddress(shopper, {
      name: 'Grace Hopper',
      phone: '7700900123',
      email: uniqueEmail('product-buyer'),
      ...bristol,
    });
    await shopper.getByRole('button', { name: 'Continue to payment' }).click();
    await payWithCard(shopper, '4242 4242 4242 4242', '£');
    await expect(shopper.getByRole('status')).toHaveText('Payment successful! Your order is confirmed.');
    await shopper.context().close();

    // The paid pack is taken from the count.
    await page.reload();
    await expect(productCard(page, name).getByRole('row', { name: /^150g/ })).toHaveText(/150g\s*£2\.99\s*4\s*0/);
  });

  test("counts a weight down to 0 and the shop's card says Out of stock", async ({ page, request }) => {
    const product = await createProduct(request, uniqueName('Pumpkin Seeds'), 3);
    await logInAsAdmin(page, '/admin/products');
    const card = productCard(page, product.name);
    await expect(card.getByRole('row', { name: /^200g/ })).toHaveText(/200g\s*£3\.00\s*3\s*0/);
    await card.getByRole('link', { name: `Edit ${product.name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${product.name}` })).toBeVisible();

    await weight(page, 1).getByLabel('Stock').fill('0');
    await main(page).getByRole('button', { name: 'Save changes' }).click();
    await expect(notice(page)).toHaveText(`${product.name} is saved.`);
    // A reload opens the same form, from the server.
    await page.reload();
    await expect(weight(page, 1).getByLabel('Stock')).toHaveValue('0');

    await page.goto('/product?category=Seeds');
    const shopCard = main(page).getByRole('article').filter({ hasText: product.name });
    await expect(shopCard.getByText('Out of stock')).toBeVisible();
    await expect(shopCard.getByRole('button', { name: `Add to Cart: ${product.name}` })).toHaveCount(0);
  });

  test.describe('a refused change', () => {
    // The server's 400 on purpose, which Chromium reports.
    test.use({
      allowedConsoleError: /Failed to load resource: the server responded with a status of (400|415)/,
    });

    test("shows the shared schema's message, then the server's, under the field, and focuses it", async ({
      page,
      request,
    }) => {
      const product = await createProduct(request, uniqueName('Chia Seeds'), null);
      await logInAsAdmin(page, `/admin/products/${product._id}`);
      const price = weight(page, 1).getByLabel('Price (£)');
      await expect(price).toHaveValue('3');

      // A file that is not a picture: the server's refusal under the upload field; the picture stays.
      const picture = await main(page).getByLabel('Picture', { exact: true }).inputValue();
      await main(page)
        .getByLabel('Upload a picture')
        .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
      await expect(main(page).getByText('Please choose a JPEG, PNG or WebP picture.')).toBeVisible();
      await expect(main(page).getByLabel('Picture', { exact: true })).toHaveValue(picture);

      // The browser's check, with the shared schema's words: nothing is sent.
      await price.fill('9');
      await weight(page, 1).getByLabel('Label').press('Enter');
      await expect(weight(page, 1).getByText('The price cannot be above the MRP.')).toBeVisible();
      await expect(price).toBeFocused();
      await expect(price).toHaveAttribute('aria-invalid', 'true');
      await expect(price).toHaveAccessibleDescription('The price cannot be above the MRP.');

      // The server's own answer to a body the browser did not check (changed on its way), shown the same way.
      await price.fill('2.50');
      await page.route(`**/api/admin/products/${product._id}`, async (route) => {
        const body = route.request().postDataJSON() as ProductInput;
        await route.continue({ postData: JSON.stringify({ ...body, weights: [{ ...body.weights[0]!, price: 7 }] }) });
      });
      await main(page).getByRole('button', { name: 'Save changes' }).click();
      await expect(weight(page, 1).getByText('The price cannot be above the MRP.')).toBeVisible();
      await expect(price).toBeFocused();
      await expect(price).toHaveValue('2.50');
      await expect(notice(page)).toHaveCount(0);
    });
  });

  test('hides a product from the list and shows it again, the filter kept in the address', async ({
    page,
    request,
  }) => {
    const product = await createProduct(request, uniqueName('Flax Seeds'), null);
    await logInAsAdmin(page, '/admin/products');
    const card = productCard(page, product.name);
    await expect(card).toContainText('Not counted');

    await card.getByRole('button', { name: `Hide ${product.name}` }).click();
    await expect(notice(page)).toHaveText(`${product.name} is hidden from the shop.`);
    await expect(card).toContainText('Hidden');
    expect((await request.get(`/api/products/${product._id}`)).status()).toBe(404);

    await main(page).getByLabel('Show').selectOption('Hidden');
    await expect(page).toHaveURL(/\/admin\/products\?shown=hidden$/);
    await page.reload();
    await expect(main(page).getByLabel('Show')).toHaveValue('hidden');
    await expect(main(page).getByRole('button', { name: /^Hide / })).toHaveCount(0);
    await card.getByRole('button', { name: `Show ${product.name}` }).click();
    await expect(notice(page)).toHaveText(`${product.name} is shown in the shop.`);
    await expect(card).toHaveCount(0);
    expect((await request.get(`/api/products/${product._id}`)).status()).toBe(200);
  });
});

test('a product hidden in /admin leaves the shop pages of the same tab at once, not when their copy gets old', async ({
  page,
  request,
}) => {
  const product = await createProduct(request, uniqueName('Chia Seeds'), null);
  await logInAsAdmin(page, '/admin/products');
  const search = async () => {
    await page.getByRole('searchbox', { name: 'Search products' }).fill(product.name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Search results for "${product.name}"` })).toBeVisible();
  };
  // The shop's search, in the app: its answer stays in this tab's cache.
  await search();
  await expect(main(page).getByRole('heading', { name: product.name, exact: true })).toBeVisible();
  await page.goBack();
  await productCard(page, product.name)
    .getByRole('button', { name: `Hide ${product.name}` })
    .click();
  await expect(notice(page)).toHaveText(`${product.name} is hidden from the shop.`);
  await search();
  await expect(main(page).getByText('No matching products found.')).toBeVisible();
  await expect(main(page).getByRole('heading', { name: product.name, exact: true })).toHaveCount(0);
});

test.describe('an admin on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('reads the list and the form without sideways scrolling, axe-clean', async ({ page, request }) => {
    const product = await createProduct(request, uniqueName('Sunflower Hearts With A Long Name'), 12);
    await logInAsAdmin(page, '/admin/products');
    await expect(productCard(page, product.name)).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/list-375.png`, fullPage: true });

    await productCard(page, product.name).getByRole('link', { name: product.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${product.name}` })).toBeVisible();
    await main(page).getByRole('checkbox', { name: 'No nutrition information yet' }).uncheck();
    await main(page).getByRole('button', { name: 'Add a weight' }).click();
    await expectNoSidewaysScroll(page);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/form-375.png`, fullPage: true });

    // By keyboard: Save from the last field with Enter; the first field wrong (the new weight's label) takes focus.
    await weight(page, 2).getByLabel('MRP (£)').press('Enter');
    await expect(main(page).getByLabel('Energy (kJ)')).toBeFocused();
    await expect(main(page).getByText('Energy (kJ) must be a number.')).toBeVisible();
  });
});
