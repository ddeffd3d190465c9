/**
 * Serves the built single-page app and the product illustrations. Vite's hashed assets are cached for a
 * year; index.html is revalidated every time so a new release reaches shoppers at once.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { productImagesDir } from '../../db/seed/index.ts';

export interface StaticPluginOptions {
  webDistDir: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a built SPA is being served (so unknown page URLs get index.html). */
    servesWebApp: boolean;
  }
}

export default fp<StaticPluginOptions>(
  async (app, { webDistDir }) => {
    await app.register(fastifyStatic, {
      root: fileURLToPath(productImagesDir),
      prefix: '/images/products/',
      index: false,
      // The SPA registration below owns reply.sendFile; two plugins cannot both decorate it.
      decorateReply: false,
      cacheControl: false,
      setHeaders: (reply) => reply.header('cache-control', 'public, max-age=86400'),
    });

    const servesWebApp = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
    app.decorate('servesWebApp', servesWebApp);
    if (!servesWebApp) return;

    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      // Serves index.html for "/" (with the no-cache rule below); other page URLs reach it via the 404 handler.
      index: ['index.html'],
      wildcard: true,
      // The build writes .br and .gz beside each file (vite.config.ts), so nothing is compressed per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(webDistDir, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (relative === 'index.html') {
          reply.header('cache-control', 'no-cache');
        } else {
          reply.header('cache-control', 'public, max-age=3600');
        }
      },
    });
  },
  { name: 'static' },
);
