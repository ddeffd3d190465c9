/**
 * The storefront's page URLs (`#shared/page-routes`) answered with the SPA: 200 for a page the shop has,
 * 404 for a product it does not have, so search engines and monitors see the truth. Other page URLs reach
 * the 404 handler (src/server/errors.ts), which answers the SPA with 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import { pageRoutes } from '#shared/page-routes';
import { ProductIdSchema } from '#shared/schemas/product';

const pagesRoutes: FastifyPluginAsync = async (app) => {
  const { product, ...pagesThatAlwaysExist } = pageRoutes;
  // NOTE: GET (and its HEAD) only: other methods on these URLs stay the API's, e.g. the PUT that resets a password.
  // Pages are public to the API's cache rule (the reset page sits under /api/): sendPage makes them no-cache.
  for (const url of Object.values(pagesThatAlwaysExist)) {
    app.get(url, { config: { cache: 'public' } }, (_request, reply) => reply.sendPage(200));
  }

  app.get<{ Params: { productId: string } }>(product, { config: { cache: 'public' } }, (request, reply) => {
    const id = ProductIdSchema.safeParse(request.params.productId);
    const known = id.success && app.catalog.productJson(id.data) !== undefined;
    return reply.sendPage(known ? 200 : 404);
  });
};

export default pagesRoutes;
