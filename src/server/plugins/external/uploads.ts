/**
 * Serves what shoppers and the owner uploaded, as the server re-encoded it: `GET /uploads/reviews/<random id>.webp`
 * from `DATA_DIR/uploads/reviews`, and the owner's product pictures from `DATA_DIR/uploads/products`. A second @fastify/static, registered whether or not the SPA is served. Names are
 * random and a file never changes once written, so it is cached for a year as immutable. Only names of the form
 * the server writes are looked up: no listing, no dot-files (the half-written `.…tmp`), nothing else in the folder.
 */
import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { cacheControl } from '../../lib/cache-control.ts';
import {
  productImageFileName,
  productImagesDir,
  reviewPhotoFileName,
  reviewPhotosDir,
  UPLOADS_URL_PREFIX,
  uploadsDir,
} from '../../lib/uploads.ts';

export interface UploadsPluginOptions {
  config: Pick<Config, 'dataDir'>;
}

export default fp<UploadsPluginOptions>(
  async (app, { config }) => {
    // Made now, so the root exists from the start (and a fresh DATA_DIR logs no warning).
    await mkdir(reviewPhotosDir(config.dataDir), { recursive: true });
    await mkdir(productImagesDir(config.dataDir), { recursive: true });
    await app.register(fastifyStatic, {
      root: uploadsDir(config.dataDir),
      prefix: UPLOADS_URL_PREFIX,
      // The SPA's registration owns reply.sendFile.
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'ignore',
      // Looked up per request (the default): photos arrive while the server runs.
      wildcard: true,
      allowedPath: (pathName) => {
        const [folder, fileName, ...rest] = pathName.replace(/^\//, '').split('/');
        if (fileName === undefined || rest.length > 0) return false;
        if (folder === 'reviews') return reviewPhotoFileName.test(fileName);
        return folder === 'products' && productImageFileName.test(fileName);
      },
      cacheControl: false,
      setHeaders: (reply) => {
        reply.header('cache-control', cacheControl.immutable);
        reply.header('content-type', 'image/webp');
      },
    });
  },
  { name: 'uploads' },
);
