/**
 * Uploads when the disk cannot keep them (decision 084): with the uploads folder full, then read-only, a
 * review photo and the owner's product picture are refused with 413 and a message that says so, nothing is stored
 * (no review, no file, no half of a picture's sizes), and once there is room again uploads work. The folder is a real
 * small tmpfs, filled and remounted read-only, which needs root and the right to mount (as on CI); a machine without
 * them skips this file and says so.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, statfs, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_IMAGE_FIELD, productImageMessages } from '#shared/schemas/admin-product';
import { REVIEW_PHOTO_FIELD, reviewMessages } from '#shared/schemas/review';
import { bearer, insertCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { queryRows } from '#tests/db';
import { png } from '#tests/images';
import { multipartBody } from '#tests/multipart';
import { skipsBecause } from '#tests/skips';

/** Whether this machine lets the test mount a tmpfs (root with the right to mount, as CI runs). */
function canMountTmpfs(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(path.join(os.tmpdir(), 'roast-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

const unmountable = skipsBecause(
  !canMountTmpfs(),
  import.meta.filename,
  'uploads on a full or read-only disk: this machine cannot mount a tmpfs (needs root with the right to mount, as CI runs)',
);

describe.skipIf(unmountable)('uploads when the disk is full or read-only', () => {
  let dataDir: string;
  let uploads: string;
  let testApp: TestApp;
  let adminToken: string;
  let photo: Buffer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-full-disk-'));
    uploads = path.join(dataDir, 'uploads');
    await mkdir(uploads);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', uploads]);
    testApp = await buildTestApp({ dataDir });
    adminToken = (await insertCustomer(testApp, { role: 'admin' })).token!;
    photo = await png({ width: 600, height: 400 });
  });

  afterAll(async () => {
    await testApp?.close();
    if (uploads) execFileSync('umount', [uploads]);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  function postReview() {
    const { payload, headers } = multipartBody(
      { name: 'Ada Lovelace', location: 'Leeds', rating: 5, message: 'The photo shows the cashews.' },
      [{ field: REVIEW_PHOTO_FIELD, filename: 'cashews.png', contentType: 'image/png', content: photo }],
    );
    return testApp.app.inject({ method: 'POST', url: '/api/reviews', payload, headers });
  }

  function uploadPicture() {
    const { payload, headers } = multipartBody({}, [
      { field: PRODUCT_IMAGE_FIELD, filename: 'tin.png', contentType: 'image/png', content: photo },
    ]);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/admin/products/images',
      payload,
      headers: { ...headers, ...bearer(adminToken) },
    });
  }

  async function reviewCount(): Promise<number> {
    const [row] = await queryRows<{ count: number }>(testApp, sql`select count(*)::int as count from reviews`);
    return row?.count ?? 0;
  }

  /** Every file under the uploads folder but the filler, dot-files (half-written ones) included. */
  async function storedFiles(): Promise<string[]> {
    const found: string[] = [];
    for (const folder of ['reviews', 'products']) {
      const full = path.join(uploads, folder);
      if (existsSync(full)) found.push(...(await readdir(full)).map((name) => `${folder}/${name}`));
    }
    return found;
  }

  async function expectRefusedAndNothingStored() {
    const reviewsBefore = await reviewCount();
    const review = await postReview();
    expect(review.statusCode).toBe(413);
    expect(review.json()).toEqual({ message: reviewMessages.photoNotStored });
    const picture = await uploadPicture();
    expect(picture.statusCode).toBe(413);
    expect(picture.json()).toMatchObject({ message: productImageMessages.notStored });
    expect(await reviewCount()).toBe(reviewsBefore);
    expect(await storedFiles()).toEqual([]);
  }

  it('refuses a photo and a picture with a message while the disk is full, storing nothing', async () => {
    // Fill the folder to the last byte.
    const filler = path.join(uploads, 'filler');
    await writeFile(filler, Buffer.alloc(256 * 1024)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOSPC') throw error;
    });
    await expectRefusedAndNothingStored();
    await rm(filler);
  });

  it('refuses them the same way while the folder is read-only, and takes them once it is writable again', async () => {
    execFileSync('mount', ['-o', 'remount,ro', uploads]);
    try {
      await expectRefusedAndNothingStored();
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', uploads]);
    }
    expect((await postReview()).statusCode).toBe(201);
    expect((await uploadPicture()).statusCode).toBe(201);
  });

  it('keeps none of a picture’s sizes when the disk fills between them', async () => {
    const before = await storedFiles();
    // Room for two more files only: the picture's first sizes are written, the next one fails.
    const { files, ffree } = await statfs(uploads);
    execFileSync('mount', ['-o', `remount,nr_inodes=${files - ffree + 2}`, uploads]);
    try {
      const picture = await uploadPicture();
      expect(picture.statusCode).toBe(413);
      expect(await storedFiles()).toEqual(before);
    } finally {
      execFileSync('mount', ['-o', 'remount,nr_inodes=0', uploads]);
    }
  });
});
