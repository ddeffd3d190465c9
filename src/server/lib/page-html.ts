/**
 * Storefront pages rendered on the server (decision 055): the web build's renderer (dist/ssr/entry-server.js,
 * built from src/web/entry-server.tsx) fills the built index.html with a page's markup, metadata and hydration
 * data. Without a renderer (a build without it, the server tests' stand-in folder), or when rendering fails, the
 * page is the empty shell it always was: a page a client asks for never becomes a 5xx.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Product } from '#shared/schemas/product';
import type { Review } from '#shared/schemas/review';

/** The renderer's contract (src/web/entry-server.tsx), restated here: the server never imports web code. */
interface Renderer {
  renderPage(input: {
    url: string;
    origin: string;
    products: readonly Product[];
    reviews: readonly Review[] | undefined;
  }): Promise<{ head: string; body: string; afterRoot?: string; data: string }>;
}

export interface PageSources {
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  products(): readonly Product[];
  reviews(): Promise<Review[]>;
}

export interface PageHtml {
  /** The page's HTML, or undefined to send the empty shell instead. */
  render(url: string, log: FastifyBaseLogger): Promise<string | undefined>;
}

// The reviews page renders without its reviews rather than wait on a slow database.
const REVIEWS_WAIT_MS = 500;
const ROOT = '<div id="root"></div>';
// A rendered page carries its catalog; the shell's early fetch of it (and the comment saying why) would go unused,
// and the browser warns about an unused preload.
const CATALOG_PRELOAD = /(?:\s*<!--[^>]*-->)?\s*<link rel="preload" href="\/api\/products"[^>]*>/;
const TITLE = /<title>[^<]*<\/title>/;

export async function loadPageHtml(webDistDir: string, sources: PageSources): Promise<PageHtml | undefined> {
  const rendererFile = path.join(webDistDir, '..', 'ssr', 'entry-server.js');
  if (!existsSync(rendererFile)) return undefined;
  const renderer = (await import(pathToFileURL(rendererFile).href)) as Renderer;
  // Prepared once: every rendered page is this with its own head, markup and data put in.
  const template = readFileSync(path.join(webDistDir, 'index.html'), 'utf8').replace(CATALOG_PRELOAD, '');
  if (!template.includes(ROOT)) return undefined;

  async function reviewsFor(pathname: string, log: FastifyBaseLogger): Promise<Review[] | undefined> {
    if (pathname !== '/reviews' && pathname !== '/reviews/') return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), REVIEWS_WAIT_MS);
    });
    try {
      return await Promise.race([sources.reviews(), timeout]);
    } catch (error) {
      log.warn({ err: error }, 'reviews unavailable: rendering the reviews page without them');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async render(url, log) {
      // request.url is whatever the client sent; only a plain path is rendered (never '//host/…').
      if (!url.startsWith('/') || url.startsWith('//')) return undefined;
      try {
        const pathname = new URL(url, sources.publicUrl).pathname;
        const page = await renderer.renderPage({
          url,
          origin: sources.publicUrl,
          products: sources.products(),
          reviews: await reviewsFor(pathname, log),
        });
        const withHead = page.head ? template.replace(TITLE, () => page.head) : template;
        return withHead.replace(
          ROOT,
          () =>
            `<div id="root">${page.body}</div>${page.afterRoot ?? ''}` +
            `<script type="application/json" id="page-data">${page.data}</script>`,
        );
      } catch (error) {
        log.error({ err: error, url }, 'page rendering failed: sent the empty shell');
        return undefined;
      }
    },
  };
}
