/**
 * `/sitemap.xml` and the `robots.txt` that names it (docs/api.md, Pages and caching; decision 056), both from `#shared/page-routes` and
 * the in-memory catalog, with absolute addresses from PUBLIC_URL. Each is prepared once (the sitemap again whenever
 * the catalog changes) and sent with an ETag, precompressed, `no-cache` like the pages.
 */
import type { FastifyPluginAsync } from 'fastify';
import { type PageRouteName, pageRoutes } from '#shared/page-routes';
import type { Product } from '#shared/schemas/product';
import { escapeHtml } from '../lib/html.ts';
import { prepareAnswer, type PreparedAnswer, sendPrepared } from '../lib/prepared-answer.ts';

/**
 * What search engines are told about each page. 'listed': in the sitemap (the product page once per product in the
 * catalog). 'unlisted': neither listed nor disallowed: the cart, whose server-rendered page is the same empty cart for
 * everyone, so a crawler may read it (decision 059). 'disallowed': kept out of their crawl by robots.txt: a visitor's
 * own screens (checkout, account) and search results, whose endless queries only repeat the lists. A Record, so a new
 * page cannot go unclassified.
 */
export const pageIndexing = {
  home: 'listed',
  products: 'listed',
  product: 'listed',
  bestsellers: 'listed',
  newLaunches: 'listed',
  reviews: 'listed',
  about: 'listed',
  contact: 'listed',
  privacy: 'listed',
  terms: 'listed',
  delivery: 'listed',
  returns: 'listed',
  faq: 'listed',
  search: 'disallowed',
  cart: 'unlisted',
  login: 'disallowed',
  signup: 'disallowed',
  forgotPassword: 'disallowed',
  resetPassword: 'disallowed',
  shipping: 'disallowed',
  success: 'disallowed',
  cancel: 'disallowed',
  orderConfirmation: 'disallowed',
  myOrders: 'disallowed',
  myOrder: 'disallowed',
  account: 'disallowed',
  admin: 'disallowed',
  adminReviews: 'disallowed',
  adminMessages: 'disallowed',
  adminAudit: 'disallowed',
  adminPacking: 'disallowed',
  adminStaff: 'disallowed',
  adminReports: 'disallowed',
  staffAccept: 'disallowed',
  adminDelivery: 'disallowed',
  adminPromotions: 'disallowed',
  adminBatches: 'disallowed',
  adminProducts: 'disallowed',
  adminNewProduct: 'disallowed',
  adminProduct: 'disallowed',
} as const satisfies Record<PageRouteName, 'listed' | 'unlisted' | 'disallowed'>;

const API_PREFIX = '/api/';
const pageNames = Object.keys(pageIndexing) as PageRouteName[];

/** The sitemap protocol's XML: one <url> per page worth a search result, addresses as the pages' canonical links. */
export function sitemapXml(origin: string, products: readonly Product[]): string {
  const paths = pageNames
    .filter((name) => pageIndexing[name] === 'listed')
    .flatMap((name) =>
      name === 'product'
        ? products.map((product) => pageRoutes.product.replace(':productId', encodeURIComponent(product._id)))
        : [pageRoutes[name]],
    );
  const urls = paths.map((path) => `<url><loc>${escapeHtml(`${origin}${path}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled but the API and the disallowed pages; the sitemap named in full. */
export function robotsTxt(origin: string): string {
  // A pattern's parameter (`:token`) is any value, so the rule is its fixed part; the API's pages are already covered.
  const disallowed = pageNames
    .filter((name) => pageIndexing[name] === 'disallowed')
    .map((name) => pageRoutes[name].split(':')[0]!)
    .filter((prefix) => !prefix.startsWith(API_PREFIX));
  const rules = [API_PREFIX, ...disallowed].map((prefix) => `Disallow: ${prefix}`);
  return ['User-agent: *', ...rules, '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

const sitemapRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const robots = prepareAnswer(robotsTxt(publicUrl), 'text/plain; charset=utf-8');
  // The catalog hands out a new products array whenever it reloads: that identity is the catalog's version.
  let sitemap: { products: readonly Product[]; answer: PreparedAnswer } | undefined;
  const currentSitemap = (): PreparedAnswer => {
    const products = app.catalog.products();
    if (sitemap?.products !== products) {
      sitemap = { products, answer: prepareAnswer(sitemapXml(publicUrl, products), 'application/xml; charset=utf-8') };
    }
    return sitemap.answer;
  };

  // Prepared answers carry their own brotli and gzip forms, and a GET has nothing to decompress.
  const options = { compress: false, decompress: false, config: { cache: 'public' } } as const;
  app.get('/sitemap.xml', options, (request, reply) => sendPrepared(request, reply, currentSitemap()));
  app.get('/robots.txt', options, (request, reply) => sendPrepared(request, reply, robots));
};

export default sitemapRoutes;
