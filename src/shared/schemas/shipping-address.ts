/**
 * The shipping address: the /shipping form validates it in the browser and the server
 * validates it again when a checkout is created. Full name, phone, e-mail, street address, city, postal code
 * and country are required; the landmark is optional.
 */
import { z } from 'zod';
import { hasControlCharacter } from '#shared/control-characters';
import { EmailSchema, NAME_MAX_LENGTH } from '#shared/schemas/user';
import { normaliseUkPhone } from '#shared/uk-phone';
import { normaliseUkPostcode } from '#shared/uk-postcode';

/** The shop's own words, for any phone that is not a UK number as people write it (docs/api.md, A UK shopper's rules). */
export const PHONE_MESSAGE = 'Please enter a valid 10-digit phone number.';
/** For anything typed that is not a UK postcode (decision 095). */
export const POSTCODE_MESSAGE = 'Please enter a valid UK postcode.';
export const ADDRESS_LINE_MAX_LENGTH = 200;
export const CITY_MAX_LENGTH = 100;
export const POSTAL_CODE_MAX_LENGTH = 16;
/** The one country the shop delivers to, as the form shows it and orders keep it. */
export const DELIVERY_COUNTRY = 'United Kingdom';
/** For any other country: the shop posts only within the UK (decision 112). */
export const COUNTRY_MESSAGE =
  'We deliver only within the United Kingdom. Please choose United Kingdom as the country.';

/** A required line of the address: trimmed, bounded, and on one line (it goes into mails and onto a label). */
function requiredLine(missing: string, label: string, maxLength: number) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(maxLength, { error: `${label} must be at most ${maxLength} characters.` })
    .refine((line) => !hasControlCharacter(line), { error: `Please enter the ${label.toLowerCase()} on one line.` });
}

/** A UK phone as written (`07700 900123`, `+44 20 7946 0958`, …), kept in its E.164 form (decision 060). */
export const UkPhoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .refine((phone) => normaliseUkPhone(phone) !== null, { error: PHONE_MESSAGE })
  .transform((phone) => normaliseUkPhone(phone) ?? phone);

const POSTAL_CODE_MISSING = 'Please enter your postal code.';

/**
 * A UK postcode in any case and spacing, kept as `SW1A 1AA` (decision 095). Missing or over-long text gets its own
 * message alone (`abort`), not the postcode message as well.
 */
export const UkPostcodeSchema = z
  .string({ error: POSTAL_CODE_MISSING })
  .trim()
  .min(1, { error: POSTAL_CODE_MISSING, abort: true })
  .max(POSTAL_CODE_MAX_LENGTH, {
    error: `Postal code must be at most ${POSTAL_CODE_MAX_LENGTH} characters.`,
    abort: true,
  })
  .refine((postcode) => normaliseUkPostcode(postcode) !== null, { error: POSTCODE_MESSAGE })
  .transform((postcode) => normaliseUkPostcode(postcode) ?? postcode);

/**
 * The country: the United Kingdom only, in any case and spacing, kept as `DELIVERY_COUNTRY`. A missing country gets
 * its own message alone, anything else the UK-only one.
 */
export const DeliveryCountrySchema = z
  .string({ error: 'Please enter your country.' })
  .trim()
  .min(1, { error: 'Please enter your country.', abort: true })
  .refine((country) => country.replace(/\s+/g, ' ').toLowerCase() === DELIVERY_COUNTRY.toLowerCase(), {
    error: COUNTRY_MESSAGE,
  })
  .transform(() => DELIVERY_COUNTRY);

export const ShippingAddressSchema = z.object(
  {
    name: requiredLine('Please enter your full name.', 'Full name', NAME_MAX_LENGTH),
    phone: UkPhoneSchema,
    email: EmailSchema,
    address: requiredLine('Please enter your street address.', 'Street address', ADDRESS_LINE_MAX_LENGTH),
    landmark: z
      .string({ error: 'Please enter the landmark as text.' })
      .trim()
      .max(ADDRESS_LINE_MAX_LENGTH, { error: `Landmark must be at most ${ADDRESS_LINE_MAX_LENGTH} characters.` })
      .refine((landmark) => !hasControlCharacter(landmark), { error: 'Please enter the landmark on one line.' })
      .default(''),
    city: requiredLine('Please enter your city.', 'City', CITY_MAX_LENGTH),
    postalCode: UkPostcodeSchema,
    country: DeliveryCountrySchema,
  },
  { error: 'Please enter your shipping address.' },
);
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;
/**
 * An address as the API answers it: as stored, so an order placed under an older phone, postcode or country rule
 * still shows (as it was kept) instead of failing the answer.
 */
export const StoredShippingAddressSchema = ShippingAddressSchema.extend({
  phone: z.string(),
  postalCode: z.string(),
  country: z.string(),
});

/** What the form holds before validation (the landmark may be left out). */
export type ShippingAddressInput = z.input<typeof ShippingAddressSchema>;
