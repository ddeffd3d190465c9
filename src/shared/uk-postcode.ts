/**
 * UK postcodes as people write them (decision 095): any case, any spacing (`sw1a1aa`, ` SW1A  1AA `), kept upper case
 * with one space before the inward code (`SW1A 1AA`). The shape is `postcode`'s (ideal-postcodes), not an expression
 * of ours; whether a postcode is in use is not checked. No zod here, as with the phone rule: anything may use it.
 */
import { toNormalised, toOutcode } from 'postcode';

/** The normal form (`SW1A 1AA`) of a UK postcode as written, or null when it is not one. */
export function normaliseUkPostcode(written: string): string | null {
  return toNormalised(written.trim());
}

/**
 * The outward code of a postcode (`SW1A 1AA` → `SW1A`, `IV41 8PQ` → `IV41`, `HS1 2AB` → `HS1`): the part delivery
 * zones are matched on. Null for anything that is not a postcode, as an order kept before the rule may hold.
 */
export function outwardCode(postcode: string): string | null {
  return toOutcode(postcode.trim());
}
