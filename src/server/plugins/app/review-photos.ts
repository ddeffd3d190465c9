/**
 * Adds `app.reviewPhotos`: a review's photo checked by its content (JPEG, PNG or WebP), decoded and re-encoded by
 * sharp to WebP at most 800 px wide with its metadata (EXIF, GPS, ICC …) left behind, and written under
 * `DATA_DIR/uploads/reviews` with a random name. Nothing a shopper uploads is ever served as sent (decision 041).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import sharp from 'sharp';
import type { Config } from '../../config.ts';
import { detectPhotoType, type PhotoType } from '../../lib/image-type.ts';
import { reviewPhotoFileName, reviewPhotosDir, reviewPhotoUrl, UPLOADS_URL_PREFIX } from '../../lib/uploads.ts';

/** Widest photo kept; narrower ones keep their size. */
export const REVIEW_PHOTO_MAX_WIDTH = 800;
/**
 * Largest image decoded, in pixels (a 48-megapixel phone photo fits). A small file can claim a huge size (a
 * "decompression bomb"); sharp refuses to decode past this instead of filling the memory.
 */
const MAX_INPUT_PIXELS = 100_000_000;
const WEBP_QUALITY = 80;

export type SavedPhoto =
  | { status: 'saved'; url: string; sourceType: PhotoType; width: number; height: number }
  /** Not JPEG, PNG or WebP by its content, or not an image sharp can decode. */
  | { status: 'unsupported' };

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
export async function reencodePhoto(bytes: Buffer) {
  try {
    // NOTE: sharp drops every piece of metadata unless told to keep it (withMetadata / keepExif): never call those
    // here, as a phone photo's EXIF holds where it was taken. rotate() first, so the picture keeps its way up.
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: REVIEW_PHOTO_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // Corrupt, truncated, too many pixels, or a format sharp does not read: all the sender's to fix.
    return undefined;
  }
}

export function createReviewPhotos(dataDir: string): ReviewPhotos {
  const folder = reviewPhotosDir(dataDir);
  return {
    async save(bytes) {
      const sourceType = detectPhotoType(bytes);
      if (!sourceType) return { status: 'unsupported' };
      const encoded = await reencodePhoto(bytes);
      if (!encoded) return { status: 'unsupported' };

      const fileName = `${randomUUID()}.webp`;
      await mkdir(folder, { recursive: true });
      // Written under a dot-name (never served) and renamed, so a half-written photo is never seen at its URL.
      const temporary = path.join(folder, `.${fileName}.tmp`);
      try {
        await writeFile(temporary, encoded.data, { mode: 0o644 });
        await rename(temporary, path.join(folder, fileName));
      } catch (error) {
        await rm(temporary, { force: true });
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
    app.decorate('reviewPhotos', createReviewPhotos(config.dataDir));
  },
  { name: 'review-photos' },
);
