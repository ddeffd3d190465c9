import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartTotals } from '#shared/cart-rules';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { newCustomerCart, summary } from '#tests/cart';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

const newCart = () => newCustomerCart(testApp);

describe('a line the catalog can no longer sell', () => {
  it('shows a product that has left the catalog as unavailable, by its last name, out of every total', async () => {
    const cart = await newCart();
    await cart.add({ _id: 'medjool-dates', qty: 2, selectedWeight: '500g' });
    await cart.add({ _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '250g' });

    await testApp.app.db.execute(sql`delete from products where id = 'medjool-dates'`);
    await testApp.app.catalog.refresh();

    const lines = (await cart.get()).lines();
    expect(lines).toEqual([
      {
        _id: 'medjool-dates',
        name: 'Medjool Dates',
        qty: 2,
        price: 0,
        selectedWeight: '500g',
        product: null,
        available: false,
      },
      expect.objectContaining({ _id: 'roasted-cashew-nuts', price: 4.19, available: true }),
    ]);
    expect(cartTotals(lines)).toEqual({ subtotalPence: 419, savingsPence: 699 - 419, totalPence: 419, lineCount: 1 });

    // It cannot be added again or given a weight, but it can be removed.
    expect((await cart.add({ _id: 'medjool-dates', qty: 1 })).response.statusCode).toBe(404);
    expect((await cart.changeWeight('medjool-dates', '250g')).response.statusCode).toBe(404);
    expect((await cart.remove('medjool-dates', 2)).lines().map((line) => line._id)).toEqual(['roasted-cashew-nuts']);
  });

  it('shows a weight the product no longer comes in as unavailable with the product, until another weight is chosen', async () => {
    const cart = await newCart();
    await cart.add({ _id: 'dried-cranberries', qty: 3, selectedWeight: '1kg' });
    await cart.add({ _id: 'chia-seeds', qty: 1, selectedWeight: '500g' });

    await testApp.app.db.execute(
      sql`delete from product_weights where product_id = 'dried-cranberries' and label = '1kg'`,
    );
    await testApp.app.catalog.refresh();

    const lines = (await cart.get()).lines();
    expect(lines[0]).toMatchObject({
      _id: 'dried-cranberries',
      name: 'Dried Cranberries',
      qty: 3,
      price: 0,
      selectedWeight: '1kg',
      available: false,
    });
    expect(lines[0]?.product?.weights.map((weight) => weight.label)).toEqual(['250g', '500g']);
    expect(lines[1]).toMatchObject({ _id: 'chia-seeds', price: 4.19, available: true });
    expect(cartTotals(lines)).toEqual({ subtotalPence: 419, savingsPence: 549 - 419, totalPence: 419, lineCount: 1 });

    // Choosing a weight it still has makes the line whole again, at that weight's price.
    const fixed = (await cart.changeWeight('dried-cranberries', '500g')).lines();
    expect(summary(fixed[0]!)).toEqual({
      _id: 'dried-cranberries',
      qty: 3,
      selectedWeight: '500g',
      price: 5.19,
      available: true,
    });
    // The cranberries' 500g claims no MRP: only the chia seeds save.
    expect(cartTotals(fixed)).toEqual({
      subtotalPence: 3 * 519 + 419,
      savingsPence: 549 - 419,
      totalPence: 3 * 519 + 419,
      lineCount: 2,
    });
  });
});
