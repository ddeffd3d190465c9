/**
 * A customer's address book (docs/api.md, Addresses): list, add and delete the UK addresses kept on their account.
 * Each needs a live session; an address is posted as the checkout's shipping address is, UK only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '#shared/schemas/error';
import { SavedAddressListSchema, SavedAddressParamsSchema, SavedAddressSchema } from '#shared/schemas/saved-address';
import { ShippingAddressSchema } from '#shared/schemas/shipping-address';
import { MessageSchema } from '#shared/schemas/user';
import type { SavedAddressRecord } from './address-repository.ts';

const WINDOW_MS = 15 * 60_000;
/** Per 15 minutes before RATE_LIMIT_FACTOR: a customer tidying their book does a handful; a script is stopped. */
export const addressLimits = { perAddress: 60, perAccount: 30 };

const toWire = ({ id, address }: SavedAddressRecord) => ({ _id: id, ...address });

const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { addressBook } = app;
  app.removeContentTypeParser('text/plain');
  // requireCustomer (onRequest) has answered 401 unless a customer is set.
  app.addHook('onRequest', app.requireCustomer);

  const limitChanges = app.attemptLimit({
    name: 'addresses',
    perAddress: { max: addressLimits.perAddress, windowMs: WINDOW_MS },
    perAccount: { max: addressLimits.perAccount, windowMs: WINDOW_MS, key: (request) => request.customer?.id },
  });

  app.get(
    '/addresses',
    { schema: { response: { 200: SavedAddressListSchema, '4xx': ApiErrorSchema } } },
    async (request) => (await addressBook.list(request.customer!.id)).map(toWire),
  );

  // 201 when the call kept it, 200 when the account held that address already.
  app.post(
    '/addresses',
    {
      schema: {
        body: ShippingAddressSchema,
        response: { 200: SavedAddressSchema, 201: SavedAddressSchema, '4xx': ApiErrorSchema },
      },
      preHandler: limitChanges,
    },
    async (request, reply) => {
      const { saved, created } = await addressBook.add(request.customer!.id, request.body);
      return reply.code(created ? 201 : 200).send(toWire(saved));
    },
  );

  app.delete(
    '/addresses/:id',
    {
      schema: { params: SavedAddressParamsSchema, response: { 200: MessageSchema, '4xx': ApiErrorSchema } },
      preHandler: limitChanges,
    },
    async (request) => {
      await addressBook.remove(request.customer!.id, request.params.id);
      return { message: 'Address deleted.' };
    },
  );
};

export default addressRoutes;
