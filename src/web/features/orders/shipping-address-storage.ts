/**
 * The shipping address kept in local storage under 'shippingAddress', so the next checkout starts filled
 * in. Read from an effect, never while rendering; a stored value is only a suggestion the form validates again.
 */
import { DELIVERY_COUNTRY, type ShippingAddress, type ShippingAddressInput } from '#shared/schemas/shipping-address';
import { formatUkPhone } from '#shared/uk-phone';
import { browserStorage, readItem, writeItem } from '#web/lib/storage.ts';
import { SHIPPING_ADDRESS_KEY } from './forget-shipping-address.ts';

export { SHIPPING_ADDRESS_KEY };

const FIELDS = ['name', 'phone', 'email', 'address', 'landmark', 'city', 'postalCode', 'country'] as const;

export type ShippingAddressDraft = Required<ShippingAddressInput>;

export const EMPTY_SHIPPING_ADDRESS: ShippingAddressDraft = {
  name: '',
  phone: '',
  email: '',
  address: '',
  landmark: '',
  city: '',
  postalCode: '',
  country: '',
};

/** The text fields of a stored address; anything else (another shape, not JSON) is ignored. */
export function parseStoredShippingAddress(json: string | null): Partial<ShippingAddressDraft> {
  if (json === null) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const record = value as Record<string, unknown>;
  const address: Partial<ShippingAddressDraft> = {};
  for (const field of FIELDS) {
    const text = record[field];
    if (typeof text === 'string') address[field] = text;
  }
  return address;
}

/**
 * What the form starts with: the stored address (its phone, kept as +44…, written as a UK reader writes it), the
 * logged-in customer's name and e-mail where it has none, and the United Kingdom as the country (the shop
 * delivers in the UK only).
 */
export function shippingAddressDefaults(
  stored: Partial<ShippingAddressDraft>,
  customer: { name: string; email: string } | undefined,
): ShippingAddressDraft {
  const draft = { ...EMPTY_SHIPPING_ADDRESS, ...stored };
  draft.phone = formatUkPhone(draft.phone);
  if (!draft.name.trim() && customer) draft.name = customer.name;
  if (!draft.email.trim() && customer) draft.email = customer.email;
  // The one country the shop delivers to, whatever an older checkout kept (decision 112).
  draft.country = DELIVERY_COUNTRY;
  return draft;
}

export function readStoredShippingAddress(): Partial<ShippingAddressDraft> {
  return parseStoredShippingAddress(readItem(browserStorage(), SHIPPING_ADDRESS_KEY));
}

export function storeShippingAddress(address: ShippingAddress): void {
  writeItem(browserStorage(), SHIPPING_ADDRESS_KEY, JSON.stringify(address));
}
