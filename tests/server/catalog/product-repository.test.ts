import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productWeights } from '#server/db/schema';
import { catalog } from '#server/db/seed/catalog';
import { toWireProduct } from '#server/features/catalog/index';
import { buildTestApp, type TestApp } from '#tests/build-test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const cashewWeights = [
  { label: '250g', grams: 250, pricePence: 419, mrpPence: 699, stock: null, lowStockAt: null },
  { label: '500g', grams: 500, pricePence: 809, mrpPence: 1349, stock: null, lowStockAt: null },
  { label: '1kg', grams: 1000, pricePence: 1529, mrpPence: 2549, stock: null, lowStockAt: null },
];

/** Runs `work` in a transaction that is always rolled back, so the file's database stays as seeded. */
async function insideRolledBackTransaction(work: Parameters<TestApp['app']['db']['transaction']>[0]) {
  await expect(
    testApp.app.db.transaction(async (tx) => {
      await work(tx);
      tx.rollback();
    }),
  ).rejects.toThrow(/rollback/i);
}

describe('app.productRepository.listAll', () => {
  it('lists every product in the shop’s order, each with its weights priced in pence', async () => {
    const records = await testApp.app.productRepository.listAll();
    expect(records.map((record) => record.id)).toEqual(catalog.map((product) => product.id));
    expect(records[0]).toMatchObject({
      id: 'roasted-cashew-nuts',
      name: 'Roasted Cashew Nuts',
      category: 'Nuts',
      image: '/images/products/roasted-cashew-nuts.svg',
      allergens: ['Tree nuts'],
      vatRate: 20,
      isBestSeller: true,
      weights: cashewWeights,
    });
    for (const record of records) {
      expect(
        record.weights.map((weight) => weight.label),
        record.id,
      ).toEqual(['250g', '500g', '1kg']);
    }
  });

  it('orders by the shop’s position first and by name among equals', async () => {
    await insideRolledBackTransaction(async (tx) => {
      await tx
        .update(products)
        .set({ position: -1 })
        .where(inArray(products.id, ['walnut-halves', 'brazil-nuts']));
      // Renamed so that name order and id order disagree.
      await tx.update(products).set({ name: 'Autumn Walnut Halves' }).where(eq(products.id, 'walnut-halves'));
      const ids = (await testApp.app.productRepository.listAll(tx)).map((record) => record.id);
      expect(ids.slice(0, 3)).toEqual(['walnut-halves', 'brazil-nuts', 'roasted-cashew-nuts']);
    });
  });
});

describe('app.productRepository.findByIds', () => {
  it('finds several products at once with their weights, leaving out ids that match none', async () => {
    const records = await testApp.app.productRepository.findByIds([
      'walnut-halves',
      'no-such-nut',
      'roasted-cashew-nuts',
      'walnut-halves',
    ]);
    expect(records.map((record) => record.id)).toEqual(['roasted-cashew-nuts', 'walnut-halves']);
    expect(records[0]?.weights).toEqual(cashewWeights);
    expect(records[1]?.weights.map((weight) => [weight.label, weight.pricePence, weight.mrpPence])).toEqual([
      ['250g', 419, 699],
      ['500g', 797, 1329],
      ['1kg', 1499, 2499],
    ]);
  });

  it('answers nothing for no ids or only unknown ones', async () => {
    expect(await testApp.app.productRepository.findByIds([])).toEqual([]);
    expect(await testApp.app.productRepository.findByIds(['no-such-nut', 'ROASTED-CASHEW-NUTS'])).toEqual([]);
  });

  it('reads inside a checkout’s transaction what that transaction has changed, and nothing once it rolls back', async () => {
    const cashew250g = and(eq(productWeights.productId, 'roasted-cashew-nuts'), eq(productWeights.label, '250g'));
    await insideRolledBackTransaction(async (tx) => {
      await tx.update(productWeights).set({ pricePence: 449 }).where(cashew250g);
      const [inside] = await testApp.app.productRepository.findByIds(['roasted-cashew-nuts'], tx);
      expect(inside?.weights[0]?.pricePence).toBe(449);
    });
    const [after] = await testApp.app.productRepository.findByIds(['roasted-cashew-nuts']);
    expect(after?.weights[0]?.pricePence).toBe(419);
  });
});

describe('a weight without an MRP (decision 094)', () => {
  const cashew250g = and(eq(productWeights.productId, 'roasted-cashew-nuts'), eq(productWeights.label, '250g'));

  it('is read with mrpPence null, answered as mrp: null, and any price stands without one', async () => {
    await insideRolledBackTransaction(async (tx) => {
      await tx.update(productWeights).set({ mrpPence: null, pricePence: 9999 }).where(cashew250g);
      const [record] = await testApp.app.productRepository.findByIds(['roasted-cashew-nuts'], tx);
      expect(record?.weights[0]).toMatchObject({ label: '250g', pricePence: 9999, mrpPence: null });
      expect(toWireProduct(record!).weights[0]).toMatchObject({ price: 99.99, mrp: null });
    });
  });

  it('is still refused a price above an MRP it has, and a price of 0 without one', async () => {
    for (const change of [{ pricePence: 700 }, { mrpPence: null, pricePence: 0 }]) {
      await expect(
        testApp.app.db.transaction(async (tx) => {
          await tx.update(productWeights).set(change).where(cashew250g);
        }),
      ).rejects.toMatchObject({ cause: { code: '23514', constraint: 'product_weights_price_check' } });
    }
  });
});
