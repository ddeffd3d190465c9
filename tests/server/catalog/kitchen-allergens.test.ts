/**
 * Food information that agrees with itself (decision 114): the one kitchen handles peanuts, tree nuts and sesame, so
 * every product the shop shows may contain those of them it does not contain, whether it was seeded, saved by the
 * owner with the box left unticked, or already in a database from before (the migration's backfill). Runs on PGlite,
 * and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '#shared/schemas/product';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { queryRows } from '#tests/db';
import { productInput } from '#tests/fixtures/product';

const KITCHEN = ['Peanuts', 'Tree nuts', 'Sesame'];

let testApp: TestApp;
let admin: TestCustomer;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await insertCustomer(testApp, { role: 'admin' });
});
afterAll(async () => {
  await testApp?.close();
});

const adminCall = (method: 'POST' | 'PUT', url: string, payload: object) =>
  testApp.app.inject({ method, url, headers: bearer(admin.token), payload });
const publicProducts = async (): Promise<Product[]> =>
  (await testApp.app.inject({ method: 'GET', url: '/api/products' })).json();

/** What a shopper is told each product may contain beyond its ingredients, checked against the kitchen. */
function expectKitchenWarned(product: Pick<Product, '_id' | 'allergens' | 'mayContain'>) {
  for (const allergen of KITCHEN) {
    if (product.allergens.includes(allergen as never)) {
      expect(product.mayContain, `${product._id} contains ${allergen}`).not.toContain(allergen);
    } else {
      expect(product.mayContain, `${product._id} may contain ${allergen}`).toContain(allergen);
    }
  }
}

describe('the kitchen’s allergens in every product’s “may contain”', () => {
  it('are in every product of the seeded shop, dried fruit and seeds too, never one it contains', async () => {
    const products = await publicProducts();
    expect(products.length).toBeGreaterThanOrEqual(25);
    for (const product of products) expectKitchenWarned(product);
    const dates = products.find((product) => product._id === 'medjool-dates');
    expect(dates).toMatchObject({ allergens: [], mayContain: ['Peanuts', 'Tree nuts', 'Sesame'] });
    const apricots = products.find((product) => product._id === 'soft-dried-apricots');
    expect(apricots).toMatchObject({
      allergens: ['Sulphur dioxide and sulphites'],
      mayContain: ['Peanuts', 'Tree nuts', 'Sesame'],
    });
  });

  it('are added when the owner saves a product without them, after the owner’s own warnings', async () => {
    const created = await adminCall(
      'POST',
      '/api/admin/products',
      productInput({ name: 'Sulphured Pears', category: 'Dry Fruits', vatRate: 0, allergens: [], mayContain: [] }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().mayContain).toEqual(['Peanuts', 'Tree nuts', 'Sesame']);

    const replaced = await adminCall(
      'PUT',
      `/api/admin/products/${created.json()._id}`,
      productInput({
        name: 'Sulphured Pears',
        category: 'Dry Fruits',
        vatRate: 0,
        allergens: ['Peanuts'],
        mayContain: ['Milk'],
      }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ allergens: ['Peanuts'], mayContain: ['Milk', 'Tree nuts', 'Sesame'] });
  });

  it('still refuses an allergen ticked both as contained and as “may contain”', async () => {
    const refused = await adminCall(
      'POST',
      '/api/admin/products',
      productInput({ name: 'Confused Cashews', allergens: ['Tree nuts'], mayContain: ['Tree nuts'] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'mayContain' })]);
  });

  it('are filled into products saved before, by the migration, leaving what they carried first', async () => {
    await queryRows(testApp, sql`update products set may_contain = '{}' where id = 'medjool-dates'`);
    await queryRows(
      testApp,
      sql`update products set may_contain = '{Milk}', allergens = '{Sesame}' where id = 'chia-seeds'`,
    );
    const migration = readFileSync(
      new URL('../../../src/server/db/migrations/0026_kitchen_may_contain.sql', import.meta.url),
      'utf8',
    );
    await queryRows(testApp, sql.raw(migration));
    // Twice changes nothing more.
    await queryRows(testApp, sql.raw(migration));
    const rows = await queryRows<{ id: string; may_contain: string[] }>(
      testApp,
      sql`select id, may_contain from products where id in ('medjool-dates', 'chia-seeds') order by id`,
    );
    expect(rows).toEqual([
      { id: 'chia-seeds', may_contain: ['Milk', 'Peanuts', 'Tree nuts'] },
      { id: 'medjool-dates', may_contain: ['Peanuts', 'Tree nuts', 'Sesame'] },
    ]);
  });
});
