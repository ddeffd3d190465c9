/** Reviews: the list, posting as JSON or a form with a photo, the verified badge, photos served, limits, demo data. */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoReviews, seedDemoReviews } from '#server/db/seed/demo-reviews';
import { reviewPhotosDir } from '#server/lib/uploads';
import { reviewTexts } from '#server/features/reviews/messages';
import { reviewLimits } from '#server/features/reviews/routes';
import { PostedReviewSchema, ReviewPageSchema, ReviewSchema, reviewMessages } from '#shared/schemas/review';
import { bearer, insertCustomer, uniqueEmail } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { cartPayload, checkoutCalls, payOnTestPage, guestAddress, startCheckout } from '#tests/checkout';
import { queryRows } from '#tests/db';
import { gif, jpegWithExif, png, webp } from '#tests/images';
import { multipartBody, type FilePart } from '#tests/multipart';
import { createWebDist, type WebDist } from '#tests/web-dist';

const review = { name: 'Ada Lovelace', location: 'London', rating: 5, message: 'Lovely roasted cashews.' };

function postJson(testApp: TestApp, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/reviews',
    payload,
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function postForm(testApp: TestApp, fields: Record<string, string | number>, files: FilePart[] = []) {
  const { payload, headers } = multipartBody(fields, files);
  return testApp.app.inject({ method: 'POST', url: '/api/reviews', payload, headers });
}

const listReviews = (testApp: TestApp) => testApp.app.inject({ method: 'GET', url: '/api/reviews' });

async function countReviews(testApp: TestApp): Promise<number> {
  const [row] = await queryRows<{ count: number }>(testApp, sql`select count(*)::int as count from reviews`);
  return row?.count ?? 0;
}

/** What is in DATA_DIR/uploads/reviews, dot-files (half-written photos) included. */
async function storedPhotoFiles(testApp: TestApp): Promise<string[]> {
  const folder = reviewPhotosDir(testApp.config.dataDir);
  return existsSync(folder) ? readdir(folder) : [];
}

/** A paid order for the customer, through the built-in test checkout as a browser goes through it. */
async function payForAnOrder(testApp: TestApp, token: string, email: string) {
  const sessionId = await startCheckout(testApp, cartPayload(guestAddress({ email })), token);
  expect((await payOnTestPage(testApp, sessionId)).statusCode).toBe(303);
  expect((await checkoutCalls(testApp, token).verify(sessionId)).statusCode).toBe(200);
}

describe('GET and POST /api/reviews', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp?.close());

  it('lists no reviews on an empty table, then every review newest first', async () => {
    const empty = await listReviews(testApp);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ items: [], total: 0, average: null });

    for (const name of ['First', 'Second', 'Third']) {
      expect((await postJson(testApp, { ...review, name })).statusCode).toBe(201);
    }
    const listed = ReviewPageSchema.parse((await listReviews(testApp)).json()).items;
    expect(listed.map((item) => item.name)).toEqual(['Third', 'Second', 'First']);
  });

  it('takes a JSON review: 201 with the review, trimmed, unverified, without a photo, and lists it', async () => {
    const before = Date.now();
    const response = await postJson(testApp, {
      name: '  Grace Hopper ',
      location: ' Bristol ',
      rating: 4,
      message: '  Crunchy almonds.\nWill buy again.  ',
      image: '/uploads/reviews/not-mine.webp',
      verified: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body).toEqual({
      _id: expect.any(String),
      name: 'Grace Hopper',
      location: 'Bristol',
      rating: 4,
      message: 'Crunchy almonds.\nWill buy again.',
      createdAt: expect.any(String),
      verified: false,
      awaitingApproval: false,
    });
    expect(PostedReviewSchema.parse(body)).toEqual(body);
    expect(Date.parse(body.createdAt)).toBeGreaterThanOrEqual(before - 5_000);
    const { awaitingApproval: _, ...shown } = body;
    expect(ReviewPageSchema.parse((await listReviews(testApp)).json()).items[0]).toEqual(shown);
  });

  it('takes a review without a location, and a rating sent as a digit, as a form does', async () => {
    const response = await postJson(testApp, { name: 'Alan', rating: '3', message: 'Good dates.' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ location: '', rating: 3 });
  });

  it('stores markup as typed and answers it as JSON text, never as HTML', async () => {
    const message = '<script>alert("hi")</script> <b>Best</b> pistachios & more';
    const response = await postJson(testApp, { ...review, name: '<img src=x onerror=alert(1)>', message });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ name: '<img src=x onerror=alert(1)>', message });
    const [stored] = await queryRows<{ message: string }>(
      testApp,
      sql`select message from reviews where id = ${response.json()._id}`,
    );
    expect(stored?.message).toBe(message);
    const listed = await listReviews(testApp);
    expect(listed.headers['content-type']).toMatch(/^application\/json/);
    expect(listed.headers['x-content-type-options']).toBe('nosniff');
  });

  it('marks a review verified when its author is logged in and has a paid order', async () => {
    const customer = await insertCustomer(testApp, { email: uniqueEmail('buyer') });
    await payForAnOrder(testApp, customer.token ?? '', customer.email);

    const response = await postJson(testApp, review, bearer(customer.token));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ verified: true, name: review.name });
    const [stored] = await queryRows<{ user_id: string; verified: boolean }>(
      testApp,
      sql`select user_id, verified from reviews where id = ${response.json()._id}`,
    );
    expect(stored).toEqual({ user_id: customer.id, verified: true });
  });

  it('counts a guest order placed with the address a customer has since verified, as My Orders does', async () => {
    const email = uniqueEmail('guest-then-customer');
    const sessionId = await startCheckout(testApp, cartPayload(guestAddress({ email })));
    await payOnTestPage(testApp, sessionId);
    expect((await checkoutCalls(testApp).verify(sessionId)).statusCode).toBe(200);
    const customer = await insertCustomer(testApp, { email });

    const response = await postJson(testApp, review, bearer(customer.token));
    expect(response.json()).toMatchObject({ verified: true });
  });

  it('leaves a logged-in customer without an order unverified, and an anonymous review too', async () => {
    const customer = await insertCustomer(testApp);
    // Started but never paid: no order.
    await startCheckout(testApp, cartPayload(guestAddress({ email: customer.email })), customer.token);
    const response = await postJson(testApp, review, bearer(customer.token));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ verified: false });
    expect((await postJson(testApp, review)).json()).toMatchObject({ verified: false });
  });

  it('answers 401 to a token that is not a live session, and stores nothing', async () => {
    const before = await countReviews(testApp);
    for (const authorization of ['Bearer not-a-token', 'Bearer ', 'Basic abc']) {
      const response = await postJson(testApp, review, { authorization });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const unverifiedAccount = await insertCustomer(testApp, { verified: false });
    const stale = await testApp.app.auth.issueSessionToken({ id: unverifiedAccount.id, tokenVersion: 0 });
    expect((await postJson(testApp, review, bearer(stale))).statusCode).toBe(401);
    expect(await countReviews(testApp)).toBe(before);
  });

  it('takes a form with a camera JPEG: stored as WebP 800 px wide with no metadata, served with a year of caching', async () => {
    const jpeg = await jpegWithExif({ width: 1200, height: 900 });
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const response = await postForm(testApp, { ...review, rating: '5' }, [
      { filename: 'IMG_0001.JPG', contentType: 'image/jpeg', content: jpeg },
    ]);
    expect(response.statusCode).toBe(201);
    const body = ReviewSchema.parse(response.json());
    expect(body).toMatchObject({ name: review.name, rating: 5, verified: false });
    expect(body.image).toMatch(/^\/uploads\/reviews\/[0-9a-f-]{36}\.webp$/);

    const fileName = path.basename(body.image ?? '');
    const stored = await readFile(path.join(reviewPhotosDir(testApp.config.dataDir), fileName));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('RoastCam'))).toBe(false);

    const served = await testApp.app.inject({ method: 'GET', url: body.image ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(stored)).toBe(true);

    const listed = ReviewPageSchema.parse((await listReviews(testApp)).json()).items;
    expect(listed[0]).toEqual(body);
  });

  it('turns a photo the way its EXIF orientation says before shrinking it', async () => {
    // Taken sideways: 1200 × 900 pixels that the camera marks to be shown rotated a quarter turn.
    const jpeg = await jpegWithExif({ width: 1200, height: 900, orientation: 6 });
    const response = await postForm(testApp, review, [
      { filename: 'sideways.jpg', contentType: 'image/jpeg', content: jpeg },
    ]);
    expect(response.statusCode).toBe(201);
    const stored = await readFile(
      path.join(reviewPhotosDir(testApp.config.dataDir), path.basename(response.json().image)),
    );
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 800, height: 1067 });
  });

  it('takes a PNG (kept at its own size) and a WebP, judged by content whatever the name and type claim', async () => {
    const fromPng = await postForm(testApp, review, [
      {
        filename: 'photo.jpg',
        contentType: 'application/octet-stream',
        content: await png({ width: 300, height: 200 }),
      },
    ]);
    expect(fromPng.statusCode).toBe(201);
    const pngStored = await readFile(
      path.join(reviewPhotosDir(testApp.config.dataDir), path.basename(fromPng.json().image)),
    );
    expect(await sharp(pngStored).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 });

    const fromWebp = await postForm(testApp, review, [
      { filename: 'photo.webp', contentType: 'image/webp', content: await webp({ width: 1000, height: 1000 }) },
    ]);
    expect(fromWebp.statusCode).toBe(201);
    const webpStored = await readFile(
      path.join(reviewPhotosDir(testApp.config.dataDir), path.basename(fromWebp.json().image)),
    );
    expect(await sharp(webpStored).metadata()).toMatchObject({ format: 'webp', width: 800, height: 800 });
  });

  it('takes a form whose photo input was left empty, as a review without a photo', async () => {
    const response = await postForm(testApp, review, [
      { filename: '', contentType: 'application/octet-stream', content: Buffer.alloc(0) },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().image).toBeUndefined();
  });

  it.each([
    ['text named .jpg and sent as image/jpeg', async () => Buffer.from('This is not a photo at all, just words.\n')],
    ['a GIF', () => gif()],
    ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    [
      'a JPEG header on garbage',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 0x41)]),
    ],
    ['a JPEG cut short', async () => (await jpegWithExif()).subarray(0, 1500)],
  ])('refuses %s with 415, storing neither the review nor a file', async (_label, make) => {
    const reviewsBefore = await countReviews(testApp);
    const filesBefore = await storedPhotoFiles(testApp);
    const response = await postForm(testApp, review, [
      { filename: 'photo.jpg', contentType: 'image/jpeg', content: await make() },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: reviewMessages.photoType });
    expect(await countReviews(testApp)).toBe(reviewsBefore);
    expect(await storedPhotoFiles(testApp)).toEqual(filesBefore);
  });

  it('refuses a photo over 5 MB with 413, storing nothing', async () => {
    const reviewsBefore = await countReviews(testApp);
    const filesBefore = await storedPhotoFiles(testApp);
    const big = Buffer.concat([await jpegWithExif(), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const response = await postForm(testApp, review, [
      { filename: 'huge.jpg', contentType: 'image/jpeg', content: big },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: reviewMessages.photoTooLarge });
    expect(await countReviews(testApp)).toBe(reviewsBefore);
    expect(await storedPhotoFiles(testApp)).toEqual(filesBefore);
  });

  it('takes a photo of exactly 5 MB', async () => {
    const jpeg = await jpegWithExif();
    // Bytes after a JPEG's end marker are ignored by decoders: the file is still the same photo.
    const exact = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 - jpeg.length, 0)]);
    const response = await postForm(testApp, review, [
      { filename: 'exact.jpg', contentType: 'image/jpeg', content: exact },
    ]);
    expect(response.statusCode).toBe(201);
  });

  it('refuses two photos, or a photo under another field name', async () => {
    const jpeg = await jpegWithExif({ width: 100, height: 100 });
    const two = await postForm(testApp, review, [
      { filename: 'a.jpg', contentType: 'image/jpeg', content: jpeg },
      { filename: 'b.jpg', contentType: 'image/jpeg', content: jpeg },
    ]);
    expect(two.statusCode).toBe(413);
    expect(two.json()).toEqual({ message: reviewTexts.onePhoto });

    const elsewhere = await postForm(testApp, review, [
      { field: 'photo', filename: 'a.jpg', contentType: 'image/jpeg', content: jpeg },
    ]);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ message: reviewTexts.photoField });
  });

  it('answers 404 for photos it does not have, files it did not write, and folders', async () => {
    const folder = reviewPhotosDir(testApp.config.dataDir);
    await writeFile(path.join(folder, 'notes.txt'), 'not an upload');
    await writeFile(path.join(folder, '.00000000-0000-0000-0000-000000000000.webp.tmp'), 'half written');
    for (const url of [
      '/uploads/reviews/00000000-0000-0000-0000-000000000000.webp',
      '/uploads/reviews/notes.txt',
      '/uploads/reviews/.00000000-0000-0000-0000-000000000000.webp.tmp',
      '/uploads/reviews/',
      '/uploads/reviews',
      '/uploads/',
      '/uploads/reviews/..%2f..%2fjwt-secret',
      '/uploads/../jwt-secret',
      '/uploads/reviews/no-extension',
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.body, url).not.toContain('half written');
    }
  });

  it('answers 415 to plain text and to a url-encoded form', async () => {
    const before = await countReviews(testApp);
    for (const [contentType, payload] of [
      ['text/plain', 'name=Ada&rating=5&message=hi'],
      ['application/x-www-form-urlencoded', 'name=Ada&rating=5&message=hi'],
      ['application/xml', '<review/>'],
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: { 'content-type': contentType ?? '' },
        payload,
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json(), contentType).toEqual({ message: reviewMessages.body });
    }
    expect(await countReviews(testApp)).toBe(before);
  });
});

describe('review photos beside the built SPA', () => {
  let webDist: WebDist;
  let testApp: TestApp;
  beforeAll(async () => {
    webDist = await createWebDist();
    testApp = await buildTestApp({ webDistDir: webDist.dir });
  });
  afterAll(async () => {
    await testApp?.close();
    await webDist?.remove();
  });

  it('serves a photo with the page security headers, and answers misses under /uploads/ with JSON, not the SPA', async () => {
    const posted = await postForm(testApp, review, [
      { filename: 'p.jpg', contentType: 'image/jpeg', content: await jpegWithExif({ width: 200, height: 100 }) },
    ]);
    const served = await testApp.app.inject({ method: 'GET', url: posted.json().image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['content-security-policy']).toContain("default-src 'self'");
    expect(served.headers['x-frame-options']).toBe('DENY');

    for (const url of ['/uploads/reviews/00000000-0000-0000-0000-000000000000.webp', '/uploads/reviews/unknown']) {
      const missing = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type'], url).toMatch(/^application\/json/);
      expect(missing.body, url).not.toContain('<div id="root">');
    }
  });
});

describe('POST /api/reviews, rate limited (RATE_LIMIT_FACTOR 1)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimitFactor: 1 });
  });
  afterAll(() => testApp?.close());

  it('limits one client address, and stores nothing once limited', async () => {
    const address = '10.7.7.7';
    for (let i = 0; i < reviewLimits.perAddress; i += 1) {
      expect((await postJson(testApp, review, {}, address)).statusCode).toBe(201);
    }
    const before = await countReviews(testApp);
    const limited = await postJson(testApp, review, {}, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: reviewTexts.tooMany });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countReviews(testApp)).toBe(before);

    // Another client is unaffected.
    expect((await postJson(testApp, review, {}, '10.7.7.8')).statusCode).toBe(201);
  });

  it('limits one customer, from however many client addresses', async () => {
    const customer = await insertCustomer(testApp);
    for (let i = 0; i < reviewLimits.perAccount; i += 1) {
      expect((await postJson(testApp, review, bearer(customer.token), `10.8.0.${i + 1}`)).statusCode).toBe(201);
    }
    const limited = await postJson(testApp, review, bearer(customer.token), '10.8.0.200');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: reviewTexts.tooMany });
  });
});

describe('sample reviews (DEMO_DATA)', () => {
  it('are seeded into an empty reviews table when on, once, unverified and without photos', async () => {
    const testApp = await buildTestApp({ demoData: true });
    try {
      const listed = ReviewPageSchema.parse((await listReviews(testApp)).json()).items;
      expect(listed.map((item) => item.name)).toEqual(demoReviews.map((item) => item.name));
      for (const item of listed) {
        expect(item.verified).toBe(false);
        expect(item.image).toBeUndefined();
        expect(item.rating).toBeGreaterThanOrEqual(3);
      }
      // Starting again (another server, a restart) finds reviews there and adds none.
      expect(await seedDemoReviews(testApp.app.db)).toBe(0);
      expect(await countReviews(testApp)).toBe(demoReviews.length);
    } finally {
      await testApp.close();
    }
  });

  it('are not seeded when off', async () => {
    const testApp = await buildTestApp({ demoData: false });
    try {
      expect((await listReviews(testApp)).json()).toEqual({ items: [], total: 0, average: null });
    } finally {
      await testApp.close();
    }
  });
});
