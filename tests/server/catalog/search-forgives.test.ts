/**
 * The storefront's search as a shopper types it (decision 110), and the lists' sorts and allergen filter (decision
 * 111), through `GET /api/products/browse` on the launch catalog: on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productWeights } from '#server/db/schema';
import { type ProductPage, ProductPageSchema } from '#shared/schemas/product';
import { buildTestApp, type TestApp } from '#tests/build-test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

async function browse(query: Record<string, string>): Promise<ProductPage> {
  const search = new URLSearchParams({ limit: '100', ...query });
  const response = await testApp.app.inject({ method: 'GET', url: `/api/products/browse?${search}` });
  expect(response.statusCode, response.body).toBe(200);
  return ProductPageSchema.parse(response.json());
}
const ids = (page: ProductPage) => page.items.map((product) => product._id);

describe('search that forgives', () => {
  // [what the shopper types, what must be found (the first listed first), what must not, the 'Did you mean' offered]
  const cases: [string, string[], string[], string | undefined][] = [
    // The allergen's legal name is 'Sulphur dioxide and sulphites'; the labels say 'sulphur dioxide'.
    ['sulphite', ['golden-sultanas', 'soft-dried-apricots', 'dried-mango-slices'], ['medjool-dates'], undefined],
    ['sulfites', ['golden-sultanas', 'soft-dried-apricots', 'dried-mango-slices'], ['turkish-dried-figs'], undefined],
    ['soy', ['tamari-roasted-sunflower-seeds'], ['roasted-pumpkin-seeds'], undefined],
    ['walnuts', ['walnut-halves'], ['pecan-halves'], undefined],
    ['cranberry', ['dried-cranberries'], ['soft-pitted-prunes'], undefined],
    ['apricot', ['soft-dried-apricots'], ['dried-mango-slices'], undefined],
    ['Walnut Halves', ['walnut-halves'], ['roasted-cashew-nuts'], undefined],
    ['cashw', ['roasted-cashew-nuts'], ['walnut-halves'], 'cashew'],
    ['almnods', ['sea-salt-roasted-almonds'], ['roasted-hazelnuts'], 'almonds'],
    ['roasted pistachois', ['roasted-pistachios-in-shell'], ['roasted-hazelnuts'], 'roasted pistachios'],
    ['macadmia', ['roasted-macadamia-nuts'], ['brazil-nuts'], 'macadamia'],
    // 'nutt' starts 'nutty', but is not a word's singular: corrected, to the products named for nuts first.
    ['nutts', ['roasted-cashew-nuts', 'brazil-nuts', 'pine-nuts'], [], 'nuts'],
    // Nothing in the catalog says vegan: it is not guessed from the allergens (honey is in the peanuts).
    ['vegan', [], ['honey-roasted-peanuts', 'chia-seeds'], undefined],
    ['xqzvbnm', [], ['roasted-cashew-nuts'], undefined],
    // A typo in a short word is not forgiven: 'fgs' could be many words.
    ['fgs', [], ['turkish-dried-figs'], undefined],
  ];

  it.each(cases)('%s', async (q, mustFind, mustNotFind, suggestion) => {
    const page = await browse({ q });
    const found = ids(page);
    expect(found).toEqual(expect.arrayContaining(mustFind));
    if (mustFind[0]) expect(found[0]).toBe(mustFind[0]);
    for (const id of mustNotFind) expect(found).not.toContain(id);
    expect(page.total).toBe(found.length);
    expect(page.suggestion).toBe(suggestion);
  });

  it('lists the product named exactly as searched before those that only mention the words', async () => {
    expect(ids(await browse({ q: 'sesame' }))[0]).toBe('hulled-white-sesame-seeds');
    expect(ids(await browse({ q: 'pine nuts' }))[0]).toBe('pine-nuts');
  });

  it('offers no correction when something holds the words exactly', async () => {
    const page = await browse({ q: 'almonds' });
    expect(ids(page)[0]).toBe('sea-salt-roasted-almonds');
    expect(page.suggestion).toBeUndefined();
  });
});

describe('sort and free-from', () => {
  beforeAll(async () => {
    // Two smallest packs priced at either end of the range, so the order shows whatever the seed's prices.
    const price = (productId: string, pricePence: number) =>
      testApp.app.db
        .update(productWeights)
        .set({ pricePence, mrpPence: null })
        .where(and(eq(productWeights.productId, productId), eq(productWeights.label, '250g')));
    await price('pine-nuts', 49);
    await price('walnut-halves', 9999);
    await testApp.app.catalog.refresh();
  });

  it('sorts by the smallest pack’s price, either way, ties in the shop’s order', async () => {
    const cheapest = ids(await browse({ sort: 'price-asc' }));
    expect(cheapest[0]).toBe('pine-nuts');
    expect(cheapest.at(-1)).toBe('walnut-halves');
    const dearest = ids(await browse({ sort: 'price-desc' }));
    expect(dearest[0]).toBe('walnut-halves');
    expect(dearest.at(-1)).toBe('pine-nuts');
    // Between them prices rise, and packs of one price keep the shop's order.
    const shopOrder = ids(await browse({}));
    const sorted = (await browse({ sort: 'price-asc' })).items;
    for (let i = 1; i < sorted.length; i += 1) {
      const [before, after] = [sorted[i - 1]!, sorted[i]!];
      expect(after.price).toBeGreaterThanOrEqual(before.price);
      if (after.price === before.price)
        expect(shopOrder.indexOf(after._id)).toBeGreaterThan(shopOrder.indexOf(before._id));
    }
  });

  it('sorts by name, A to Z, and by rating', async () => {
    const page = await browse({ sort: 'name' });
    const names = page.items.map((product) => product.name);
    expect(names[0]).toBe('Brazil Nuts');
    expect(names.at(-1)).toBe('Walnut Halves');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB')));
    expect((await browse({ sort: 'rating' })).total).toBe(page.total);
  });

  it('leaves out what contains or may contain the allergens named, in any case', async () => {
    const all = ids(await browse({}));
    // Every product is packed in the kitchen that handles peanuts, tree nuts and sesame (decision 114).
    expect(ids(await browse({ 'free-from': 'peanuts' }))).toEqual([]);
    expect(ids(await browse({ 'free-from': 'Tree nuts, Milk' }))).toEqual([]);
    const noSulphites = ids(await browse({ 'free-from': 'sulphur dioxide and sulphites' }));
    expect(noSulphites).toContain('walnut-halves');
    expect(noSulphites).not.toContain('golden-sultanas');
    expect(noSulphites.length).toBeLessThan(all.length);
    const noSoyaNorSulphites = ids(await browse({ 'free-from': 'Soya, Sulphur dioxide and sulphites' }));
    expect(noSoyaNorSulphites).toContain('medjool-dates');
    expect(noSoyaNorSulphites).not.toContain('golden-sultanas');
    expect(noSoyaNorSulphites).not.toContain('tamari-roasted-sunflower-seeds');
  });

  it('searches, filters and sorts at once, and pages the result', async () => {
    const filter = { q: 'nuts', 'free-from': 'Sulphur dioxide and sulphites' };
    const page = await browse({ ...filter, sort: 'price-asc' });
    const prices = page.items.map((product) => product.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(ids(page)[0]).toBe('pine-nuts');
    expect(ids(page)).toContain('walnut-halves');
    expect(new Set(ids(page))).toEqual(new Set(ids(await browse(filter))));
    const second = await browse({ ...filter, sort: 'price-asc', limit: '1', offset: '1' });
    expect(ids(second)).toEqual([ids(page)[1]]);
    expect(second.total).toBe(page.total);
  });

  it.each([
    ['sort=cheapest', 'sort must be one of price-asc, price-desc, rating, name.'],
    ['free-from=Peanuts,Gluten', 'free-from names an unknown allergen: Gluten.'],
    [`free-from=${'x'.repeat(401)}`, 'free-from must be at most 400 characters.'],
  ])('refuses %s with 400 and says why', async (query, message) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/products/browse?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});
