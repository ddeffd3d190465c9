/**
 * Reviews of a product (docs/api.md, Reviews; decision 108): `POST /api/reviews` with a `productId` the shop sells,
 * `GET /api/reviews?productId=` a page of that product's reviews, each product's `rating` in the catalog's answers,
 * moved by posts, approval, hiding and deleting; the summary rows equal to a recount after tens of posts at once and
 * after an author deletes their account. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductListSchema, ProductPageSchema, ProductSchema } from '#shared/schemas/product';
import { ReviewPageSchema, reviewMessages } from '#shared/schemas/review';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { queryRows } from '#tests/db';

let testApp: TestApp;
let admin: TestCustomer;
beforeAll(async () => {
  testApp = await buildTestApp({ rateLimitFactor: 1000 });
  admin = await insertCustomer(testApp, { role: 'admin' });
});
afterAll(async () => {
  await testApp?.close();
});

const inject = (options: InjectOptions) => testApp.app.inject(options);
const post = (payload: object, token?: string) =>
  inject({ method: 'POST', url: '/api/reviews', payload, ...(token ? { headers: bearer(token) } : {}) });
const review = (productId: string | undefined, name: string, rating: number) =>
  post({ name, rating, message: `${name} on ${productId ?? 'the shop'}.`, ...(productId ? { productId } : {}) });
const list = async (query: string) => {
  const response = await inject({ method: 'GET', url: `/api/reviews${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return ReviewPageSchema.parse(response.json());
};
const productRating = async (id: string) =>
  ProductSchema.parse((await inject({ method: 'GET', url: `/api/products/${id}` })).json()).rating;
const asAdmin = (method: 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object) =>
  inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });

/** The summary rows next to the same numbers counted from the reviews themselves. */
async function summariesAndRecount() {
  const summaries = await queryRows<{ key: string; review_count: number; rating_sum: number }>(
    testApp,
    sql`select key, review_count, rating_sum from review_summaries where review_count > 0 order by key collate "C"`,
  );
  const recount = await queryRows<{ key: string; review_count: number; rating_sum: number }>(
    testApp,
    sql`select key, review_count, rating_sum from (
          select '*' as key, count(*)::int as review_count, sum(rating)::int as rating_sum from reviews
          where hidden_at is null having count(*) > 0
          union all
          select product_id, count(*)::int, sum(rating)::int from reviews
          where hidden_at is null and product_id is not null group by product_id
        ) counted order by key collate "C"`,
  );
  return { summaries, recount };
}

describe('reviews of a product', () => {
  it('posts a review of a product, lists it under that product and shop-wide, and rates the product', async () => {
    expect(await productRating('pine-nuts')).toEqual({ average: null, count: 0 });
    const first = await review('pine-nuts', 'Priya', 5);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ name: 'Priya', productId: 'pine-nuts', awaitingApproval: false });
    await review('pine-nuts', 'Owen', 4);
    await review('pine-nuts', 'Nell', 4);
    await review('golden-linseed', 'Gus', 1);
    await review(undefined, 'Shop fan', 2);

    const pineNuts = await list('?productId=pine-nuts');
    expect(pineNuts.items.map((item) => item.name)).toEqual(['Nell', 'Owen', 'Priya']);
    expect(pineNuts).toMatchObject({ total: 3, average: 4.3 });
    expect(pineNuts.items.every((item) => item.productId === 'pine-nuts')).toBe(true);
    // The shop's list holds every shown review, of products and of the shop (decision 109).
    const shop = await list('?limit=5');
    expect(shop.items.map((item) => item.name)).toEqual(['Shop fan', 'Gus', 'Nell', 'Owen', 'Priya']);
    expect(shop.items[0]).not.toHaveProperty('productId');

    expect(await productRating('pine-nuts')).toEqual({ average: 4.3, count: 3 });
    expect(await productRating('golden-linseed')).toEqual({ average: 1, count: 1 });
    expect(await list('?productId=chia-seeds')).toEqual({ items: [], total: 0, average: null });
  });

  it('carries every product’s rating in the list, the browse pages and the product, unrated ones as null and 0', async () => {
    const products = ProductListSchema.parse((await inject({ method: 'GET', url: '/api/products' })).json());
    const byId = new Map(products.map((product) => [product._id, product.rating]));
    expect(byId.get('pine-nuts')).toEqual({ average: 4.3, count: 3 });
    expect(byId.get('chia-seeds')).toEqual({ average: null, count: 0 });
    const browse = ProductPageSchema.parse(
      (await inject({ method: 'GET', url: '/api/products/browse?q=pine&limit=5' })).json(),
    );
    expect(browse.items.find((product) => product._id === 'pine-nuts')?.rating).toEqual({ average: 4.3, count: 3 });
  });

  it('pages a product’s reviews newest first with limit and offset, without the other products’ reviews', async () => {
    // 24 older reviews straight into the table (one a minute), then one posted: the post reloads the catalog.
    await queryRows(
      testApp,
      sql`insert into reviews (id, name, rating, message, product_id, created_at)
          select 'brazil-' || n, 'Brazil ' || n, 1 + n % 5, 'Review ' || n || '.', 'brazil-nuts', now() - ((25 - n) || ' minutes')::interval
          from generate_series(1, 24) as n`,
    );
    expect((await review('brazil-nuts', 'Brazil 25', 5)).statusCode).toBe(201);
    const first = await list('?productId=brazil-nuts');
    expect(first.items).toHaveLength(20);
    expect(first.total).toBe(25);
    expect(first.items[0]?.name).toBe('Brazil 25');
    const rest = await list('?productId=brazil-nuts&limit=10&offset=20');
    expect(rest.items.map((item) => item.name)).toEqual(['Brazil 5', 'Brazil 4', 'Brazil 3', 'Brazil 2', 'Brazil 1']);
    // 79 stars over 25 reviews: 3.16, to one decimal.
    expect(await productRating('brazil-nuts')).toEqual({ average: 3.2, count: 25 });
  });

  it.each([
    ['an unknown product', { productId: 'saffron-threads' }, 400, reviewMessages.productUnknown],
    ['a product id that is not one', { productId: 'Pine Nuts!' }, 400, reviewMessages.productId],
    ['a product id that is not text', { productId: 7 }, 400, reviewMessages.productId],
  ])('refuses a review of %s, naming productId, and stores nothing', async (_what, body, status, message) => {
    const before = await list('?limit=1');
    const response = await post({ name: 'Mallory', rating: 5, message: 'Lovely.', ...body });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ message, errors: [{ field: 'productId', message }] });
    expect((await list('?limit=1')).total).toBe(before.total);
  });

  it('refuses a review of a product the owner hid, and takes it again once shown', async () => {
    expect((await asAdmin('PATCH', '/api/admin/products/medjool-dates', { hidden: true })).statusCode).toBe(200);
    const refused = await review('medjool-dates', 'Hidden Harry', 5);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'productId', message: reviewMessages.productUnknown }]);
    expect((await asAdmin('PATCH', '/api/admin/products/medjool-dates', { hidden: false })).statusCode).toBe(200);
    expect((await review('medjool-dates', 'Shown Sam', 5)).statusCode).toBe(201);
  });

  it('refuses a bad productId in the list’s query with 400 naming it', async () => {
    const response = await inject({ method: 'GET', url: '/api/reviews?productId=NOT%20AN%20ID' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field: 'productId', message: reviewMessages.productId });
  });
});

describe('a product’s rating as the owner moderates', () => {
  it('drops a hidden review from the rating, brings it back when shown, and drops it for good when deleted', async () => {
    const posted = (await review('pecan-halves', 'Pat', 1)).json();
    await review('pecan-halves', 'Quin', 5);
    expect(await productRating('pecan-halves')).toEqual({ average: 3, count: 2 });

    expect((await asAdmin('PATCH', `/api/admin/reviews/${posted._id}`, { hidden: true })).statusCode).toBe(200);
    expect(await productRating('pecan-halves')).toEqual({ average: 5, count: 1 });
    expect((await list('?productId=pecan-halves')).items.map((item) => item.name)).toEqual(['Quin']);
    expect((await asAdmin('PATCH', `/api/admin/reviews/${posted._id}`, { hidden: false })).statusCode).toBe(200);
    expect(await productRating('pecan-halves')).toEqual({ average: 3, count: 2 });
    expect((await asAdmin('DELETE', `/api/admin/reviews/${posted._id}`)).statusCode).toBe(204);
    expect(await productRating('pecan-halves')).toEqual({ average: 5, count: 1 });
  });

  it('lists the product’s reviews for the owner, named, and filters by product', async () => {
    const answer = await asAdmin('GET', '/api/admin/reviews?productId=pecan-halves');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      total: 1,
      items: [{ name: 'Quin', productId: 'pecan-halves', productName: 'Pecan Halves', hidden: false }],
    });
    const ofProducts = (await asAdmin('GET', '/api/admin/reviews?about=products&limit=100')).json();
    expect(ofProducts.items.length).toBeGreaterThan(0);
    expect(ofProducts.items.every((item: { productId?: string }) => item.productId !== undefined)).toBe(true);
    const ofShop = (await asAdmin('GET', '/api/admin/reviews?about=shop&limit=100')).json();
    expect(ofShop.items.map((item: { name: string }) => item.name)).toContain('Shop fan');
    expect(ofShop.items.every((item: { productId?: string }) => item.productId === undefined)).toBe(true);
    const bad = await asAdmin('GET', '/api/admin/reviews?productId=..');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual(expect.objectContaining({ field: 'productId' }));
  });

  it('counts a review waiting for approval only once the owner shows it', async () => {
    expect((await asAdmin('GET', '/api/admin/review-settings')).statusCode).toBe(200);
    const on = await inject({
      method: 'PUT',
      url: '/api/admin/review-settings',
      headers: bearer(admin.token),
      payload: { approvalRequired: true },
    });
    expect(on.statusCode).toBe(200);
    const waiting = await review('four-seed-mix', 'Wanda', 4);
    expect(waiting.json()).toMatchObject({ awaitingApproval: true, productId: 'four-seed-mix' });
    expect(await productRating('four-seed-mix')).toEqual({ average: null, count: 0 });
    await asAdmin('PATCH', `/api/admin/reviews/${waiting.json()._id}`, { hidden: false });
    expect(await productRating('four-seed-mix')).toEqual({ average: 4, count: 1 });
    await inject({
      method: 'PUT',
      url: '/api/admin/review-settings',
      headers: bearer(admin.token),
      payload: { approvalRequired: false },
    });
  });
});

describe('the summary rows', () => {
  // Each post of a product's review reloads the catalog: a time limit wide enough for a busy two-core machine.
  it('equal a recount after 45 reviews posted at once, of three products and the shop', async () => {
    const products = ['walnut-halves', 'chia-seeds', 'golden-sultanas', undefined];
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, index) => review(products[index % 4], `Racer ${index}`, 1 + (index % 5))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(45).fill(201));
    const { summaries, recount } = await summariesAndRecount();
    expect(summaries).toEqual(recount);
    expect(summaries.find((row) => row.key === 'walnut-halves')?.review_count).toBe(12);
    // The catalog read them too: the last post's reload ran after every commit.
    expect((await productRating('chia-seeds')).count).toBe(11);
  }, 120_000);

  it('equal a recount after an author deletes their account, which keeps their review', async () => {
    const author = await insertCustomer(testApp);
    expect(
      (await post({ name: 'Leaving Lou', rating: 2, message: 'Fine.', productId: 'pine-nuts' }, author.token))
        .statusCode,
    ).toBe(201);
    const before = await productRating('pine-nuts');
    const deleted = await inject({
      method: 'DELETE',
      url: '/api/auth/me',
      headers: bearer(author.token),
      payload: { password: author.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await productRating('pine-nuts')).toEqual(before);
    const { summaries, recount } = await summariesAndRecount();
    expect(summaries).toEqual(recount);
  });

  it('keep a product’s reviews as reviews of the shop when the product row is deleted', async () => {
    await review('soft-pitted-prunes', 'Prue', 3);
    await testApp.app.db.execute(sql`delete from products where id = 'soft-pitted-prunes'`);
    const { summaries, recount } = await summariesAndRecount();
    expect(summaries).toEqual(recount);
    expect(summaries.find((row) => row.key === 'soft-pitted-prunes')).toBeUndefined();
  });
});
