/** For tests only: a valid UK shipping address in the wire shape. */
import type { ShippingAddress } from '#shared/schemas/shipping-address';

export function testShippingAddress(overrides: Partial<ShippingAddress> = {}): ShippingAddress {
  return {
    name: 'Ada Lovelace',
    phone: '7946095800',
    email: 'ada@example.com',
    address: '12 St James’s Square',
    landmark: '',
    city: 'London',
    postalCode: 'SW1Y 4JH',
    country: 'United Kingdom',
    ...overrides,
  };
}
