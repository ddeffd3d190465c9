/**
 * The logged-in customer's cart (decision 034). Every route admits only a customer, works on that customer's
 * own lines, and answers them all, priced from the catalog; a price a browser sends is never read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddToCartBodySchema,
  CartLinesSchema,
  CartProductParamsSchema,
  ChangeWeightBodySchema,
  MergeCartBodySchema,
  RemoveFromCartBodySchema,
} from '#shared/schemas/cart';
import { ApiErrorSchema } from '#shared/schemas/error';

const response = { 200: CartLinesSchema, '4xx': ApiErrorSchema };

const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  // JSON only: plain text and form posts answer 415 rather than failing validation.
  app.removeContentTypeParser('text/plain');
  // Every route in this folder, so none can forget it; before the body is read, so a stranger gets 401, not 400.
  app.addHook('onRequest', app.requireCustomer);

  // requireCustomer has answered 401 unless a customer is set.
  const customerId = (request: { customer: { id: string } | null }) => request.customer!.id;

  app.get('/', { schema: { response } }, (request) => app.cart.list(customerId(request)));

  app.post('/add', { schema: { body: AddToCartBodySchema, response } }, (request) => {
    const { _id, qty, selectedWeight } = request.body;
    return app.cart.add(customerId(request), { productId: _id, qty, selectedWeight });
  });

  // NOTE: a DELETE with a JSON body, as the spec's browser sends it; Fastify parses it like any other.
  app.delete(
    '/remove/:id',
    { schema: { params: CartProductParamsSchema, body: RemoveFromCartBodySchema, response } },
    (request) => app.cart.remove(customerId(request), request.params.id, request.body.qtyToRemove),
  );

  app.delete('/clear', { schema: { response } }, (request) => app.cart.clear(customerId(request)));

  app.patch(
    '/:id',
    { schema: { params: CartProductParamsSchema, body: ChangeWeightBodySchema, response } },
    (request) => app.cart.changeWeight(customerId(request), request.params.id, request.body.selectedWeight),
  );

  app.post('/merge', { schema: { body: MergeCartBodySchema, response } }, (request) =>
    app.cart.merge(customerId(request), request.body.items, request.log),
  );
};

export default cartRoutes;
