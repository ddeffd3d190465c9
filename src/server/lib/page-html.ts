/**
 * Storefront pages rendered on the server (decision 055): the web build's renderer (dist/ssr/entry-server.js,
 * built from src/web/entry-server.tsx) fills the built index.html with a page's markup, metadata and hydration
 * data. Without a renderer (a build without it, the server tests' stand-in folder), or when rendering fails, the
 * page is the empty shell it always was: a page a client asks for never becomes a 5xx.
 *
 * Pages are the same for every visitor and change only with the catalog (whose ratings move with a product's
 * reviews, so a product's page with its reviews too; and /reviews with the reviews), so a
 * page at its own address is rendered once per version of that data and kept prepared: bytes, ETag, gzip and
 * brotli (decision 058), whatever query parameters it does not read come with it. Anything else (a search, an
 * unknown product) is rendered for its request, one at a time, a few waiting (decision 107).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { DeliverySettings } from '#shared/schemas/delivery';
import type { Product } from '#shared/schemas/product';
import type { ReviewPage } from '#shared/schemas/review';
import { type PreparedAnswer, prepareAnswerInBackground, preparedSize } from './prepared-answer.ts';
import { createWorkQueue } from './work-queue.ts';

/** The renderer's contract (src/web/entry-server.tsx), restated here: the server never imports web code. */
interface Renderer {
  renderPage(input: {
    url: string;
    origin: string;
    products: readonly Product[];
    reviews: ReviewPage | undefined;
    delivery?: DeliverySettings | undefined;
    cartKept: boolean;
  }): Promise<{ head: string; body: string; afterRoot?: string; data: string }>;
}

export interface PageSources {
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  products(): readonly Product[];
  /** The first page of reviews /reviews shows, with their count and average. */
  reviews(): Promise<ReviewPage>;
  /** The first page of a product's reviews, which its page shows. */
  productReviews?(productId: string): Promise<ReviewPage>;
  /** The delivery charges, for /delivery (docs/api.md, Delivery and promotions). */
  delivery?(): Promise<DeliverySettings>;
}

/** What a page may show differently for a visitor, from their request (decision 074). */
export interface VisitorHints {
  /** The browser says it may hold a cart (CART_KEPT_COOKIE). */
  cartKept: boolean;
}

const ANONYMOUS: VisitorHints = { cartKept: false };

/** Which page a request asks for, as its route knows it. */
export interface PageRequest {
  /** The page's own address, under which its rendering is kept for every visitor; none for one visitor's page. */
  cacheKey?: string | undefined;
  /** The query parameters the page reads (`pageQueryParams`): any other is left out before rendering. */
  params?: readonly string[] | undefined;
  visitor?: VisitorHints | undefined;
}

/** `?…` with only the parameters named, in the order sent; '' when none of them is there. */
function queryItReads(url: string, params: readonly string[]): string {
  const start = url.indexOf('?');
  if (start === -1 || params.length === 0) return '';
  const read = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(url.slice(start + 1))) {
    if (params.includes(name)) read.append(name, value);
  }
  const query = read.toString();
  return query ? `?${query}` : '';
}

export interface PageHtml {
  /**
   * The page for this request: prepared (kept for the next visitor) when it is asked for at `cacheKey`, its own
   * address, with no query parameter it reads (any other is ignored); else HTML rendered for it alone, in turn with
   * other such renders; undefined to send the empty shell instead (a failed render, or too many waiting). Each set of
   * visitor hints is a page of its own.
   */
  page(url: string, log: FastifyBaseLogger, request?: PageRequest): Promise<PreparedAnswer | string | undefined>;
  /**
   * How many pages are kept prepared and the bytes they hold (every coding), and how many requests got the empty
   * shell because too many renders were waiting, for the bench.
   */
  cacheStats(): { pages: number; bytes: number; shed: number };
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
/** Renders for one request that may wait their turn; more get the empty shell, which the browser renders itself. */
export const ONE_OFF_RENDERS_WAITING = 8;
const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
const HTML = 'text/html; charset=utf-8';

const isReviewsPage = (pathname: string) => pathname === '/reviews' || pathname === '/reviews/';
const isDeliveryPage = (pathname: string) => pathname === '/delivery' || pathname === '/delivery/';
const PRODUCT_PAGE = /^\/product\/([^/?#]+)$/;
/** The product a product page's own address names; undefined for any other page. */
function productOf(cacheKey: string): string | undefined {
  const encoded = PRODUCT_PAGE.exec(cacheKey)?.[1];
  return encoded === undefined ? undefined : decodeURIComponent(encoded);
}
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
    reviews: ReviewPage | undefined,
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

  /**
   * A product's page, kept per catalog version like the pages that show only the catalog: every change to a product's
   * shown reviews reloads the catalog, whose ratings it moves (decision 108), so its reviews are read only to render.
   */
  async function keptProductPage(
    cacheKey: string,
    productId: string,
    load: (productId: string) => Promise<ReviewPage>,
    visitor: VisitorHints,
    log: FastifyBaseLogger,
  ) {
    const products = sources.products();
    if (products !== keptFor) {
      kept.clear();
      keptFor = products;
    }
    const keptKey = visitor.cartKept ? `${cacheKey} cart kept` : cacheKey;
    const entry = kept.get(keptKey);
    if (entry) return entry.answer;
    const reviews = await waitFor('reviews', () => load(productId), log);
    const html = render(cacheKey, products, reviews, undefined, visitor, log);
    // Not kept without its reviews (they were slow), nor when the catalog or the kept page moved on meanwhile.
    if (reviews === undefined || sources.products() !== products || kept.has(keptKey)) return html;
    return keep(keptKey, '', html).answer;
  }

  /** A page at its own address, as kept for every visitor: rendered once per version of what it shows. */
  async function keptPage(cacheKey: string, visitor: VisitorHints, log: FastifyBaseLogger) {
    const productId = productOf(cacheKey);
    if (productId !== undefined && sources.productReviews) {
      return keptProductPage(cacheKey, productId, sources.productReviews, visitor, log);
    }
    const products = sources.products();
    const reviews = isReviewsPage(cacheKey) ? await waitFor('reviews', sources.reviews, log) : undefined;
    // The delivery page states the owner's charges, read for each request: a change shows at once.
    const wantsDelivery = isDeliveryPage(cacheKey) && sources.delivery !== undefined;
    const delivery =
      wantsDelivery && sources.delivery ? await waitFor('delivery charges', sources.delivery, log) : undefined;
    // A reviews or delivery page rendered without its data (it was slow) is for this request only.
    if ((reviews === undefined && isReviewsPage(cacheKey)) || (delivery === undefined && wantsDelivery)) {
      return render(cacheKey, products, reviews, delivery, visitor, log);
    }

    if (products !== keptFor) {
      kept.clear();
      keptFor = products;
    }
    const version = reviews ? fingerprint(reviews) : delivery ? fingerprint(delivery) : '';
    const keptKey = visitor.cartKept ? `${cacheKey} cart kept` : cacheKey;
    const entry = kept.get(keptKey);
    if (entry?.version === version) return entry.answer;
    return keep(keptKey, version, render(cacheKey, products, reviews, delivery, visitor, log)).answer;
  }

  // Renders for one request alone (a search, an unknown address, one visitor's page) take turns, one at a time and a
  // few waiting: a flood of them cannot take the event loop from the catalog and the kept pages (decision 107).
  const oneOffRenders = createWorkQueue(1);
  let shed = 0;

  function renderForRequest(url: string, visitor: VisitorHints, log: FastifyBaseLogger) {
    if (oneOffRenders.waiting >= ONE_OFF_RENDERS_WAITING) {
      shed += 1;
      log.debug({ url }, 'too many pages rendering: sent the empty shell');
      return Promise.resolve(undefined);
    }
    return oneOffRenders.run(async () => {
      // renderToString holds the thread: let the answers waiting on I/O go first, between one render and the next.
      await new Promise((resolve) => setImmediate(resolve));
      return render(url, sources.products(), undefined, undefined, visitor, log);
    });
  }

  return {
    async page(url, log, { cacheKey, params = [], visitor = ANONYMOUS } = {}) {
      // request.url is whatever the client sent; only a plain path is rendered (never '//host/…').
      if (!url.startsWith('/') || url.startsWith('//')) return undefined;
      if (cacheKey === undefined) return renderForRequest(url, visitor, log);
      // The page at its own address, plus only the parameters it reads: no parsing on the busiest path.
      const pageUrl = url === cacheKey ? url : cacheKey + queryItReads(url, params);
      return pageUrl === cacheKey ? keptPage(cacheKey, visitor, log) : renderForRequest(pageUrl, visitor, log);
    },
    cacheStats() {
      let bytes = 0;
      for (const entry of kept.values()) bytes += entry.bytes;
      return { pages: kept.size, bytes, shed };
    },
  };
}
