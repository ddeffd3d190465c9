/** The shipping address's phone rule, which the /shipping form and the checkout endpoint both apply (docs/api.md, A UK shopper's rules). */
import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGE, ShippingAddressSchema } from '#shared/schemas/shipping-address';
import { shippingAddress } from '#tests/fixtures/shipping-address';

const parsePhone = (phone: unknown) => ShippingAddressSchema.safeParse({ ...shippingAddress(), phone });

describe('the shipping address’s phone', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['020 7946 0958', '+442079460958'],
    [' 020-7946-0958 ', '+442079460958'],
    ['+44 (0)20 7946 0958', '+442079460958'],
  ])('takes %j as people write it and keeps %s', (phone, stored) => {
    const result = parsePhone(phone);
    expect(result.success && result.data.phone).toBe(stored);
  });

  it.each(['770090012', '077009001234', '+1 415 555 0100', 'call me', '', 7700900123])(
    'refuses %j with the shop’s message',
    (phone) => {
      const result = parsePhone(phone);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([PHONE_MESSAGE]);
    },
  );
});
