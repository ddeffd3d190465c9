/**
 * A customer's address book (docs/api.md, Addresses; decision 112): the UK addresses kept on their account for the
 * next checkout. One is posted as the shipping address is, and answered as kept with its `_id`.
 */
import { z } from 'zod';
import { StoredShippingAddressSchema } from './shipping-address.ts';

/** How many addresses one account may keep: more than any household needs, few enough to list on /shipping. */
export const SAVED_ADDRESSES_MAX = 20;

export const savedAddressMessages = {
  notFound: 'Address not found.',
  full: `You can keep at most ${SAVED_ADDRESSES_MAX} addresses. Please delete one before saving another.`,
} as const;

export const SavedAddressSchema = StoredShippingAddressSchema.extend({ _id: z.string() });
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

/** Oldest first, so a list the customer knows keeps its order. */
export const SavedAddressListSchema = z.array(SavedAddressSchema);

export const SavedAddressParamsSchema = z.object({
  id: z.string().min(1, { error: savedAddressMessages.notFound }).max(64, { error: savedAddressMessages.notFound }),
});
