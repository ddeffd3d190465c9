/**
 * What every uploaded picture goes through, review photos and the owner's product pictures alike: its type from its
 * bytes and its size from its header, checked before anything is decoded; re-encoded to WebP with its metadata left
 * behind; written whole or not at all.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { detectPhotoType, type PhotoType } from './image-type.ts';
import { createWorkQueue } from './work-queue.ts';

// NOTE: process-wide. One libvips thread per image operation (the default is one per core), and one picture decoded at
// a time (`decodingInTurn`): a few large ones queue behind each other instead of taking every core from the shop's
// other requests (decision 048). sharp is used for nothing but pictures in the server.
sharp.concurrency(1);

/** The one queue every picture is decoded in, review photos and product pictures alike; others wait holding bytes. */
export const decodingInTurn = createWorkQueue(1);

/** Bytes per colour sample by sharp's name for a picture's sample format: 16-bit PNGs are `ushort`. */
const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4 };

/**
 * A picture's size as its header states it, read without decoding a pixel, with the bytes each of its samples takes
 * (2 for a 16-bit PNG; 8 for anything sharp names otherwise, so an unknown format is judged at its dearest).
 */
export async function statedSize(
  bytes: Buffer,
): Promise<{ width: number; height: number; sampleBytes: number } | undefined> {
  try {
    // limitInputPixels off: only the header is read here, and an over-size one must be measured to be refused.
    const { width, height, depth } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return width && height ? { width, height, sampleBytes: SAMPLE_BYTES[depth ?? 'uchar'] ?? 8 } : undefined;
  } catch {
    return undefined;
  }
}

export type ScreenedPicture =
  | { status: 'acceptable'; sourceType: PhotoType; width: number; height: number }
  /** Not JPEG, PNG or WebP by its content, or no size in its header. */
  | { status: 'unsupported' }
  /** More than `maxPixels` by its header, counting a pixel of 16-bit samples as two (decision 105). */
  | { status: 'too-many-pixels'; width: number; height: number };

/**
 * Whether a picture may be decoded at all: judged from its bytes and header alone. Decoding costs time by the bytes it
 * writes, so a picture of 16-bit samples may have half the pixels of an 8-bit one: both then cost at most what a
 * 50-megapixel phone photo costs (decision 105).
 */
export async function screenPicture(bytes: Buffer, maxPixels: number): Promise<ScreenedPicture> {
  const sourceType = detectPhotoType(bytes);
  if (!sourceType) return { status: 'unsupported' };
  const size = await statedSize(bytes);
  if (!size) return { status: 'unsupported' };
  const { width, height, sampleBytes } = size;
  if (width * height * sampleBytes > maxPixels) return { status: 'too-many-pixels', width, height };
  return { status: 'acceptable', sourceType, width, height };
}

/**
 * The picture as WebP, EXIF orientation applied, at most `width` wide (narrower ones keep their size); undefined if it
 * cannot be decoded.
 */
export async function reencodeAsWebp(bytes: Buffer, { width, quality, maxPixels }: WebpOptions) {
  try {
    // NOTE: sharp drops every piece of metadata unless told to keep it (withMetadata / keepExif): never call those
    // here, as a phone photo's EXIF holds where it was taken. rotate() first, so the picture keeps its way up.
    // The pixel limit again, for an image whose header and content disagree.
    return await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // Corrupt, truncated, too many pixels, or a format sharp does not read: all the sender's to fix.
    return undefined;
  }
}

export interface WebpOptions {
  width: number;
  quality: number;
  maxPixels: number;
}

// The disk is full, read-only or not ours to write: the server cannot keep an upload, whatever the upload is.
const STORAGE_REFUSALS = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM']);

/** Whether a failed write means there is nowhere to keep the file (decision 084), rather than a fault of the shop. */
export function isStorageRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && STORAGE_REFUSALS.has(code);
}

/** Writes under a dot-name (never served) and renames, so a half-written file is never seen at its URL. */
export async function writeWhole(folder: string, fileName: string, data: Buffer): Promise<void> {
  await mkdir(folder, { recursive: true });
  const temporary = path.join(folder, `.${fileName}.tmp`);
  try {
    await writeFile(temporary, data, { mode: 0o644 });
    await rename(temporary, path.join(folder, fileName));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
