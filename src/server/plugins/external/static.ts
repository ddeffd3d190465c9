/**
 * Serves the built single-page app and the product illustrations. Vite's hashed assets are cached for a
 * year; index.html, in every encoding, and every other file whose name does not change with its content
 * (favicon, the illustrations) are revalidated every time, so a release reaches shoppers at once
 * (decision 046). Adds `reply.sendPage(status)`, the one way a page is answered: rendered on the server when the
 * build has its renderer (lib/page-html.ts, decision 055), else index.html. No dot-file or dot-folder
 * (`.vite/manifest.json`, `.env`) is ever served.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { cacheControl } from '../../lib/cache-control.ts';
import { loadPageHtml, type PageHtml, type PageRequest, type PageSources } from '../../lib/page-html.ts';
import { sendPrepared } from '../../lib/prepared-answer.ts';
import { isJsonUrl, withPageSecurityHeaders } from '../../lib/security-headers.ts';

export interface StaticPluginOptions {
  webDistDir: string | undefined;
  /** The product illustrations' folder (the seed's), served at /images/products/. */
  productImagesDir: URL;
  /** What the pages are rendered from; without it every page is the empty shell. */
  pageSources?: PageSources;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a built SPA is being served (so unknown page URLs get index.html). */
    servesWebApp: boolean;
    /**
     * Renders and compresses these pages (each its own address) and keeps them, so their first visitor does not wait
     * for that. Does nothing without the server's renderer.
     */
    preparePages(urls: readonly string[]): Promise<void>;
  }
  interface FastifyReply {
    /**
     * Answers the page asked for (rendered, or the SPA's index.html) with the page headers: 200 for a known page,
     * 404 for an unknown one. `page.cacheKey`, the page's own address, lets a request for that address (and query
     * parameters other than `page.params`) be answered from the pages kept prepared (lib/page-html.ts);
     * `page.visitor`, what the page may show for this visitor. Decorated only when `servesWebApp`.
     */
    sendPage(statusCode: 200 | 404, page?: PageRequest): Promise<FastifyReply>;
  }
}

// send's default serves files inside dot-folders (it only hides dot-files); 'ignore' answers 404 for both.
const dotfiles = 'ignore';

function pageSender(pageHtml: PageHtml | undefined) {
  return async function sendPage(
    this: FastifyReply,
    statusCode: 200 | 404,
    pageRequest: PageRequest = {},
  ): Promise<FastifyReply> {
    // The security-headers hook gave every other page URL the page set already.
    if (isJsonUrl(this.request.url)) withPageSecurityHeaders(this);
    this.code(statusCode).header('cache-control', cacheControl.revalidate);
    // A page that differs by a cookie says so, or a shared cache could hand one visitor's version to another.
    if (pageRequest.visitor) this.header('vary', 'cookie');
    const page = await pageHtml?.page(this.request.url, this.log, pageRequest);
    if (typeof page === 'string') return this.type('text/html; charset=utf-8').send(page);
    if (page !== undefined) return sendPrepared(this.request, this, page);
    // A 404 is never answered 304 or 206: a revalidated or partial "not found" would show an empty page.
    const options = statusCode === 200 ? {} : { etag: false, lastModified: false, acceptRanges: false };
    return this.sendFile('index.html', options);
  };
}

export default fp<StaticPluginOptions>(
  async (app, { webDistDir, productImagesDir, pageSources }) => {
    await app.register(fastifyStatic, {
      root: fileURLToPath(productImagesDir),
      prefix: '/images/products/',
      index: false,
      // The SPA registration below owns reply.sendFile; two plugins cannot both decorate it.
      decorateReply: false,
      dotfiles,
      cacheControl: false,
      // Not fingerprinted: a changed illustration keeps its name.
      setHeaders: (reply) => reply.header('cache-control', cacheControl.revalidate),
    });

    const servesWebApp = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
    app.decorate('servesWebApp', servesWebApp);
    const pageHtml = servesWebApp && pageSources ? await loadPageHtml(webDistDir, pageSources) : undefined;
    app.decorate('preparePages', async (urls: readonly string[]) => {
      // One at a time: this runs beside the first requests and must not hold the process for long.
      for (const url of urls) await pageHtml?.page(url, app.log, { cacheKey: url });
    });
    if (!servesWebApp) return;
    app.decorateReply('sendPage', pageSender(pageHtml));

    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      // Page URLs, "/" included, are routes of their own (routes/pages.ts); this serves the build's files.
      index: false,
      wildcard: true,
      dotfiles,
      // The build writes .br and .gz beside each file (vite.config.ts), so nothing is compressed per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        // NOTE: filePath is the file sent, which is index.html.br to a browser that takes brotli; judged by that
        // name, every page went out public for an hour. The rule reads the name without its compression suffix.
        const relative = path.relative(webDistDir, filePath);
        // Only Vite's hashed files carry their content in their name; anything else (index.html, favicon.svg)
        // keeps its name across releases.
        const fingerprinted = relative.startsWith(`assets${path.sep}`);
        reply.header('cache-control', fingerprinted ? cacheControl.immutable : cacheControl.revalidate);
      },
    });
  },
  { name: 'static' },
);
