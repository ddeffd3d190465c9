import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartMessages } from '#server/features/cart/service';
import { cartTotals } from '#shared/cart-rules';
import { poundsToPence } from '#shared/money';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { newCustomerCart, summary } from '#tests/cart';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

const newCart = () => newCustomerCart(testApp);

describe('GET /api/cart', () => {
  it('answers an empty list for a new customer', async () => {
    const cart = await newCart();
    const answer = await cart.get();
    expect(answer.response.statusCode).toBe(200);
    expect(answer.lines()).toEqual([]);
  });
});

describe('POST /api/cart/add', () => {
  it('puts a new line with the chosen quantity and weight, priced from the catalog, with the whole product', async () => {
    const cart = await newCart();
    const [line, ...rest] = (await cart.add({ _id: 'roasted-cashew-nuts', qty: 3, selectedWeight: '500g' })).lines();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      _id: 'roasted-cashew-nuts',
      name: 'Roasted Cashew Nuts',
      qty: 3,
      price: 8.09,
      selectedWeight: '500g',
      available: true,
    });
    const product = await testApp.app.inject({ method: 'GET', url: '/api/products/roasted-cashew-nuts' });
    expect(line?.product).toEqual(product.json());
    expect((await cart.get()).lines()).toEqual([line]);
  });

  it('adds one to a product already in the cart and keeps its weight, as the spec says', async () => {
    const cart = await newCart();
    await cart.add({ _id: 'walnut-halves', qty: 2, selectedWeight: '1kg' });
    const lines = (await cart.add({ _id: 'walnut-halves', qty: 5, selectedWeight: '250g' })).lines();
    expect(lines.map(summary)).toEqual([
      { _id: 'walnut-halves', qty: 3, selectedWeight: '1kg', price: 14.99, available: true },
    ]);
  });

  it('takes the first weight and a quantity of one when the body names neither', async () => {
    const cart = await newCart();
    const lines = (await cart.add({ _id: 'sea-salt-roasted-almonds' })).lines();
    expect(lines.map(summary)).toEqual([
      { _id: 'sea-salt-roasted-almonds', qty: 1, selectedWeight: '250g', price: 3.89, available: true },
    ]);
    const again = (await cart.add({ _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '' })).lines();
    expect(again[1]).toMatchObject({ selectedWeight: '250g', price: 4.19 });
  });

  it('ignores a price, a name and a product sent by the browser', async () => {
    const cart = await newCart();
    const forged = {
      _id: 'roasted-cashew-nuts',
      qty: 2,
      selectedWeight: '1kg',
      price: 0.01,
      name: 'Free cashews',
      product: { _id: 'roasted-cashew-nuts', price: 0.01, weights: [{ label: '1kg', price: 0.01 }] },
      available: true,
    };
    const answer = await cart.add(forged);
    expect(answer.response.statusCode).toBe(200);
    expect(answer.lines().map(summary)).toEqual([
      { _id: 'roasted-cashew-nuts', qty: 2, selectedWeight: '1kg', price: 15.29, available: true },
    ]);
    expect(answer.lines()[0]?.name).toBe('Roasted Cashew Nuts');
    expect(cartTotals(answer.lines()).totalPence).toBe(2 * 1529);
  });

  it('never takes a line past 99', async () => {
    const cart = await newCart();
    await cart.add({ _id: 'pecan-halves', qty: 99 });
    const lines = (await cart.add({ _id: 'pecan-halves', qty: 1 })).lines();
    expect(lines.map((line) => line.qty)).toEqual([99]);
  });

  it('answers 404 for a product the catalog does not have, and 400 naming the weights for a weight it does not sell', async () => {
    const cart = await newCart();
    const unknown = await cart.add({ _id: 'roasted-unicorn-nuts', qty: 1 });
    expect(unknown.response.statusCode).toBe(404);
    expect(unknown.response.json()).toEqual({ message: cartMessages.productNotFound });

    const wrongWeight = await cart.add({ _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '2kg' });
    expect(wrongWeight.response.statusCode).toBe(400);
    expect(wrongWeight.response.json()).toEqual({
      message: 'Roasted Cashew Nuts does not come in 2kg. Please choose 250g, 500g, 1kg.',
      errors: [
        {
          field: 'selectedWeight',
          message: 'Roasted Cashew Nuts does not come in 2kg. Please choose 250g, 500g, 1kg.',
        },
      ],
    });
    expect((await cart.get()).lines()).toEqual([]);
  });

  it('keeps the lines in the order they were first added', async () => {
    const cart = await newCart();
    await cart.add({ _id: 'walnut-halves', qty: 1 });
    await cart.add({ _id: 'brazil-nuts', qty: 1 });
    await cart.add({ _id: 'almonds-do-not-exist', qty: 1 });
    await cart.add({ _id: 'chia-seeds', qty: 1 });
    await cart.add({ _id: 'walnut-halves', qty: 1 });
    expect((await cart.get()).lines().map((line) => line._id)).toEqual(['walnut-halves', 'brazil-nuts', 'chia-seeds']);
  });
});

describe('DELETE /api/cart/remove/:id', () => {
  it('takes the quantity off the line and answers the cart', async () => {
    const cart = await newCart();
    await cart.add({ _id: 'roasted-cashew-nuts', qty: 5 });
    await cart.add({ _id: 'walnut-halves', qty: 1 });
    const lines = (await cart.remove('roasted-cashew-nuts', 2)).lines();
    expect(lines.map((line) => [line._id, line.qty])).toEqual([
      ['roasted-cashew-nuts', 3],
      ['walnut-halves', 1],
    ]);
  });

  it('removes the line when its whole quantity, or more, is removed', async () => {
    const cart = await newCart();
    await cart.add({ _id: 'roasted-cashew-nuts', qty: 2 });
    await cart.add({ _id: 'walnut-halves', qty: 4 });
    expect((await cart.remove('roasted-cashew-nuts', 2)).lines().map((line) => line._id)).toEqual(['walnut-halves']);
    expect((await cart.remove('walnut-halves', 99)).lines()).toEqual([]);
  });

  it('answers 404 for a product that is not in the cart', async () => {
    const cart = await newCart();
    const answer = await cart.remove('walnut-halves', 1);
    expect(answer.response.statusCode).toBe(404);
    expect(answer.response.json()).toEqual({ message: cartMessages.notInCart });
  });
});

describe('DELETE /api/cart/clear', () => {
  it('empties the cart (Remove All) and answers an empty list', async () => {
    const cart = await newCart();
    await cart.add({ _id: 'roasted-cashew-nuts', qty: 2 });
    await cart.add({ _id: 'walnut-halves', qty: 1 });
    const answer = await cart.clear();
    expect(answer.lines()).toEqual([]);
    expect((await cart.get()).lines()).toEqual([]);
    // Clearing an empty cart is no mistake.
    expect((await cart.clear()).lines()).toEqual([]);
  });
});

describe('PATCH /api/cart/:id', () => {
  it('replaces the weight and the price, keeping the quantity and the place in the cart', async () => {
    const cart = await newCart();
    await cart.add({ _id: 'roasted-cashew-nuts', qty: 3, selectedWeight: '250g' });
    await cart.add({ _id: 'walnut-halves', qty: 1 });
    const lines = (await cart.changeWeight('roasted-cashew-nuts', '1kg')).lines();
    expect(lines.map(summary)).toEqual([
      { _id: 'roasted-cashew-nuts', qty: 3, selectedWeight: '1kg', price: 15.29, available: true },
      { _id: 'walnut-halves', qty: 1, selectedWeight: '250g', price: 4.19, available: true },
    ]);
    expect(cartTotals(lines)).toEqual({
      subtotalPence: 3 * 1529 + 419,
      // The real saving of each line's weight: (MRP − price) × qty.
      savingsPence: 3 * (2549 - 1529) + (699 - 419),
      totalPence: 3 * 1529 + 419,
      lineCount: 2,
    });
  });

  it('refuses a weight the product does not have, a product not in the cart, and one the catalog does not have', async () => {
    const cart = await newCart();
    await cart.add({ _id: 'roasted-cashew-nuts', qty: 1 });
    const wrongWeight = await cart.changeWeight('roasted-cashew-nuts', '750g');
    expect(wrongWeight.response.statusCode).toBe(400);
    expect(wrongWeight.response.json().message).toBe(
      'Roasted Cashew Nuts does not come in 750g. Please choose 250g, 500g, 1kg.',
    );

    const notInCart = await cart.changeWeight('walnut-halves', '500g');
    expect(notInCart.response.statusCode).toBe(404);
    expect(notInCart.response.json()).toEqual({ message: cartMessages.notInCart });

    const unknown = await cart.changeWeight('roasted-unicorn-nuts', '500g');
    expect(unknown.response.statusCode).toBe(404);
    expect(unknown.response.json()).toEqual({ message: cartMessages.productNotFound });

    expect((await cart.get()).lines().map(summary)).toEqual([
      { _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '250g', price: 4.19, available: true },
    ]);
  });
});

describe('the cart follows the catalog', () => {
  it('prices every read from the catalog as it is now, not as it was when the line was added', async () => {
    const cart = await newCart();
    const [added] = (await cart.add({ _id: 'golden-linseed', qty: 2, selectedWeight: '500g' })).lines();
    // A price rise after the line went in (the database only; the catalog cache is not refreshed).
    await testApp.app.db.execute(sql`update product_weights set price_pence = price_pence + 100, mrp_pence = mrp_pence + 200
      where product_id = 'golden-linseed' and label = '500g'`);
    const [now] = (await cart.get()).lines();
    expect(poundsToPence(now!.price)).toBe(poundsToPence(added!.price) + 100);
    expect(cartTotals([now!]).totalPence).toBe(2 * (poundsToPence(added!.price) + 100));
  });
});
