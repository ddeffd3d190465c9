import { describe, expect, it } from 'vitest';
import { parseStoredShippingAddress, shippingAddressDefaults } from './shipping-address-storage.ts';

describe('the stored shipping address', () => {
  it('keeps the text fields of the address and nothing else', () => {
    expect(
      parseStoredShippingAddress(
        JSON.stringify({ name: 'Ada', phone: 7946095800, city: 'London', isAdmin: true, landmark: '' }),
      ),
    ).toEqual({ name: 'Ada', city: 'London', landmark: '' });
  });

  it('is nothing when missing, not JSON, or not an object', () => {
    expect(parseStoredShippingAddress(null)).toEqual({});
    expect(parseStoredShippingAddress('{oops')).toEqual({});
    expect(parseStoredShippingAddress('"London"')).toEqual({});
    expect(parseStoredShippingAddress('null')).toEqual({});
  });
});

describe('the shipping form’s first values', () => {
  const customer = { name: 'Ada Lovelace', email: 'ada@example.com' };

  it('fill name and e-mail from the customer only where the stored address has none', () => {
    expect(shippingAddressDefaults({ name: 'Augusta King', email: '  ' }, customer)).toMatchObject({
      name: 'Augusta King',
      email: 'ada@example.com',
    });
  });

  it('start in the United Kingdom, the one country the shop delivers to, and are empty for a guest', () => {
    expect(shippingAddressDefaults({}, undefined)).toEqual({
      name: '',
      phone: '',
      email: '',
      address: '',
      landmark: '',
      city: '',
      postalCode: '',
      country: 'United Kingdom',
    });
    expect(shippingAddressDefaults({ country: 'Ireland' }, undefined).country).toBe('United Kingdom');
  });

  it('show the stored phone as a UK reader writes it', () => {
    expect(shippingAddressDefaults({ phone: '+447700900123' }, undefined).phone).toBe('07700 900123');
  });
});
