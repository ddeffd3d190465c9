/**
 * `app.addressRepository`: a customer's address book (decision 112). Adding takes the account's row lock first, so two
 * saves at once cannot both slip under the bound; identical addresses are kept once.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ShippingAddress } from '#shared/schemas/shipping-address';
import type { Database } from '../../db/database.ts';
import { customerAddresses, users } from '../../db/schema.ts';

export interface SavedAddressRecord {
  id: string;
  address: ShippingAddress;
}

export type AddAddressResult =
  | { added: true; saved: SavedAddressRecord }
  | { added: false; saved: SavedAddressRecord }
  | { full: true };

export interface AddressRepository {
  /** The account's addresses, oldest first. */
  list(userId: string): Promise<SavedAddressRecord[]>;
  /** Keeps the address unless an identical one is kept already (that one is answered), or `max` are kept. */
  add(userId: string, address: ShippingAddress, max: number): Promise<AddAddressResult>;
  /** Whether the account had that address (and no longer has it). */
  remove(userId: string, id: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    addressRepository: AddressRepository;
  }
}

const toRecord = (row: { id: string; address: ShippingAddress }): SavedAddressRecord => ({
  id: row.id,
  address: row.address,
});

/** The same address whatever order its keys were written in. */
const sameAddress = (a: ShippingAddress, b: ShippingAddress) =>
  (Object.keys(a) as (keyof ShippingAddress)[]).every((key) => a[key] === b[key]) &&
  Object.keys(a).length === Object.keys(b).length;

export function createAddressRepository(db: Database): AddressRepository {
  const listIn = (executor: Database, userId: string) =>
    executor
      .select({ id: customerAddresses.id, address: customerAddresses.address })
      .from(customerAddresses)
      .where(eq(customerAddresses.userId, userId))
      .orderBy(asc(customerAddresses.createdAt), asc(customerAddresses.id));

  return {
    list: async (userId) => (await listIn(db, userId)).map(toRecord),

    add: (userId, address, max) =>
      db.transaction(async (tx) => {
        // NOTE: serialises one account's saves, so the count below is still true when the row goes in.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const kept = await listIn(tx, userId);
        const same = kept.find((row) => sameAddress(row.address, address));
        if (same) return { added: false as const, saved: toRecord(same) };
        if (kept.length >= max) return { full: true as const };
        const [row] = await tx
          .insert(customerAddresses)
          .values({ userId, address, createdAt: sql`clock_timestamp()` })
          .returning({ id: customerAddresses.id, address: customerAddresses.address });
        if (!row) throw new Error('address not kept');
        return { added: true as const, saved: toRecord(row) };
      }),

    async remove(userId, id) {
      const deleted = await db
        .delete(customerAddresses)
        .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)))
        .returning({ id: customerAddresses.id });
      return deleted.length > 0;
    },
  };
}
