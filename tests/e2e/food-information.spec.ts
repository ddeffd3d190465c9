/**
 * The food information a UK shop selling at a distance shows before purchase (FIR art. 14): on a product
 * page, the ingredients with the allergens in bold, the may-contain advice, the nutrition declaration per 100 g,
 * origin, storage and net weights, as the API holds them; readable on a phone and without accessibility faults.
 */
import type { Product } from '#shared/schemas/product';
import { violations } from '#tests/e2e/axe';
import { expect, test } from '#tests/e2e/base-test';

test('a product page shows the food information the API holds, the allergens in its ingredients in bold', async ({
  page,
  request,
}) => {
  const product = (await (await request.get('/api/products/tamari-roasted-sunflower-seeds')).json()) as Product;
  expect(product.nutrition).not.toBeNull();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/product/tamari-roasted-sunflower-seeds');

  const food = page.getByRole('region', { name: 'Food information' });
  await expect(food.getByRole('heading', { name: 'Ingredients' })).toBeVisible();
  await expect(food.getByText(product.ingredients.slice(0, 20))).toBeVisible();
  await expect(food.locator('strong')).toContainText(['soya beans']);
  await expect(food.getByText(/For allergens, see the ingredients in bold\. May contain peanuts/)).toBeVisible();

  const nutrition = food.getByRole('table', { name: 'Nutrition' });
  await expect(nutrition.getByRole('row', { name: /^Energy/ })).toContainText(
    `${product.nutrition!.energyKj}kJ / ${product.nutrition!.energyKcal}kcal`,
  );
  await expect(nutrition.getByRole('row', { name: /^of which sugars/ })).toContainText(
    `${product.nutrition!.sugars.toFixed(1)}g`,
  );
  await expect(food.getByText(product.origin, { exact: true })).toBeVisible();
  await expect(food.getByText(product.storage)).toBeVisible();
  await expect(food.getByText('250g, 500g, 1kg')).toBeVisible();

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await violations(page)).toEqual([]);
});
