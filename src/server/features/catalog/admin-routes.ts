/**
 * The owner's catalog (contract §7 and §8), registered by the admin scope (features/admin), which admits only admins:
 * every product with its stock, create, replace, hide and show. Each change is audited in its own transaction and
 * reaches `GET /api/products` and every page, in every process, as soon as it commits (`app.catalog.changed()`).
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AdminProduct,
  AdminProductListSchema,
  AdminProductSchema,
  HideProductBodySchema,
  PRODUCT_IMAGE_FIELD,
  PRODUCT_IMAGE_MAX_BYTES,
  ProductIdParamsSchema,
  ProductInputSchema,
  productImageMessages,
  stockMovedMessage,
  UploadedProductImageSchema,
} from '#shared/schemas/admin-product';
import { ApiErrorSchema } from '#shared/schemas/error';
import { HttpError } from '../../errors.ts';
import { documentedOnly } from '../../lib/documented-only.ts';
import { toWireProduct } from './catalog.ts';
import type { ProductRecord } from './product-repository.ts';

const notFound = 'Product not found.';

/** Packs held by unpaid checkouts, by `productId label`. */
type Reservations = ReadonlyMap<string, number>;

export function toAdminProduct(record: ProductRecord, reservations: Reservations = new Map()): AdminProduct {
  const wire = toWireProduct(record);
  return {
    ...wire,
    hidden: record.hiddenAt !== null,
    weights: record.weights.map((weight, index) => ({
      ...wire.weights[index]!,
      stock: weight.stock,
      reserved: reservations.get(`${record.id} ${weight.label}`) ?? 0,
    })),
  };
}

/** What the audit keeps of a product: every field the owner edits, prices in pounds as the owner typed them. */
const audited = (record: ProductRecord) => {
  const { _id, price, weights, ...fields } = toAdminProduct(record);
  return { ...fields, weights: weights.map(({ inStock, reserved, ...weight }) => weight) };
};

const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { '4xx': ApiErrorSchema };
  const actorOf = (request: FastifyRequest) => {
    const { id, email } = request.customer!;
    return { id, email };
  };

  const reservationsNow = async (): Promise<Reservations> =>
    new Map((await app.orderRepository.reservedStock()).map((each) => [`${each.productId} ${each.label}`, each.qty]));

  app.get('/products', { schema: { response: { 200: AdminProductListSchema, ...errors } } }, async () => {
    const [records, reservations] = await Promise.all([app.productRepository.listAll(), reservationsNow()]);
    return { items: records.map((record) => toAdminProduct(record, reservations)), total: records.length };
  });

  app.post(
    '/products',
    { schema: { body: ProductInputSchema, response: { 201: AdminProductSchema, ...errors } } },
    async (request, reply) => {
      const created = await app.db.transaction(async (tx) => {
        const record = await app.productRepository.create(request.body, tx);
        await app.audit.record(tx, {
          actor: actorOf(request),
          action: 'product.created',
          target: `product:${record.id}`,
          before: null,
          after: audited(record),
        });
        return record;
      });
      await app.catalog.changed();
      return reply.code(201).send(toAdminProduct(created, await reservationsNow()));
    },
  );

  app.put(
    '/products/:id',
    {
      schema: {
        params: ProductIdParamsSchema,
        body: ProductInputSchema,
        response: { 200: AdminProductSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const replaced = await app.db.transaction(async (tx) => {
        const before = await app.productRepository.findForUpdate(id, tx);
        if (!before) throw new HttpError(404, notFound);
        const replaced = await app.productRepository.replace(id, request.body, tx);
        if ('stockMoved' in replaced) {
          const { label, now } = replaced.stockMoved;
          throw new HttpError(409, stockMovedMessage(label, now), {
            field: `weights.${request.body.weights.findIndex((weight) => weight.label === label)}.stock`,
          });
        }
        const after = replaced.product;
        await app.audit.record(tx, {
          actor: actorOf(request),
          action: 'product.updated',
          target: `product:${id}`,
          before: audited(before),
          after: audited(after),
        });
        return after;
      });
      await app.catalog.changed();
      return toAdminProduct(replaced, await reservationsNow());
    },
  );

  async function setHidden(request: FastifyRequest<{ Params: { id: string } }>, hidden: boolean) {
    const { id } = request.params;
    const changed = await app.db.transaction(async (tx) => {
      const before = await app.productRepository.findForUpdate(id, tx);
      if (!before) throw new HttpError(404, notFound);
      const after = await app.productRepository.setHidden(id, hidden, tx);
      await app.audit.record(tx, {
        actor: actorOf(request),
        action: hidden ? 'product.hidden' : 'product.shown',
        target: `product:${id}`,
        before: { hidden: before.hiddenAt !== null },
        after: { hidden: after.hiddenAt !== null },
      });
      return after;
    });
    await app.catalog.changed();
    return toAdminProduct(changed, await reservationsNow());
  }

  // Contract §7: DELETE hides (orders keep the product's lines); PATCH { hidden } hides or shows it again.
  app.delete(
    '/products/:id',
    { schema: { params: ProductIdParamsSchema, response: { 200: AdminProductSchema, ...errors } } },
    (request) => setHidden(request, true),
  );

  app.patch(
    '/products/:id',
    {
      schema: {
        params: ProductIdParamsSchema,
        body: HideProductBodySchema,
        response: { 200: AdminProductSchema, ...errors },
      },
    },
    (request) => setHidden(request, request.body.hidden),
  );

  // A picture for a product: its own scope, the one place in the owner's API that takes a file.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { files: 1, fileSize: PRODUCT_IMAGE_MAX_BYTES, fields: 0, parts: 1, headerPairs: 20 },
    });
    upload.post(
      '/products/images',
      {
        schema: {
          consumes: ['multipart/form-data'],
          body: documentedOnly({
            description: `One picture (JPEG, PNG or WebP, at most 5 MB) in the \`${PRODUCT_IMAGE_FIELD}\` part.`,
            shape: {
              type: 'object',
              properties: { [PRODUCT_IMAGE_FIELD]: { type: 'string', contentMediaType: 'application/octet-stream' } },
              required: [PRODUCT_IMAGE_FIELD],
            },
          }),
          response: { 201: UploadedProductImageSchema, ...errors },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new HttpError(415, productImageMessages.missing);
        let bytes: Buffer | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue;
            // Read whole even when refused, so the size limit still applies and the stream is drained.
            const data = await part.toBuffer();
            if (part.fieldname === PRODUCT_IMAGE_FIELD && data.length > 0) bytes = data;
          }
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, productImageMessages.tooLarge);
          throw new HttpError(400, productImageMessages.missing);
        }
        if (!bytes) throw new HttpError(400, productImageMessages.missing, { field: PRODUCT_IMAGE_FIELD });
        const saved = await app.productImages.save(bytes);
        if (saved.status === 'unsupported')
          throw new HttpError(415, productImageMessages.unsupported, { field: PRODUCT_IMAGE_FIELD });
        if (saved.status === 'too-many-pixels')
          throw new HttpError(413, productImageMessages.tooManyPixels, { field: PRODUCT_IMAGE_FIELD });
        if (saved.status === 'not-stored') {
          request.log.error(
            { err: saved.error },
            'product picture not stored: the uploads folder is full or read-only',
          );
          throw new HttpError(413, productImageMessages.notStored, { field: PRODUCT_IMAGE_FIELD });
        }
        return reply.code(201).send({ image: saved.url });
      },
    );
  });
};

export default catalogAdminRoutes;
