/**
 * Storefront pages rendered on the server (decision 055): the web build's renderer (dist/ssr/entry-server.js,
 * built from src/web/entry-server.tsx) fills the built index.html with a page's markup, metadata and hydration
 * data. Without a renderer (a build without it, the server tests' stand-in folder), or when rendering fails, the
 * page is the empty shell it always was: a page a client asks for never becomes a 5xx.
 *
 * Pages are the same for every visitor and change only with the catalog (and /reviews with the reviews), so a
 * page at its own address is rendered once per version of that data and kept prepared: bytes, ETag, gzip and
 * brotli (decision 058). Anything else (a query string, an unknown product) is rendered for its request.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { DeliverySettings } from '#shared/schemas/delivery';
import type { Product } from '#shared/schemas/product';
import type { Review } from '#shared/schemas/review';
import { type PreparedAnswer, prepareAnswerInBackground, preparedSize } from './prepared-answer.ts';

/** The renderer's contract (src/web/entry-server.tsx), restated here: the server never imports web code. */
interface Renderer {
  renderPage(input: {
    url: string;
    origin: string;
    products: readonly Product[];
    reviews: readonly Review[] | undefined;
    delivery?: DeliverySettings | undefined;
    cartKept: boolean;
  }): Promise<{ head: string; body: string; afterRoot?: string; data: string }>;
}

export interface PageSources {
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  products(): readonly Product[];
  reviews(): Promise<Review[]>;
  /** The delivery charges, for /delivery (docs/api.md, Delivery and promotions). */
  delivery?(): Promise<DeliverySettings>;
}

/** What a page may show differently for a visitor, from their request (decision 074). */
export interface VisitorHints {
  /** The browser says it may hold a cart (CART_KEPT_COOKIE). */
  cartKept: boolean;
}

const ANONYMOUS: VisitorHints = { cartKept: false };

export interface PageHtml {
  /**
   * The page for this request: prepared (kept for the next visitor) when `cacheKey` is the page's own address and
   * the request asks for exactly that, else HTML rendered for it alone; undefined to send the empty shell instead.
   * Each set of visitor hints is a page of its own.
   */
  page(
    url: string,
    log: FastifyBaseLogger,
    cacheKey?: string,
    visitor?: VisitorHints,
  ): Promise<PreparedAnswer | string | undefined>;
  /** How many pages are kept prepared and the bytes they hold (every coding), for the bench. */
  cacheStats(): { pages: number; bytes: number };
}

interface KeptPage {
  /** The reviews' fingerprint for /reviews, the charges' for /delivery, '' for pages that show only the catalog. */
  version: string;
  /** Shared by every request that arrives while the page is first being rendered. */
  answer: Promise<PreparedAnswer | undefined>;
  bytes: number;
}

// The reviews page renders without its reviews rather than wait on a slow database.
const REVIEWS_WAIT_MS = 500;
const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
const HTML = 'text/html; charset=utf-8';

const isReviewsPage = (pathname: string) => pathname === '/reviews' || pathname === '/reviews/';
const isDeliveryPage = (pathname: string) => pathname === '/delivery' || pathname === '/delivery/';
const fingerprint = (data: unknown) => createHash('sha256').update(JSON.stringify(data)).digest('base64url');

export async function loadPageHtml(webDistDir: string, sources: PageSources): Promise<PageHtml | undefined> {
  const rendererFile = path.join(webDistDir, '..', 'ssr', 'entry-server.js');
  if (!existsSync(rendererFile)) return undefined;
  const renderer = (await import(pathToFileURL(rendererFile).href)) as Renderer;
  // Prepared once: every rendered page is this with its own head, markup and data put in.
  const template = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT)) return undefined;

  /** What a page shows from the database, or undefined when it could not be had in time. */
  async function waitFor<T>(what: string, load: () => Promise<T>, log: FastifyBaseLogger): Promise<T | undefined> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), REVIEWS_WAIT_MS);
    });
    try {
      return await Promise.race([load(), timeout]);
    } catch (error) {
      log.warn({ err: error }, `${what} unavailable: rendering the page without them`);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  async function render(
    url: string,
    products: readonly Product[],
    reviews: readonly Review[] | undefined,
    delivery: DeliverySettings | undefined,
    visitor: VisitorHints,
    log: FastifyBaseLogger,
  ): Promise<string | undefined> {
    try {
      const page = await renderer.renderPage({
        url,
        origin: sources.publicUrl,
        products,
        reviews,
        delivery,
        ...visitor,
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
  }

  const kept = new Map<string, KeptPage>();
  // The catalog's products array is replaced, never changed in place, when the catalog changes (catalog.ts).
  let keptFor = sources.products();

  function keep(cacheKey: string, version: string, html: Promise<string | undefined>): KeptPage {
    const entry: KeptPage = {
      version,
      answer: html.then((text) => (text === undefined ? undefined : prepareAnswerInBackground(text, HTML))),
      bytes: 0,
    };
    kept.set(cacheKey, entry);
    void entry.answer.then(
      (answer) => {
        if (answer) entry.bytes = preparedSize(answer);
        // A failed render is not kept: the next visitor gets another try.
        else if (kept.get(cacheKey) === entry) kept.delete(cacheKey);
      },
      () => kept.get(cacheKey) === entry && kept.delete(cacheKey),
    );
    return entry;
  }

  return {
    async page(url, log, cacheKey, visitor = ANONYMOUS) {
      // request.url is whatever the client sent; only a plain path is rendered (never '//host/…').
      if (!url.startsWith('/') || url.startsWith('//')) return undefined;
      const products = sources.products();
      // The path of a page asked for at its own address is that address: no parsing on the busiest path.
      const pathname = url === cacheKey ? url : new URL(url, sources.publicUrl).pathname;
      const reviews = isReviewsPage(pathname) ? await waitFor('reviews', sources.reviews, log) : undefined;
      // The delivery page states the owner's charges, read for each request: a change shows at once.
      const wantsDelivery = isDeliveryPage(pathname) && sources.delivery !== undefined;
      const delivery =
        wantsDelivery && sources.delivery ? await waitFor('delivery charges', sources.delivery, log) : undefined;
      // A reviews or delivery page rendered without its data (it was slow) is for this request only.
      const cacheable =
        url === cacheKey &&
        (reviews !== undefined || !isReviewsPage(pathname)) &&
        (delivery !== undefined || !wantsDelivery);
      if (!cacheable) return render(url, products, reviews, delivery, visitor, log);

      if (products !== keptFor) {
        kept.clear();
        keptFor = products;
      }
      const version = reviews ? fingerprint(reviews) : delivery ? fingerprint(delivery) : '';
      const keptKey = visitor.cartKept ? `${cacheKey} cart kept` : cacheKey;
      const entry = kept.get(keptKey);
      if (entry?.version === version) return entry.answer;
      return keep(keptKey, version, render(url, products, reviews, delivery, visitor, log)).answer;
    },
    cacheStats() {
      let bytes = 0;
      for (const entry of kept.values()) bytes += entry.bytes;
      return { pages: kept.size, bytes };
    },
  };
}
