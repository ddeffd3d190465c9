/**
 * The owner moderating reviews (docs/api.md, The owner's API; decision 073): every review listed, hidden ones too; a hidden or deleted
 * review leaves GET /api/reviews (which the home carousel and the /reviews page read) at once; a deleted review's
 * photo goes with it; each change audited. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewPhotosDir } from '#server/lib/uploads';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { png } from '#tests/images';
import { multipartBody } from '#tests/multipart';

let testApp: TestApp;
let admin: TestCustomer;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await insertCustomer(testApp, { role: 'admin' });
});
afterAll(async () => {
  await testApp?.close();
});

async function postReview(name: string, withPhoto = false): Promise<{ _id: string; image?: string }> {
  const fields = { name, location: 'Leeds', rating: 2, message: `Posted by ${name}.` };
  const { payload, headers } = multipartBody(
    fields,
    withPhoto ? [{ field: 'image', filename: 'photo.png', contentType: 'image/png', content: await png() }] : [],
  );
  const response = await testApp.app.inject({ method: 'POST', url: '/api/reviews', payload, headers });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const publicIds = async (): Promise<string[]> =>
  (await testApp.app.inject({ method: 'GET', url: '/api/reviews?limit=100' }))
    .json()
    .items.map((review: { _id: string }) => review._id);
const adminCall = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
const auditOf = async (id: string) =>
  (await adminCall('GET', `/api/admin/audit?target=${encodeURIComponent(`review:${id}`)}`)).json().items;

describe('moderating reviews', () => {
  it('hides a review from the shop at once, lists it for the owner as hidden, shows it again; both audited', async () => {
    const review = await postReview('Rude Rita');
    expect(await publicIds()).toContain(review._id);

    const hidden = await adminCall('PATCH', `/api/admin/reviews/${review._id}`, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ _id: review._id, hidden: true });
    expect(await publicIds()).not.toContain(review._id);

    const listedHidden = (await adminCall('GET', '/api/admin/reviews?hidden=true')).json();
    expect(listedHidden.items.map((item: { _id: string }) => item._id)).toContain(review._id);
    const listedAll = (await adminCall('GET', '/api/admin/reviews?limit=200')).json();
    expect(listedAll.items.find((item: { _id: string }) => item._id === review._id)).toMatchObject({ hidden: true });
    expect(listedAll.total).toBeGreaterThanOrEqual(1);

    const shown = await adminCall('PATCH', `/api/admin/reviews/${review._id}`, { hidden: false });
    expect(shown.json()).toMatchObject({ hidden: false });
    expect(await publicIds()).toContain(review._id);

    const audit = await auditOf(review._id);
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual(['review.shown', 'review.hidden']);
    expect(audit[1]).toMatchObject({
      actor: { _id: admin.id, email: admin.email },
      before: { hidden: false, name: 'Rude Rita', rating: 2 },
      after: { hidden: true },
    });
  });

  it('deletes a review and its photo: 204, gone from the shop and the owner’s list, audited with what it said', async () => {
    const review = await postReview('Fake Fiona', true);
    expect(review.image).toBeDefined();
    const photoFile = path.join(reviewPhotosDir(testApp.config.dataDir), path.basename(review.image ?? ''));
    expect(existsSync(photoFile)).toBe(true);

    const deleted = await adminCall('DELETE', `/api/admin/reviews/${review._id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await publicIds()).not.toContain(review._id);
    expect(existsSync(photoFile)).toBe(false);
    expect((await testApp.app.inject({ method: 'GET', url: review.image ?? '' })).statusCode).toBe(404);
    const all = (await adminCall('GET', '/api/admin/reviews?limit=200')).json();
    expect(all.items.map((item: { _id: string }) => item._id)).not.toContain(review._id);

    const [entry] = await auditOf(review._id);
    expect(entry).toMatchObject({
      action: 'review.deleted',
      before: { message: 'Posted by Fake Fiona.' },
      after: null,
    });
    expect((await adminCall('DELETE', `/api/admin/reviews/${review._id}`)).statusCode).toBe(404);
  });

  it('answers 400 with a message for a body or filter it cannot take, 404 for a review it does not have', async () => {
    const review = await postReview('Plain Pat');
    for (const body of [{}, { hidden: 'yes' }, { hidden: true, extra: 1 }]) {
      const response = await adminCall('PATCH', `/api/admin/reviews/${review._id}`, body);
      expect([JSON.stringify(body), response.statusCode]).toEqual([JSON.stringify(body), 400]);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await adminCall('GET', '/api/admin/reviews?hidden=maybe')).statusCode).toBe(400);
    expect((await adminCall('PATCH', '/api/admin/reviews/no-such-review', { hidden: true })).statusCode).toBe(404);
    expect(await publicIds()).toContain(review._id);
  });
});
