/**
 * The owner's catalog routes (docs/api.md, The owner's API), registered by the admin scope (features/admin), which
 * admits only admins: every product with its stock, create, replace, hide and show, and a picture for the product
 * form. Each parses, calls `app.catalogAdmin` and answers.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminProductListSchema,
  AdminProductSchema,
  HideProductBodySchema,
  PRODUCT_IMAGE_FIELD,
  PRODUCT_IMAGE_MAX_BYTES,
  ProductIdParamsSchema,
  ProductInputSchema,
  productImageMessages,
  UploadedProductImageSchema,
} from '#shared/schemas/admin-product';
import { ApiErrorSchema } from '#shared/schemas/error';
import { HttpError } from '../../errors.ts';
import { documentedOnly } from '../../lib/documented-only.ts';

const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { '4xx': ApiErrorSchema };

  app.get('/products', { schema: { response: { 200: AdminProductListSchema, ...errors } } }, () =>
    app.catalogAdmin.list(),
  );

  app.post(
    '/products',
    { schema: { body: ProductInputSchema, response: { 201: AdminProductSchema, ...errors } } },
    // The scope's guard made sure an admin is logged in.
    async (request, reply) => reply.code(201).send(await app.catalogAdmin.create(request.body, request.customer!)),
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
    (request) => app.catalogAdmin.replace(request.params.id, request.body, request.customer!),
  );

  // DELETE hides (orders keep the product's lines); PATCH { hidden } hides or shows it again.
  app.delete(
    '/products/:id',
    { schema: { params: ProductIdParamsSchema, response: { 200: AdminProductSchema, ...errors } } },
    (request) => app.catalogAdmin.setHidden(request.params.id, true, request.customer!),
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
    (request) => app.catalogAdmin.setHidden(request.params.id, request.body.hidden, request.customer!),
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
        return reply.code(201).send(await app.catalogAdmin.saveImage(bytes, request.log));
      },
    );
  });
};

export default catalogAdminRoutes;
