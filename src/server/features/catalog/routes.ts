/** Catalog reads, answered from the in-memory catalog with ETags; public, so not under the API's no-store rule. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProductIdSchema, ProductParamsSchema } from '#shared/schemas/product';
import { HttpError } from '../../errors.ts';
import { sendPrepared } from '../../lib/prepared-answer.ts';

/** The spec's own words for an unknown product. */
const productNotFoundMessage = 'Product not found';

const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  // compress: false because the prepared answers carry their own brotli and gzip forms.
  app.get('/', { config: { compress: false, cache: 'public' } }, (request, reply) =>
    sendPrepared(request, reply, app.catalog.listJson()),
  );

  app.get(
    '/:id',
    { config: { compress: false, cache: 'public' }, schema: { params: ProductParamsSchema } },
    (request, reply) => {
      const id = ProductIdSchema.safeParse(request.params.id);
      const prepared = id.success ? app.catalog.productJson(id.data) : undefined;
      if (!prepared) throw new HttpError(404, productNotFoundMessage);
      return sendPrepared(request, reply, prepared);
    },
  );
};

export default productsRoutes;
