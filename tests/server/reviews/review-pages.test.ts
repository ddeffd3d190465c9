/**
 * Reviews in pages (docs/api.md, Reviews; decision 106): at 5,000 reviews `GET /api/reviews` stays one small page,
 * newest first, with the count and average of every shown review; `limit` and `offset` are checked; concurrent posts
 * are all counted. The owner's setting to approve reviews first: off, a review shows at once; on, it waits hidden,
 * says so, and shows once the owner shows it; the change is audited and the owner's alone. Runs on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewPageSchema } from '#shared/schemas/review';
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

const list = (query = '') => testApp.app.inject({ method: 'GET', url: `/api/reviews${query}` });
const post = (name: string, rating = 4) =>
  testApp.app.inject({ method: 'POST', url: '/api/reviews', payload: { name, rating, message: `From ${name}.` } });
const settings = (method: 'GET' | 'PUT', token: string | undefined, payload?: object) =>
  testApp.app.inject({
    method,
    url: '/api/admin/review-settings',
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

describe('GET /api/reviews in pages', () => {
  beforeAll(async () => {
    // 5,000 reviews, one a minute, ratings 1 to 5 in turn, and 10 hidden by the owner, which no page counts.
    await queryRows(
      testApp,
      sql`insert into reviews (id, name, rating, message, created_at, hidden_at)
          select 'many-' || n, 'Shopper ' || n, 1 + n % 5, 'Review number ' || n || '.', now() - (n || ' minutes')::interval,
                 case when n <= 10 then now() end
          from generate_series(1, 5010) as n`,
    );
  });

  it('answers 20 of 5,000 reviews by default, newest first, in a few kilobytes, with the count and average of all', async () => {
    const started = performance.now();
    const response = await list();
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(200);
    const page = ReviewPageSchema.parse(response.json());
    expect(page.items).toHaveLength(20);
    expect(page.total).toBe(5000);
    // n = 11 … 5010: 1 + n % 5 averages 3.0.
    expect(page.average).toBe(3);
    expect(page.items.map((review) => review.name)).toEqual(
      Array.from({ length: 20 }, (_, index) => `Shopper ${11 + index}`),
    );
    expect(response.rawPayload.length).toBeLessThan(6_000);
    // A bound that tells an answer from a whole-table read on a busy machine; speed is the bench's.
    expect(elapsed).toBeLessThan(2_000);
  });

  it('pages with limit (at most 100) and offset, without overlap', async () => {
    const first = ReviewPageSchema.parse((await list('?limit=100')).json());
    const second = ReviewPageSchema.parse((await list('?limit=100&offset=100')).json());
    expect(first.items).toHaveLength(100);
    expect(second.items[0]?.name).toBe('Shopper 111');
    const ids = new Set([...first.items, ...second.items].map((review) => review._id));
    expect(ids.size).toBe(200);
    expect(ReviewPageSchema.parse((await list('?offset=4990')).json()).items).toHaveLength(10);
    expect(ReviewPageSchema.parse((await list('?offset=5000')).json()).items).toEqual([]);
  });

  it.each([
    ['?limit=101', 'limit must be at most 100.'],
    ['?limit=0', 'limit must be at least 1.'],
    ['?limit=ten', 'limit must be a whole number.'],
    ['?offset=-1', 'offset must be at least 0.'],
    ['?offset=1.5', 'offset must be a whole number.'],
  ])('refuses %s with 400 naming the field', async (query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ message }));
  });

  it('counts every one of 40 reviews posted at once', async () => {
    const before = ReviewPageSchema.parse((await list()).json()).total;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => post(`Racer ${index}`, 5)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(201));
    expect(ReviewPageSchema.parse((await list()).json()).total).toBe(before + 40);
  });
});

describe("the owner's approval of reviews", () => {
  it('is off by default: a review shows at once', async () => {
    expect((await settings('GET', admin.token)).json()).toEqual({ approvalRequired: false });
    const posted = await post('Quick Quentin');
    expect(posted.json()).toMatchObject({ awaitingApproval: false });
    expect((await list()).json().items[0]._id).toBe(posted.json()._id);
  });

  it('when on, keeps a new review hidden, says so, and shows it once the owner does; the change audited', async () => {
    const turnedOn = await settings('PUT', admin.token, { approvalRequired: true });
    expect(turnedOn.statusCode).toBe(200);
    expect(turnedOn.json()).toEqual({ approvalRequired: true });
    const audit = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/admin/audit?action=review-settings.updated',
        headers: bearer(admin.token),
      })
    ).json();
    expect(audit.items[0]).toMatchObject({
      before: { approvalRequired: false },
      after: { approvalRequired: true },
      target: 'settings:reviews',
    });

    const before = (await list()).json();
    const posted = await post('Patient Pat');
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({ name: 'Patient Pat', awaitingApproval: true });
    const waiting = (await list()).json();
    expect(waiting.items[0]._id).not.toBe(posted.json()._id);
    expect(waiting.total).toBe(before.total);

    const shown = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/admin/reviews/${posted.json()._id}`,
      headers: bearer(admin.token),
      payload: { hidden: false },
    });
    expect(shown.statusCode).toBe(200);
    const after = (await list()).json();
    expect(after.items[0]._id).toBe(posted.json()._id);
    expect(after.total).toBe(before.total + 1);

    expect((await settings('PUT', admin.token, { approvalRequired: false })).statusCode).toBe(200);
    expect((await post('Quick again')).json()).toMatchObject({ awaitingApproval: false });
  });

  it('is the owner’s alone, and a bad body is a 400 with a message', async () => {
    const staff = await insertCustomer(testApp, { role: 'staff' });
    expect((await settings('PUT', staff.token, { approvalRequired: true })).statusCode).toBe(403);
    const customer = await insertCustomer(testApp);
    expect((await settings('GET', customer.token)).statusCode).toBe(403);
    const bad = await settings('PUT', admin.token, { approvalRequired: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
    expect((await settings('GET', admin.token)).json()).toEqual({ approvalRequired: false });
  });
});
