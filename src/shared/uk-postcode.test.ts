/** UK postcodes as people write them, and their outward codes (decision 095). */
import { describe, expect, it } from 'vitest';
import { normaliseUkPostcode, outwardCode } from '#shared/uk-postcode';

describe('normaliseUkPostcode', () => {
  it.each([
    ['sw1a1aa', 'SW1A 1AA'],
    [' SW1A  1AA ', 'SW1A 1AA'],
    ['M11AE', 'M1 1AE'],
    ['dn55 1pt', 'DN55 1PT'],
  ])('keeps %j as %s', (written, normal) => {
    expect(normaliseUkPostcode(written)).toBe(normal);
  });

  it.each(['12345', 'SW1A', 'ABC DEF', '', 'SW1A 1AA extra'])('refuses %j', (written) => {
    expect(normaliseUkPostcode(written)).toBeNull();
  });
});

describe('outwardCode', () => {
  it.each([
    ['SW1A 1AA', 'SW1A'],
    ['IV41 8PQ', 'IV41'],
    ['HS1 2AB', 'HS1'],
    ['BT1 1AA', 'BT1'],
    ['ZE1 0AA', 'ZE1'],
    ['M1 1AE', 'M1'],
    ['W1A 0AX', 'W1A'],
    ['CR2 6XH', 'CR2'],
  ])('of %s is %s', (postcode, outward) => {
    expect(outwardCode(postcode)).toBe(outward);
  });

  it('is null for what an older order may hold that is not a postcode', () => {
    expect(outwardCode('12345')).toBeNull();
  });
});
