/**
 * Adds `app.reviewPhotos`: a review's photo checked by its content (JPEG, PNG or WebP) and its size from its header
 * (at most 50 megapixels), decoded and re-encoded by sharp to WebP at most 800 px wide with its metadata (EXIF, GPS,
 * ICC …) left behind, and written under `DATA_DIR/uploads/reviews` with a random name. Nothing a shopper uploads is
 * ever served as sent (decision 041). Photos are decoded one at a time, on one libvips thread, so a few large ones
 * queue behind each other instead of taking every core from the shop's other requests (decision 048).
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { REVIEW_PHOTO_MAX_PIXELS } from '#shared/schemas/review';
import type { Config } from '../../config.ts';
import type { PhotoType } from '../../lib/image-type.ts';
import { decodingInTurn, reencodeAsWebp, screenPicture, isStorageRefusal, writeWhole } from '../../lib/pictures.ts';
import { reviewPhotoFileName, reviewPhotosDir, reviewPhotoUrl, UPLOADS_URL_PREFIX } from '../../lib/uploads.ts';

/** Widest photo kept; narrower ones keep their size. */
export const REVIEW_PHOTO_MAX_WIDTH = 800;
const WEBP_QUALITY = 80;

export type SavedPhoto =
  | { status: 'saved'; url: string; sourceType: PhotoType; width: number; height: number }
  /** Not JPEG, PNG or WebP by its content, or not an image sharp can decode. */
  | { status: 'unsupported' }
  /** More than REVIEW_PHOTO_MAX_PIXELS by its header: refused before any decoding. */
  | { status: 'too-many-pixels'; width: number; height: number }
  /** The disk is full or read-only (the error says which): nothing was kept. */
  | { status: 'not-stored'; error: Error };

export interface ReviewPhotos {
  /** Checks, re-encodes and stores a photo; answers its URL path, or why it was refused. */
  save(bytes: Buffer): Promise<SavedPhoto>;
  /** Removes a stored photo by its URL path (a review that was not stored after all); quiet if it is gone. */
  discard(url: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reviewPhotos: ReviewPhotos;
  }
}

/** The photo as WebP, EXIF orientation applied, at most REVIEW_PHOTO_MAX_WIDTH wide; undefined if it cannot be decoded. */
export const reencodePhoto = (bytes: Buffer) =>
  reencodeAsWebp(bytes, { width: REVIEW_PHOTO_MAX_WIDTH, quality: WEBP_QUALITY, maxPixels: REVIEW_PHOTO_MAX_PIXELS });

export interface ReviewPhotosOptions {
  /** Where each photo's turn and decoding time are logged (debug). */
  log?: FastifyBaseLogger;
}

export function createReviewPhotos(dataDir: string, { log }: ReviewPhotosOptions = {}): ReviewPhotos {
  const folder = reviewPhotosDir(dataDir);
  return {
    async save(bytes) {
      const screened = await screenPicture(bytes, REVIEW_PHOTO_MAX_PIXELS);
      if (screened.status !== 'acceptable') return screened;
      const { sourceType, ...size } = screened;

      const queuedAt = performance.now();
      const encoded = await decodingInTurn.run(async () => {
        const startedAt = performance.now();
        log?.debug({ ...size, waitedMs: Math.round(startedAt - queuedAt) }, 'review photo decoding');
        const result = await reencodePhoto(bytes);
        log?.debug({ ms: Math.round(performance.now() - startedAt) }, 'review photo decoded');
        return result;
      });
      if (!encoded) return { status: 'unsupported' };

      const fileName = `${randomUUID()}.webp`;
      try {
        await writeWhole(folder, fileName, encoded.data);
      } catch (error) {
        if (isStorageRefusal(error)) return { status: 'not-stored', error: error as Error };
        throw error;
      }
      return {
        status: 'saved',
        url: reviewPhotoUrl(fileName),
        sourceType,
        width: encoded.info.width,
        height: encoded.info.height,
      };
    },
    async discard(url) {
      const fileName = url.slice(`${UPLOADS_URL_PREFIX}reviews/`.length);
      if (!reviewPhotoFileName.test(fileName)) return;
      await rm(path.join(folder, fileName), { force: true });
    },
  };
}

export interface ReviewPhotosPluginOptions {
  config: Pick<Config, 'dataDir'>;
}

export default fp<ReviewPhotosPluginOptions>(
  async (app, { config }) => {
    app.decorate('reviewPhotos', createReviewPhotos(config.dataDir, { log: app.log }));
  },
  { name: 'review-photos' },
);
