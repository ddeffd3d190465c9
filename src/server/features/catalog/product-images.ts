/**
 * Adds `app.productImages`: the owner's product pictures (decision 079), checked by their content (JPEG, PNG or WebP)
 * and their size from their header before anything is decoded, then re-encoded as WebP at the widths the pages ask for
 * (PRODUCT_IMAGE_WIDTHS) with every piece of metadata dropped, in turn with review photos (lib/pictures.ts). Saved
 * under a random name in DATA_DIR/uploads/products, each file written whole or not at all.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { PRODUCT_IMAGE_WIDTHS } from '#shared/illustrations';
import { REVIEW_PHOTO_MAX_PIXELS } from '#shared/schemas/review';
import type { Config } from '../../config.ts';
import { decodingInTurn, isStorageRefusal, reencodeAsWebp, screenPicture, writeWhole } from '../../lib/pictures.ts';
import { productImagesDir, productImageUrl } from '../../lib/uploads.ts';

const WEBP_QUALITY = 82;
const LARGEST_WIDTH = PRODUCT_IMAGE_WIDTHS[PRODUCT_IMAGE_WIDTHS.length - 1]!;

export type SavedProductImage =
  | { status: 'saved'; url: string }
  | { status: 'unsupported' }
  | { status: 'too-many-pixels' }
  /** The disk is full or read-only (the error says which): nothing was kept, not even the sizes written before. */
  | { status: 'not-stored'; error: Error };

export interface ProductImages {
  save(bytes: Buffer): Promise<SavedProductImage>;
}

declare module 'fastify' {
  interface FastifyInstance {
    productImages: ProductImages;
  }
}

export function createProductImages(dataDir: string): ProductImages {
  const folder = productImagesDir(dataDir);
  return {
    async save(bytes) {
      const screened = await screenPicture(bytes, REVIEW_PHOTO_MAX_PIXELS);
      if (screened.status !== 'acceptable') return { status: screened.status };
      const widths = await decodingInTurn.run(async () => {
        const encoded: [number, Buffer][] = [];
        for (const width of PRODUCT_IMAGE_WIDTHS) {
          const webp = await reencodeAsWebp(bytes, {
            width,
            quality: WEBP_QUALITY,
            maxPixels: REVIEW_PHOTO_MAX_PIXELS,
          });
          if (!webp) return undefined;
          encoded.push([width, webp.data]);
        }
        return encoded;
      });
      if (!widths) return { status: 'unsupported' };

      const id = randomUUID();
      const written: string[] = [];
      try {
        for (const [width, data] of widths) {
          const names = [`${id}-${width}.webp`];
          // The plain name is the largest: what a link preview or a page without srcset shows.
          if (width === LARGEST_WIDTH) names.push(`${id}.webp`);
          for (const name of names) {
            await writeWhole(folder, name, data);
            written.push(name);
          }
        }
      } catch (error) {
        // A picture is all its sizes or none of them.
        await Promise.all(written.map((name) => rm(path.join(folder, name), { force: true })));
        if (isStorageRefusal(error)) return { status: 'not-stored', error: error as Error };
        throw error;
      }
      return { status: 'saved', url: productImageUrl(id) };
    },
  };
}

export interface ProductImagesPluginOptions {
  config: Pick<Config, 'dataDir'>;
}

export default fp<ProductImagesPluginOptions>(
  async (app, { config }) => {
    app.decorate('productImages', createProductImages(config.dataDir));
  },
  { name: 'product-images' },
);
