/**
 * The logged-in customer's cart (decision 034). Every route admits only a customer, works on that customer's
 * own lines, and answers them all, priced from the catalog; a price a browser sends is never read.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddToCartBodySchema,
  CartLinesSchema,
  CartProductParamsSchema,
  ChangeWeightBodySchema,
  MergeCartBodySchema,
  RemoveFromCartBodySchema,
} from '#shared/schemas/cart';
import { ApiErrorSchema, type ApiError } from '#shared/schemas/error';
import type { CartChange } from '../../../plugins/app/cart-repository.ts';

export const cartMessages = {
  // The spec's own words for an unknown product.
  productNotFound: 'Product not found',
  notInCart: 'That product is not in your cart.',
  weightNotSold: (productName: string, label: string, labels: string[]) =>
    `${productName} does not come in ${label || 'that weight'}. Please choose ${labels.join(', ')}.`,
};

const response = { 200: CartLinesSchema, '4xx': ApiErrorSchema };

const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  // JSON only: plain text and form posts answer 415 rather than failing validation.
  app.removeContentTypeParser('text/plain');
  // Every route in this folder, so none can forget it; before the body is read, so a stranger gets 401, not 400.
  app.addHook('onRequest', app.requireCustomer);

  const carts = app.cartRepository;
  // requireCustomer has answered 401 unless a customer is set.
  const customerId = (request: { customer: { id: string } | null }) => request.customer!.id;

  function answer(reply: FastifyReply, change: CartChange) {
    switch (change.status) {
      case 'changed':
        return reply.send(change.lines);
      case 'unknown-product':
        return reply.code(404).send({ message: cartMessages.productNotFound } satisfies ApiError);
      case 'not-in-cart':
        return reply.code(404).send({ message: cartMessages.notInCart } satisfies ApiError);
      case 'unknown-weight': {
        const labels = change.product.weights.map((weight) => weight.label);
        const message = cartMessages.weightNotSold(change.product.name, change.selectedWeight, labels);
        return reply.code(400).send({ message, errors: [{ field: 'selectedWeight', message }] } satisfies ApiError);
      }
    }
  }

  app.get('/', { schema: { response } }, (request) => carts.list(customerId(request)));

  app.post('/add', { schema: { body: AddToCartBodySchema, response } }, async (request, reply) => {
    const { _id, qty, selectedWeight } = request.body;
    return answer(reply, await carts.add(customerId(request), { productId: _id, qty, selectedWeight }));
  });

  // NOTE: a DELETE with a JSON body, as the spec's browser sends it; Fastify parses it like any other.
  app.delete(
    '/remove/:id',
    { schema: { params: CartProductParamsSchema, body: RemoveFromCartBodySchema, response } },
    async (request, reply) =>
      answer(reply, await carts.remove(customerId(request), request.params.id, request.body.qtyToRemove)),
  );

  app.delete('/clear', { schema: { response } }, (request) => carts.clear(customerId(request)));

  app.patch(
    '/:id',
    { schema: { params: CartProductParamsSchema, body: ChangeWeightBodySchema, response } },
    async (request, reply) =>
      answer(reply, await carts.changeWeight(customerId(request), request.params.id, request.body.selectedWeight)),
  );

  app.post('/merge', { schema: { body: MergeCartBodySchema, response } }, async (request) => {
    const { lines, skipped } = await carts.merge(customerId(request), request.body.items);
    if (skipped > 0) request.log.info({ skipped }, 'guest cart lines the catalog no longer sells were left out');
    return lines;
  });
};

export default cartRoutes;
