/**
 * Adds `app.productImages`: the owner's product pictures (decision 079), checked by their content (JPEG, PNG or WebP)
 * and their size from their header before anything is decoded, then re-encoded as WebP at the widths the pages ask for
 * (PRODUCT_IMAGE_WIDTHS) with every piece of metadata dropped, one at a time. Saved under a random name in
 * DATA_DIR/uploads/products; each file is written under a dot-name and renamed, so none is seen half-written.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import sharp from 'sharp';
import { PRODUCT_IMAGE_WIDTHS } from '#shared/illustrations';
import { REVIEW_PHOTO_MAX_PIXELS } from '#shared/schemas/review';
import type { Config } from '../../config.ts';
import { detectPhotoType } from '../../lib/image-type.ts';
import { statedSize } from '../../lib/picture-size.ts';
import { productImagesDir, productImageUrl } from '../../lib/uploads.ts';
import { createWorkQueue } from '../../lib/work-queue.ts';

const WEBP_QUALITY = 82;
const LARGEST_WIDTH = PRODUCT_IMAGE_WIDTHS[PRODUCT_IMAGE_WIDTHS.length - 1]!;

export type SavedProductImage =
  | { status: 'saved'; url: string }
  | { status: 'unsupported' }
  | { status: 'too-many-pixels' };

export interface ProductImages {
  save(bytes: Buffer): Promise<SavedProductImage>;
}

declare module 'fastify' {
  interface FastifyInstance {
    productImages: ProductImages;
  }
}

async function atWidth(bytes: Buffer, width: number): Promise<Buffer | undefined> {
  try {
    return await sharp(bytes, { limitInputPixels: REVIEW_PHOTO_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch {
    return undefined;
  }
}

export function createProductImages(dataDir: string): ProductImages {
  const folder = productImagesDir(dataDir);
  const decoding = createWorkQueue(1);

  async function writeWhole(fileName: string, data: Buffer) {
    const temporary = path.join(folder, `.${fileName}.tmp`);
    try {
      await writeFile(temporary, data, { mode: 0o644 });
      await rename(temporary, path.join(folder, fileName));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    async save(bytes) {
      if (!detectPhotoType(bytes)) return { status: 'unsupported' };
      const size = await statedSize(bytes);
      if (!size) return { status: 'unsupported' };
      if (size.width * size.height > REVIEW_PHOTO_MAX_PIXELS) return { status: 'too-many-pixels' };
      const widths = await decoding.run(async () => {
        const encoded: [number, Buffer][] = [];
        for (const width of PRODUCT_IMAGE_WIDTHS) {
          const data = await atWidth(bytes, width);
          if (!data) return undefined;
          encoded.push([width, data]);
        }
        return encoded;
      });
      if (!widths) return { status: 'unsupported' };

      const id = randomUUID();
      await mkdir(folder, { recursive: true });
      for (const [width, data] of widths) {
        await writeWhole(`${id}-${width}.webp`, data);
        // The plain name is the largest: what a link preview or a page without srcset shows.
        if (width === LARGEST_WIDTH) await writeWhole(`${id}.webp`, data);
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
