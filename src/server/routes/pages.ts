/**
 * The storefront's page URLs (`#shared/page-routes`) answered with the SPA: 200 for a page the shop has,
 * 404 for a product it does not have, so search engines and monitors see the truth. Other page URLs reach
 * the 404 handler (src/server/errors.ts), which answers the SPA with 404. Each page names its own address as the
 * key under which its rendering is kept for every visitor, and the query parameters it reads (lib/page-html.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { CART_KEPT_COOKIE } from '#shared/constants';
import { type PageRouteName, pageQueryParams, pageRoutes } from '#shared/page-routes';
import { ProductIdSchema } from '#shared/schemas/product';

// Set (to '1') while the browser may hold a cart; removed, or empty, otherwise (decision 074).
const CART_KEPT = new RegExp(`(?:^|;\\s*)${CART_KEPT_COOKIE}=1(?:;|$)`);

const pagesRoutes: FastifyPluginAsync = async (app) => {
  const { product, ...pagesThatAlwaysExist } = pageRoutes;
  // NOTE: GET (and its HEAD) only: other methods on these URLs stay the API's, e.g. the PUT that resets a password.
  // Pages are public to the API's cache rule (the reset page sits under /api/): sendPage makes them no-cache.
  // A GET has no body to decompress. Compression stays for pages rendered per request; kept pages bring their own.
  const options = { decompress: false, config: { cache: 'public' } } as const;
  for (const [name, url] of Object.entries(pagesThatAlwaysExist)) {
    // A page with a parameter in its address (the reset page's token) is one visitor's: never kept for others.
    const cacheKey = url.includes(':') ? undefined : url;
    // Any other query parameter (utm_source, gclid, …) is left out: the page is the one kept (decision 107).
    const params = pageQueryParams[name as PageRouteName];
    // The cart page is the one that shows what the browser keeps: it is told whether the browser keeps a cart.
    if (url === pageRoutes.cart) {
      app.get(url, options, (request, reply) =>
        reply.sendPage(200, { cacheKey, params, visitor: { cartKept: CART_KEPT.test(request.headers.cookie ?? '') } }),
      );
    } else {
      app.get(url, options, (_request, reply) => reply.sendPage(200, { cacheKey, params }));
    }
  }

  app.get<{ Params: { productId: string } }>(product, options, (request, reply) => {
    const id = ProductIdSchema.safeParse(request.params.productId);
    const known = id.success && app.catalog.productJson(id.data) !== undefined;
    return known
      ? reply.sendPage(200, { cacheKey: product.replace(':productId', encodeURIComponent(id.data)) })
      : reply.sendPage(404);
  });
};

export default pagesRoutes;
