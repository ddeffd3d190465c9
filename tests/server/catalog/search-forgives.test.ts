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
    // The launch catalog's smallest packs all cost £4.19: two are made cheaper and dearer so the order shows.
    const price = (productId: string, pricePence: number) =>
      testApp.app.db
        .update(productWeights)
        .set({ pricePence })
        .where(and(eq(productWeights.productId, productId), eq(productWeights.label, '250g')));
    await price('pine-nuts', 199);
    await price('walnut-halves', 599);
    await testApp.app.catalog.refresh();
  });

  it('sorts by the smallest pack’s price, either way, ties in the shop’s order', async () => {
    const cheapest = ids(await browse({ sort: 'price-asc' }));
    expect(cheapest[0]).toBe('pine-nuts');
    expect(cheapest.at(-1)).toBe('walnut-halves');
    const dearest = ids(await browse({ sort: 'price-desc' }));
    expect(dearest[0]).toBe('walnut-halves');
    expect(dearest.at(-1)).toBe('pine-nuts');
    // Between them, the £4.19 packs keep the shop's order.
    const shopOrder = ids(await browse({})).filter((id) => id !== 'pine-nuts' && id !== 'walnut-halves');
    expect(cheapest.slice(1, -1)).toEqual(shopOrder);
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
    const noPeanuts = ids(await browse({ 'free-from': 'peanuts' }));
    expect(noPeanuts).not.toContain('honey-roasted-peanuts');
    // Packed in a kitchen that also handles peanuts.
    expect(noPeanuts).not.toContain('roasted-cashew-nuts');
    expect(noPeanuts).toContain('walnut-halves');
    expect(noPeanuts.length).toBeLessThan(all.length);
    const noNutsNorSulphites = ids(await browse({ 'free-from': 'Tree nuts, Sulphur dioxide and sulphites' }));
    expect(noNutsNorSulphites).not.toContain('walnut-halves');
    expect(noNutsNorSulphites).not.toContain('golden-sultanas');
    expect(noNutsNorSulphites).toContain('medjool-dates');
  });

  it('searches, filters and sorts at once, and pages the result', async () => {
    const page = await browse({ q: 'nuts', 'free-from': 'Peanuts', sort: 'price-asc' });
    const prices = page.items.map((product) => product.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(ids(page)).toContain('walnut-halves');
    expect(ids(page)).not.toContain('honey-roasted-peanuts');
    expect(new Set(ids(page))).toEqual(new Set(ids(await browse({ q: 'nuts', 'free-from': 'Peanuts' }))));
    const second = await browse({ q: 'nuts', 'free-from': 'Peanuts', sort: 'price-asc', limit: '1', offset: '1' });
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
