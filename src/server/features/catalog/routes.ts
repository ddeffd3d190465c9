/** Catalog reads, answered from the in-memory catalog with ETags; public, so not under the API's no-store rule. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { browseCatalog } from '#shared/catalog-search';
import {
  ProductBrowseQuerySchema,
  ProductIdSchema,
  ProductIdsQuerySchema,
  ProductPageSchema,
  ProductListSchema,
  ProductParamsSchema,
  ProductSchema,
} from '#shared/schemas/product';
import { ApiErrorSchema } from '#shared/schemas/error';
import { HttpError } from '../../errors.ts';
import { documentedOnly } from '../../lib/documented-only.ts';
import { sendPrepared } from '../../lib/prepared-answer.ts';

/** The spec's own words for an unknown product. */
const productNotFoundMessage = 'Product not found';

const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  // NOTE: compress is a route option, not config (as config it did nothing): the prepared answers carry their own
  // brotli and gzip forms, and a GET has no body to decompress, so neither of the plugin's hooks runs here.
  const prepared = { compress: false, decompress: false, config: { cache: 'public' } } as const;
  app.get(
    '/',
    {
      ...prepared,
      schema: {
        querystring: ProductIdsQuerySchema,
        response: {
          200: documentedOnly({
            description: 'Every product on sale, or those `ids` names, in the shop’s order.',
            shape: ProductListSchema,
          }),
          '4xx': ApiErrorSchema,
        },
      },
    },
    (request, reply) => {
      const { ids } = request.query;
      if (ids === undefined) return sendPrepared(request, reply, app.catalog.listJson());
      // A guest cart's few products, in the shop's order; ids the shop does not sell are left out.
      const wanted = new Set(ids);
      return app.catalog.products().filter((product) => wanted.has(product._id));
    },
  );

  app.get(
    '/browse',
    // Made per request, so compressed per request (the compress plugin), unlike the prepared answers.
    {
      decompress: false,
      config: { cache: 'public' },
      schema: { querystring: ProductBrowseQuerySchema, response: { 200: ProductPageSchema, '4xx': ApiErrorSchema } },
    },
    (request) => browseCatalog(app.catalog.products(), request.query),
  );

  app.get(
    '/:id',
    {
      ...prepared,
      schema: {
        params: ProductParamsSchema,
        response: { 200: documentedOnly({ description: 'The product.', shape: ProductSchema }), '4xx': ApiErrorSchema },
      },
    },
    (request, reply) => {
      const id = ProductIdSchema.safeParse(request.params.id);
      const prepared = id.success ? app.catalog.productJson(id.data) : undefined;
      if (!prepared) throw new HttpError(404, productNotFoundMessage);
      return sendPrepared(request, reply, prepared);
    },
  );
};

export default productsRoutes;
