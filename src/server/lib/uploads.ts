/** Where uploaded files live (under DATA_DIR) and the URLs they are served at; one place for both ends. */
import path from 'node:path';

/** Served at `/uploads/…` by plugins/external/uploads.ts. */
export const UPLOADS_URL_PREFIX = '/uploads/';

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** Review photos: `<random id>.webp`, written once and never changed, so they can be cached for good. */
export function reviewPhotosDir(dataDir: string): string {
  return path.join(uploadsDir(dataDir), 'reviews');
}

export function reviewPhotoUrl(fileName: string): string {
  return `${UPLOADS_URL_PREFIX}reviews/${fileName}`;
}

/** A review photo's name as the server writes them: a UUID and `.webp`, nothing else. */
export const reviewPhotoFileName = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/** The owner's product pictures: `<random id>-<width>.webp` at each PRODUCT_IMAGE_WIDTHS, and `<random id>.webp`. */
export function productImagesDir(dataDir: string): string {
  return path.join(uploadsDir(dataDir), 'products');
}

export function productImageUrl(id: string): string {
  return `${UPLOADS_URL_PREFIX}products/${id}.webp`;
}

/** A product picture's file name as the server writes them. */
export const productImageFileName = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-\d{3,4})?\.webp$/;
