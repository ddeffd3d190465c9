/**
 * `app.addressBook`: the rules of a customer's address book (decision 112): at most `SAVED_ADDRESSES_MAX` each, an
 * address saved twice kept once, and another account's address unknown (404, never 403, so ids reveal nothing).
 */
import fp from 'fastify-plugin';
import { SAVED_ADDRESSES_MAX, savedAddressMessages } from '#shared/schemas/saved-address';
import type { ShippingAddress } from '#shared/schemas/shipping-address';
import { HttpError } from '../../errors.ts';
import { type AddressRepository, createAddressRepository, type SavedAddressRecord } from './address-repository.ts';

export interface AddressBook {
  list(customerId: string): Promise<SavedAddressRecord[]>;
  /** The address as kept, and whether this call kept it (false: it was there already); 409 past the bound. */
  add(customerId: string, address: ShippingAddress): Promise<{ saved: SavedAddressRecord; created: boolean }>;
  /** 404 unless the customer has that address. */
  remove(customerId: string, id: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    addressBook: AddressBook;
  }
}

export function createAddressBook(repository: AddressRepository): AddressBook {
  return {
    list: (customerId) => repository.list(customerId),
    async add(customerId, address) {
      const result = await repository.add(customerId, address, SAVED_ADDRESSES_MAX);
      if ('full' in result) throw new HttpError(409, savedAddressMessages.full);
      return { saved: result.saved, created: result.added };
    },
    async remove(customerId, id) {
      if (!(await repository.remove(customerId, id))) throw new HttpError(404, savedAddressMessages.notFound);
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('addressRepository', createAddressRepository(app.db));
    app.decorate('addressBook', createAddressBook(app.addressRepository));
  },
  { name: 'address-book', dependencies: ['database'] },
);
