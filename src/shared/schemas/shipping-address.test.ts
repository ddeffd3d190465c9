/** The shipping address's phone and postcode rules, which the /shipping form and the checkout endpoint both apply (docs/api.md, A UK shopper's rules; decision 095). */
import { describe, expect, it } from 'vitest';
import {
  COUNTRY_MESSAGE,
  PHONE_MESSAGE,
  POSTCODE_MESSAGE,
  ShippingAddressSchema,
  StoredShippingAddressSchema,
} from '#shared/schemas/shipping-address';
import { shippingAddress } from '#tests/fixtures/shipping-address';

const parsePhone = (phone: unknown) => ShippingAddressSchema.safeParse({ ...shippingAddress(), phone });
const parsePostcode = (postalCode: unknown) => ShippingAddressSchema.safeParse({ ...shippingAddress(), postalCode });
const messages = (result: ReturnType<typeof parsePostcode>) => result.error?.issues.map((issue) => issue.message);

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

describe('the shipping address’s postcode', () => {
  it.each([
    ['sw1a1aa', 'SW1A 1AA'],
    [' SW1A  1AA ', 'SW1A 1AA'],
    ['SW1A 1AA', 'SW1A 1AA'],
    ['ec1a 1bb', 'EC1A 1BB'],
    ['W1A 0AX', 'W1A 0AX'],
    ['M1 1AE', 'M1 1AE'],
    ['B33 8TH', 'B33 8TH'],
    ['CR2 6XH', 'CR2 6XH'],
    ['DN55 1PT', 'DN55 1PT'],
    ['BT1 1AA', 'BT1 1AA'],
    ['HS1 2AB', 'HS1 2AB'],
    ['ZE1 0AA', 'ZE1 0AA'],
  ])('takes %j in any case and spacing and keeps %s', (postalCode, stored) => {
    const result = parsePostcode(postalCode);
    expect(result.success && result.data.postalCode).toBe(stored);
  });

  it.each(['12345', 'SW1A', 'ABC DEF', 'SW1A 1AA 1AA', '1AA SW1A'])(
    'refuses %j with the postcode message alone',
    (postalCode) => {
      expect(messages(parsePostcode(postalCode))).toEqual([POSTCODE_MESSAGE]);
    },
  );

  it.each([
    ['', 'Please enter your postal code.'],
    ['   ', 'Please enter your postal code.'],
    [undefined, 'Please enter your postal code.'],
    ['S'.repeat(17), 'Postal code must be at most 16 characters.'],
  ])('keeps the field’s own message for %j, without the postcode message', (postalCode, message) => {
    expect(messages(parsePostcode(postalCode))).toEqual([message]);
  });

  it('lets an address kept before the rule still be answered as it was stored', () => {
    const stored = { ...shippingAddress(), postalCode: 'not a postcode' };
    expect(StoredShippingAddressSchema.parse(stored).postalCode).toBe('not a postcode');
  });
});

describe('the shipping address’s country', () => {
  const parseCountry = (country: unknown) => ShippingAddressSchema.safeParse({ ...shippingAddress(), country });

  it.each(['United Kingdom', ' united  kingdom '])('takes %j and keeps United Kingdom', (country) => {
    const result = parseCountry(country);
    expect(result.success && result.data.country).toBe('United Kingdom');
  });

  it.each(['France', 'Paris, France', 'Ireland', 'UK Ireland'])(
    'refuses %j: the shop delivers in the UK only',
    (country) => {
      expect(messages(parseCountry(country))).toEqual([COUNTRY_MESSAGE]);
    },
  );

  it('asks for a country when none is given', () => {
    expect(messages(parseCountry(''))).toEqual(['Please enter your country.']);
  });

  it('lets an order kept before the rule still be answered with its country as stored', () => {
    const stored = { ...shippingAddress(), country: 'France' };
    expect(StoredShippingAddressSchema.parse(stored).country).toBe('France');
  });
});
