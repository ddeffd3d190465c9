/**
 * Stock as a shopper meets it (docs/api.md, Stock): the owner counts a size down to nothing and the shop says
 * 'Out of stock' on the product's card and on that size's button, with nothing to press; another size still sells.
 * The product (Soft Pitted Prunes) is one no other browser journey uses, and its stock goes back to uncounted after.
 */
import type { APIRequestContext } from '@playwright/test';
import type { AdminProduct, ProductInput } from '#shared/schemas/admin-product';
import { adminToken } from '#tests/e2e/admin-screens';
import { expect, test } from '#tests/e2e/base-test';

const PRODUCT = 'soft-pitted-prunes';
const NAME = 'Soft Pitted Prunes';

async function setFirstWeightStock(request: APIRequestContext, stock: number | null) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const { items } = (await (await request.get('/api/admin/products', { headers })).json()) as { items: AdminProduct[] };
  const product = items.find((item) => item._id === PRODUCT)!;
  const { _id, price, hidden, weights, ...fields } = product;
  const body: ProductInput = {
    ...fields,
    weights: weights.map(({ label, grams, price: weightPrice, mrp }, index) => ({
      label,
      grams,
      price: weightPrice,
      mrp,
      stock: index === 0 ? stock : null,
    })),
  };
  const response = await request.put(`/api/admin/products/${PRODUCT}`, { headers, data: body });
  expect(response.status()).toBe(200);
}

test.afterEach(async ({ request }) => {
  await setFirstWeightStock(request, null);
});

test('a size counted down to nothing says Out of stock on the card and its button; another size still sells', async ({
  page,
  request,
}) => {
  await setFirstWeightStock(request, 0);

  await page.goto('/product?category=Dry%20Fruits');
  const card = page.getByRole('main').getByRole('article').filter({ hasText: NAME });
  await expect(card.getByText('Out of stock')).toBeVisible();
  await expect(card.getByRole('button', { name: `Add to Cart: ${NAME}` })).toHaveCount(0);
  await expect(card.getByRole('button', { name: `Buy Now: ${NAME}` })).toHaveCount(0);

  await page.goto(`/product/${PRODUCT}`);
  const sizes = page.getByRole('group', { name: 'Size' });
  await expect(sizes.getByRole('button', { name: '250g Out of stock' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'BUY NOW' })).toHaveCount(0);
  await expect(page.getByText('Out of stock', { exact: true }).last()).toBeVisible();

  await sizes.getByRole('button', { name: '500g' }).click();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'BUY NOW' })).toBeVisible();
});
