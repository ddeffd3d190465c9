/**
 * The money rules of a basket (docs/api.md, Delivery and promotions; decision 096), pure and in pence: the goods,
 * the promotion's discount spread over the lines, the delivery charge for a postcode, and the VAT by rate with
 * delivery's share. The quote, the checkout and the tests all price through `priceBasket`, so they cannot differ.
 */
import type { VatRate } from '#shared/constants';
import { formatPence } from '#shared/money';
import { deliveryMessages } from '#shared/schemas/delivery';
import { promotionMessages, type PromotionType } from '#shared/schemas/promotion';
import { spreadPence } from '#shared/money';
import { type VatLine, vatWithDelivery } from '#shared/vat';

export interface BasketLine {
  /** One pack, VAT included. */
  unitPricePence: number;
  qty: number;
  vatRate: VatRate;
}

/** The owner's delivery settings, in pence. */
export interface DeliveryRules {
  standardPence: number;
  freeOverPence: number | null;
  zones: readonly { name: string; postcodes: readonly string[]; surchargePence: number | null }[];
}

/** A promotion as the rules need it, in pence (`value` a whole percentage for `percent`). */
export interface PromotionRules {
  code: string;
  description: string;
  type: PromotionType;
  value: number;
  minSpendPence: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  active: boolean;
}

export interface PricedBasket {
  subtotalPence: number;
  discountPence: number;
  /** Each line's share of the discount, in the lines' order; they add up to `discountPence`. */
  lineDiscountsPence: number[];
  deliveryPence: number;
  totalPence: number;
  /** By rate, highest first: the goods after their discount plus delivery's share, and the VAT inside. */
  vat: VatLine[];
  freeOverPence: number | null;
  /** How much more the goods (after the discount) must come to for free delivery; null when it would change nothing. */
  moreForFreeDeliveryPence: number | null;
  /** The delivery zone the postcode is in, if any. */
  zone: string | null;
}

export type BasketRefusal =
  | { refused: 'not-delivered'; message: string; zone: string }
  | { refused: 'promotion'; message: string };

/**
 * The zone an outward code (`IV41`, `HS1`) falls in: a zone naming the district itself before one naming its area
 * (`IV41` before `IV`), so the owner can carve a district out of an area.
 */
export function deliveryZoneFor<Zone extends DeliveryRules['zones'][number]>(
  zones: readonly Zone[],
  outward: string | null,
): Zone | undefined {
  if (!outward) return undefined;
  const code = outward.toUpperCase();
  const area = /^[A-Z]+/.exec(code)?.[0];
  return (
    zones.find((zone) => zone.postcodes.includes(code)) ??
    (area ? zones.find((zone) => zone.postcodes.includes(area)) : undefined)
  );
}

/** Why a promotion cannot be used on goods of `subtotalPence` at `now` (not counting its uses), or null. */
export function promotionRefusal(promotion: PromotionRules, subtotalPence: number, now: Date): string | null {
  if (!promotion.active) return promotionMessages.unknown;
  if (promotion.startsAt && now < promotion.startsAt) return promotionMessages.notYet;
  if (promotion.endsAt && now >= promotion.endsAt) return promotionMessages.expired;
  if (promotion.minSpendPence !== null && subtotalPence < promotion.minSpendPence)
    return promotionMessages.minSpendNeeded(formatPence(promotion.minSpendPence));
  return null;
}

/**
 * Prices a basket. A promotion's own conditions are checked here (active, dates, minimum spend on the goods before
 * the discount); its uses are the caller's to count. Delivery is free when the goods after the discount reach
 * `freeOverPence`, or with a free-delivery code; a zone's surcharge is added all the same.
 */
export function priceBasket(input: {
  lines: readonly BasketLine[];
  delivery: DeliveryRules;
  /** The delivery address's outward code; null before the shopper has given one (no zone applies). */
  outward: string | null;
  promotion?: PromotionRules | null | undefined;
  now: Date;
}): PricedBasket | BasketRefusal {
  const { lines, delivery, outward, promotion, now } = input;
  const grossPence = lines.map((line) => line.unitPricePence * line.qty);
  const subtotalPence = grossPence.reduce((sum, gross) => sum + gross, 0);

  if (promotion) {
    const refusal = promotionRefusal(promotion, subtotalPence, now);
    if (refusal) return { refused: 'promotion', message: refusal };
  }
  let discountPence = 0;
  if (promotion?.type === 'percent') discountPence = Math.round((subtotalPence * promotion.value) / 100);
  if (promotion?.type === 'fixed') discountPence = Math.min(promotion.value, subtotalPence);
  const lineDiscountsPence = spreadPence(discountPence, grossPence);
  const goodsPence = subtotalPence - discountPence;

  const zone = deliveryZoneFor(delivery.zones, outward);
  if (zone && zone.surchargePence === null)
    return { refused: 'not-delivered', zone: zone.name, message: deliveryMessages.notDelivered(zone.name) };
  const freeByAmount = delivery.freeOverPence !== null && goodsPence >= delivery.freeOverPence;
  const freeByCode = promotion?.type === 'free-delivery';
  const standardPence = freeByAmount || freeByCode ? 0 : delivery.standardPence;
  const deliveryPence = standardPence + (zone?.surchargePence ?? 0);
  const moreForFreeDeliveryPence =
    delivery.freeOverPence !== null && standardPence > 0 ? delivery.freeOverPence - goodsPence : null;

  const vat = vatWithDelivery(
    lines.map((line, index) => ({ ...line, discountPence: lineDiscountsPence[index] ?? 0 })),
    deliveryPence,
  );

  return {
    subtotalPence,
    discountPence,
    lineDiscountsPence,
    deliveryPence,
    totalPence: goodsPence + deliveryPence,
    vat,
    freeOverPence: delivery.freeOverPence,
    moreForFreeDeliveryPence,
    zone: zone?.name ?? null,
  };
}
