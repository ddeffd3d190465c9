/**
 * Delivery charges (docs/api.md, Delivery and promotions): one shape for `GET /api/delivery` and the owner's
 * `PUT /api/admin/settings/delivery`. Pounds on the wire; the server keeps pence and prices every cart itself.
 */
import { z } from 'zod';
import { hasControlCharacter } from '#shared/control-characters';

/** Enough for the Highlands, the islands, Northern Ireland and more; far below anything a page would struggle with. */
export const DELIVERY_ZONES_MAX = 30;
export const ZONE_POSTCODES_MAX = 200;
export const ZONE_NAME_MAX_LENGTH = 60;
/** No delivery charge or surcharge is anywhere near this; it keeps a typo (£5000) from reaching a shopper. */
export const DELIVERY_CHARGE_MAX = 500;
export const FREE_OVER_MAX = 10_000;

export const deliveryMessages = {
  body: 'Please send the delivery settings as { standard, freeOver, zones }.',
  standard: `Please enter the standard charge in pounds, from £0.00 (free) to £${DELIVERY_CHARGE_MAX}.00.`,
  freeOver: `Please enter the free-delivery amount in pounds, from £0.01 to £${FREE_OVER_MAX}.00, or null for none.`,
  zones: `Please send at most ${DELIVERY_ZONES_MAX} zones, each as { name, postcodes, surcharge }.`,
  zoneName: `Please give each zone a name of at most ${ZONE_NAME_MAX_LENGTH} characters.`,
  zoneNameTaken: 'Please give each zone its own name.',
  postcodes: `Please list between 1 and ${ZONE_POSTCODES_MAX} postcode areas or districts for each zone.`,
  postcode: 'Please write each postcode prefix as an area (HS) or a district (IV41).',
  postcodeTwice: 'Each postcode area or district may be in one zone only.',
  surcharge: `Please enter the surcharge in pounds, from £0.00 to £${DELIVERY_CHARGE_MAX}.00, or null where we do not deliver.`,
  /** Quote and checkout for an address in a zone the shop does not deliver to (400, field `postcode`). */
  notDelivered: (zone: string) => `Sorry, we do not deliver to ${zone}.`,
} as const;

/** Pounds with at most two decimals, between `min` and `max`. */
const pounds = (message: string, min: number, max: number) =>
  z
    .number({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: message });

/**
 * A zone's postcode prefix: an area (`HS`, `ZE`, `BT`) matches every district in it; a district (`IV41`, `PA20`)
 * matches that one only (decision 096). Any case and spacing in, upper case out.
 */
export const PostcodePrefixSchema = z
  .string({ error: deliveryMessages.postcode })
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{1,2}(?:\d[A-Z\d]?)?$/, { error: deliveryMessages.postcode }));

export const DeliveryZoneSchema = z.strictObject(
  {
    name: z
      .string({ error: deliveryMessages.zoneName })
      .trim()
      .min(1, { error: deliveryMessages.zoneName })
      .max(ZONE_NAME_MAX_LENGTH, { error: deliveryMessages.zoneName })
      .refine((value) => !hasControlCharacter(value), { error: deliveryMessages.zoneName }),
    postcodes: z
      .array(PostcodePrefixSchema, { error: deliveryMessages.postcodes })
      .min(1, { error: deliveryMessages.postcodes })
      .max(ZONE_POSTCODES_MAX, { error: deliveryMessages.postcodes }),
    surcharge: pounds(deliveryMessages.surcharge, 0, DELIVERY_CHARGE_MAX).nullable(),
  },
  { error: deliveryMessages.zones },
);
export type DeliveryZone = z.infer<typeof DeliveryZoneSchema>;

/** `GET /api/delivery` answers it; `PUT /api/admin/settings/delivery` takes it (and answers it back). */
export const DeliverySettingsSchema = z
  .strictObject(
    {
      standard: pounds(deliveryMessages.standard, 0, DELIVERY_CHARGE_MAX),
      freeOver: pounds(deliveryMessages.freeOver, 0.01, FREE_OVER_MAX).nullable(),
      zones: z.array(DeliveryZoneSchema, { error: deliveryMessages.zones }).max(DELIVERY_ZONES_MAX, {
        error: deliveryMessages.zones,
      }),
    },
    { error: deliveryMessages.body },
  )
  .superRefine((settings, context) => {
    const names = new Set<string>();
    const prefixes = new Set<string>();
    for (const [index, zone] of settings.zones.entries()) {
      const name = zone.name.toLowerCase();
      if (names.has(name))
        context.addIssue({ code: 'custom', path: ['zones', index, 'name'], message: deliveryMessages.zoneNameTaken });
      names.add(name);
      for (const [at, prefix] of zone.postcodes.entries()) {
        if (prefixes.has(prefix))
          context.addIssue({
            code: 'custom',
            path: ['zones', index, 'postcodes', at],
            message: deliveryMessages.postcodeTwice,
          });
        prefixes.add(prefix);
      }
    }
  });
export type DeliverySettings = z.infer<typeof DeliverySettingsSchema>;

/** The spec's free delivery: what a shop that has set nothing charges. */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = { standard: 0, freeOver: null, zones: [] };
