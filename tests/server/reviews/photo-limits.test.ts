/**
 * Photo decoding limits (decision 048): a picture over 50 megapixels is refused from its header
 * (413) before a pixel is decoded, and photos are decoded one at a time, so the shop's other requests are answered
 * while a few large ones wait their turn.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewPhotosDir } from '#server/lib/uploads';
import { REVIEW_PHOTO_MAX_PIXELS, reviewMessages } from '#shared/schemas/review';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { queryRows } from '#tests/db';
import { largeBlankPng } from '#tests/images';
import { multipartBody } from '#tests/multipart';

interface LogLine {
  level: number;
  msg: string;
  time: number;
}

/** The app's log at debug, parsed, with a way to wait for a message. */
function capturedLog() {
  const lines: LogLine[] = [];
  const waiters: { msg: string; resolve: () => void }[] = [];
  const stream = {
    write(text: string) {
      const line = JSON.parse(text) as LogLine;
      lines.push(line);
      for (const waiter of waiters.filter((each) => each.msg === line.msg)) waiter.resolve();
    },
  };
  return {
    lines,
    logger: { level: 'debug', stream },
    /** Resolves once a line with this message has been logged (now or later). */
    seen(msg: string) {
      return new Promise<void>((resolve) => {
        if (lines.some((line) => line.msg === msg)) resolve();
        else waiters.push({ msg, resolve });
      });
    },
  };
}

const review = { name: 'Ada Lovelace', location: 'Leeds', rating: '5', message: 'Big photo of a small nut.' };

function postPhoto(testApp: TestApp, photo: Buffer, remoteAddress = '127.0.0.1') {
  const form = multipartBody(review, [{ filename: 'photo.png', contentType: 'image/png', content: photo }]);
  return testApp.app.inject({ method: 'POST', url: '/api/reviews', remoteAddress, ...form });
}

let testApp: TestApp;
const log = capturedLog();
beforeAll(async () => {
  testApp = await buildTestApp({}, { logger: log.logger });
});
afterAll(() => testApp?.close());

async function countReviews(): Promise<number> {
  const [row] = await queryRows<{ count: number }>(testApp, sql`select count(*)::int as count from reviews`);
  return row?.count ?? 0;
}

async function photoFiles(): Promise<string[]> {
  const folder = reviewPhotosDir(testApp.config.dataDir);
  return existsSync(folder) ? readdir(folder) : [];
}

const decodingLines = () =>
  log.lines.filter((line) => line.msg === 'review photo decoding' || line.msg === 'review photo decoded');

describe('photos with too many pixels', () => {
  it('refuses a 10,000 × 10,000 16-bit PNG of about 600 KB with 413, from its header, without decoding it', async () => {
    const bomb = await largeBlankPng({ width: 10_000, height: 10_000 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const [reviewsBefore, filesBefore, decodedBefore] = [await countReviews(), await photoFiles(), decodingLines()];

    const response = await postPhoto(testApp, bomb);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: reviewMessages.photoTooManyPixels });
    expect(decodingLines()).toEqual(decodedBefore);
    expect(await countReviews()).toBe(reviewsBefore);
    expect(await photoFiles()).toEqual(filesBefore);
  });

  it('refuses a picture just over 50 megapixels and takes a 48-megapixel one, as a phone takes them', async () => {
    expect(7072 * 7072).toBeGreaterThan(REVIEW_PHOTO_MAX_PIXELS);
    const over = await postPhoto(testApp, await largeBlankPng({ width: 7072, height: 7072, bits: 8 }));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: reviewMessages.photoTooManyPixels });

    const phone = await postPhoto(testApp, await largeBlankPng({ width: 8000, height: 6000, bits: 8 }));
    expect(phone.statusCode).toBe(201);
    expect(phone.json().image).toMatch(/^\/uploads\/reviews\/.+\.webp$/);
  });

  it('counts a pixel of 16-bit colour as two: refuses 48 megapixels of it from the header, takes 24', async () => {
    const decodedBefore = decodingLines();
    const deep = await postPhoto(testApp, await largeBlankPng({ width: 8000, height: 6000, bits: 16 }));
    expect(deep.statusCode).toBe(413);
    expect(deep.json()).toEqual({ message: reviewMessages.photoTooManyPixels });
    expect(decodingLines()).toEqual(decodedBefore);

    const half = await postPhoto(testApp, await largeBlankPng({ width: 6000, height: 4000, bits: 16 }));
    expect(half.statusCode).toBe(201);
  });
});

describe('three large photos at once', () => {
  it('decodes them one after another while /healthz and the catalog are answered', { timeout: 60_000 }, async () => {
    // 12 megapixels at 16 bits: about a second of CPU each, from a 70 KB file.
    const photo = await largeBlankPng({ width: 4000, height: 3000 });
    const linesBefore = decodingLines().length;
    const finished: string[] = [];
    const track = (name: string, request: Promise<LightMyRequestResponse>) =>
      request.then((response) => {
        finished.push(name);
        return response;
      });

    const uploads = ['10.9.0.1', '10.9.0.2', '10.9.0.3'].map((address) =>
      track('upload', postPhoto(testApp, photo, address)),
    );
    // Once the first photo is being decoded, the shop's other requests must not wait for the photos.
    await log.seen('review photo decoding');
    const askedAt = performance.now();
    const timed = (name: string, url: string) =>
      track(name, testApp.app.inject({ method: 'GET', url })).then((response) => ({
        response,
        ms: performance.now() - askedAt,
      }));
    const [health, products] = await Promise.all([timed('health', '/healthz'), timed('products', '/api/products')]);
    const answered = await Promise.all(uploads);

    expect(health.response.statusCode).toBe(200);
    expect(products.response.statusCode).toBe(200);
    expect(answered.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    // Answered while photos were still waiting or decoding, well before the last upload finished …
    expect(finished.indexOf('health')).toBeLessThan(finished.lastIndexOf('upload'));
    expect(finished.indexOf('products')).toBeLessThan(finished.lastIndexOf('upload'));
    // … and without waiting for the photos by any measure: three photos take about three seconds on a quiet machine,
    // and the bound is wide so that a busy one cannot cross it (the order above is the real check).
    expect(health.ms).toBeLessThan(10_000);
    expect(products.ms).toBeLessThan(10_000);
    // One photo at a time: each finished decoding before the next began.
    expect(
      decodingLines()
        .slice(linesBefore)
        .map((line) => line.msg),
    ).toEqual([
      'review photo decoding',
      'review photo decoded',
      'review photo decoding',
      'review photo decoded',
      'review photo decoding',
      'review photo decoded',
    ]);
  });
});
