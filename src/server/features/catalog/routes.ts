/** Catalog reads, answered from the in-memory catalog with ETags; public, so not under the API's no-store rule. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProductIdSchema, ProductParamsSchema } from '#shared/schemas/product';
import { HttpError } from '../../errors.ts';
import { sendPrepared } from '../../lib/prepared-answer.ts';

/** The spec's own words for an unknown product. */
const productNotFoundMessage = 'Product not found';

const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  // NOTE: compress is a route option, not config (as config it did nothing): the prepared answers carry their own
  // brotli and gzip forms, and a GET has no body to decompress, so neither of the plugin's hooks runs here.
  const prepared = { compress: false, decompress: false, config: { cache: 'public' } } as const;
  app.get('/', prepared, (request, reply) => sendPrepared(request, reply, app.catalog.listJson()));

  app.get('/:id', { ...prepared, schema: { params: ProductParamsSchema } }, (request, reply) => {
    const id = ProductIdSchema.safeParse(request.params.id);
    const prepared = id.success ? app.catalog.productJson(id.data) : undefined;
    if (!prepared) throw new HttpError(404, productNotFoundMessage);
    return sendPrepared(request, reply, prepared);
  });
};

export default productsRoutes;
