/**
 * The saved shipping address's storage key, and forgetting it at logout (docs/api.md, A UK shopper's rules), in a module of its own: the
 * entry wires it on every page, and the rest of the address's code belongs to the lazy /shipping screen.
 */
import { browserStorage, removeItem } from '#web/lib/storage.ts';

export const SHIPPING_ADDRESS_KEY = 'shippingAddress';

/** Forgets the stored address, so the next person on the device starts with an empty form. */
export function forgetShippingAddress(): void {
  removeItem(browserStorage(), SHIPPING_ADDRESS_KEY);
}
