/**
 * `POST /api/cart/quote` (docs/api.md, Delivery and promotions): the server's price of a cart, for a guest or a
 * customer. Registered under the cart's prefix, apart from the cart's routes, which admit only customers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '#shared/schemas/error';
import { QuoteBodySchema, QuoteSchema } from '#shared/schemas/quote';
import { quoteFromWire, toWireQuote } from './wire.ts';

const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('text/plain');
  app.post(
    '/quote',
    {
      schema: { body: QuoteBodySchema, response: { 200: QuoteSchema, '4xx': ApiErrorSchema } },
      // A customer's once-per-customer codes are counted by their address; a guest's only at checkout.
      onRequest: app.identifyCustomer,
    },
    async (request) =>
      toWireQuote(await app.quotes.quote({ ...quoteFromWire(request.body), email: request.customer?.email })),
  );
};

export default quoteRoutes;
