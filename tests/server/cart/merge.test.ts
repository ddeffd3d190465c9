import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeCarts } from '#shared/cart-rules';
import type { StoredCartLine } from '#shared/schemas/cart';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { newCustomerCart, summary } from '#tests/cart';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

const newCart = () => newCustomerCart(testApp);

const stored = (lines: { _id: string; qty: number; selectedWeight: string }[]): StoredCartLine[] =>
  lines.map(({ _id, qty, selectedWeight }) => ({ _id, qty, selectedWeight }));

describe('POST /api/cart/merge (the guest cart at login)', () => {
  it('brings every guest line into an empty cart, in the guest cart’s order, priced from the catalog', async () => {
    const cart = await newCart();
    const lines = (
      await cart.merge([
        { _id: 'walnut-halves', qty: 2, selectedWeight: '500g', price: 0.01, name: 'Free walnuts' },
        { _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '1kg' },
        { _id: 'brazil-nuts', qty: 4 },
      ])
    ).lines();
    expect(lines.map(summary)).toEqual([
      { _id: 'walnut-halves', qty: 2, selectedWeight: '500g', price: 7.97, available: true },
      { _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '1kg', price: 15.29, available: true },
      { _id: 'brazil-nuts', qty: 4, selectedWeight: '250g', price: 4.29, available: true },
    ]);
    expect(lines[0]?.name).toBe('Walnut Halves');
    expect((await cart.get()).lines()).toEqual(lines);
  });

  it('adds up a product in both carts (capped at 99) on one line with the guest’s weight, as the shared rule does', async () => {
    const cart = await newCart();
    await cart.add({ _id: 'roasted-cashew-nuts', qty: 2, selectedWeight: '250g' });
    await cart.add({ _id: 'pecan-halves', qty: 90, selectedWeight: '500g' });
    await cart.add({ _id: 'chia-seeds', qty: 1, selectedWeight: '250g' });
    const before = stored((await cart.get()).lines());

    const guest = [
      { _id: 'golden-sultanas', qty: 1, selectedWeight: '250g' },
      { _id: 'roasted-cashew-nuts', qty: 3, selectedWeight: '1kg' },
      { _id: 'pecan-halves', qty: 20, selectedWeight: '500g' },
    ];
    const lines = (await cart.merge(guest)).lines();
    expect(lines.map(summary)).toEqual([
      { _id: 'roasted-cashew-nuts', qty: 5, selectedWeight: '1kg', price: 15.29, available: true },
      { _id: 'pecan-halves', qty: 99, selectedWeight: '500g', price: 10.49, available: true },
      { _id: 'chia-seeds', qty: 1, selectedWeight: '250g', price: 2.29, available: true },
      { _id: 'golden-sultanas', qty: 1, selectedWeight: '250g', price: 1.99, available: true },
    ]);
    expect(stored(lines)).toEqual(mergeCarts(before, guest));
  });

  it('skips guest lines for products or weights the catalog no longer has, and merges the rest', async () => {
    const cart = await newCart();
    await cart.add({ _id: 'walnut-halves', qty: 1, selectedWeight: '250g' });
    const answer = await cart.merge([
      { _id: 'discontinued-nut-mix', qty: 2, selectedWeight: '250g' },
      { _id: 'walnut-halves', qty: 5, selectedWeight: '2kg' },
      { _id: 'medjool-dates', qty: 1, selectedWeight: '500g' },
    ]);
    expect(answer.response.statusCode).toBe(200);
    expect(answer.lines().map(summary)).toEqual([
      { _id: 'walnut-halves', qty: 1, selectedWeight: '250g', price: 4.19, available: true },
      { _id: 'medjool-dates', qty: 1, selectedWeight: '500g', price: 8.09, available: true },
    ]);
  });

  it('folds a product listed twice, ignores lines of 0 or less, and leaves the cart alone for an empty guest cart', async () => {
    const cart = await newCart();
    await cart.add({ _id: 'chia-seeds', qty: 1 });
    const lines = (
      await cart.merge([
        { _id: 'golden-linseed', qty: 2, selectedWeight: '500g' },
        { _id: 'chia-seeds', qty: 0, selectedWeight: '1kg' },
        { _id: 'golden-linseed', qty: 3, selectedWeight: '1kg' },
        { _id: 'hulled-hemp-seeds', qty: -4, selectedWeight: '250g' },
      ])
    ).lines();
    expect(lines.map((line) => [line._id, line.qty, line.selectedWeight])).toEqual([
      ['chia-seeds', 1, '250g'],
      ['golden-linseed', 5, '500g'],
    ]);
    expect((await cart.merge([])).lines()).toEqual(lines);
  });

  it('makes a line whose weight had gone whole again with the guest’s weight', async () => {
    const cart = await newCart();
    await cart.add({ _id: 'soft-pitted-prunes', qty: 1, selectedWeight: '250g' });
    // The shop changes its pack sizes under the line.
    await testApp.app.db.execute(
      sql`update product_weights set label = '300g', grams = 300 where product_id = 'soft-pitted-prunes' and label = '250g'`,
    );
    expect((await cart.get()).lines()[0]?.available).toBe(false);
    const lines = (await cart.merge([{ _id: 'soft-pitted-prunes', qty: 2, selectedWeight: '300g' }])).lines();
    expect(lines.map(summary)).toEqual([
      { _id: 'soft-pitted-prunes', qty: 3, selectedWeight: '300g', price: 2.49, available: true },
    ]);
  });

  it('refuses a guest cart of more than 100 lines or with quantities over 99, and changes nothing', async () => {
    const cart = await newCart();
    await cart.add({ _id: 'chia-seeds', qty: 1 });
    const tooMany = await cart.merge(
      Array.from({ length: 101 }, () => ({ _id: 'chia-seeds', qty: 1, selectedWeight: '250g' })),
    );
    expect(tooMany.response.statusCode).toBe(400);
    expect(tooMany.response.json().message).toBe('A guest cart can bring at most 100 lines.');

    const tooMuch = await cart.merge([
      { _id: 'golden-linseed', qty: 2 },
      { _id: 'chia-seeds', qty: 100 },
    ]);
    expect(tooMuch.response.statusCode).toBe(400);
    expect(tooMuch.response.json()).toEqual({
      message: 'Each line of the guest cart needs a whole-number quantity of at most 99.',
      errors: [
        { field: 'items.1.qty', message: 'Each line of the guest cart needs a whole-number quantity of at most 99.' },
      ],
    });
    expect((await cart.get()).lines().map((line) => [line._id, line.qty])).toEqual([['chia-seeds', 1]]);
  });
});
