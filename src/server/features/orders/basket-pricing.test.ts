import { describe, expect, it } from 'vitest';
import {
  type BasketLine,
  type DeliveryRules,
  deliveryZoneFor,
  type PricedBasket,
  type PromotionRules,
  priceBasket,
} from './basket-pricing.ts';

const now = new Date('2026-11-28T12:00:00Z');
const free: DeliveryRules = { standardPence: 0, freeOverPence: null, zones: [] };
const shop: DeliveryRules = {
  standardPence: 395,
  freeOverPence: 3000,
  zones: [
    { name: 'the Scottish Highlands and Islands', postcodes: ['HS', 'ZE', 'KW', 'IV'], surchargePence: 600 },
    { name: 'Inverness', postcodes: ['IV1', 'IV2'], surchargePence: 0 },
    { name: 'the Channel Islands', postcodes: ['GY', 'JE'], surchargePence: null },
  ],
};
const promotion = (rules: Partial<PromotionRules> & Pick<PromotionRules, 'type' | 'value'>): PromotionRules => ({
  code: 'WINTER',
  description: 'Winter offer',
  minSpendPence: null,
  startsAt: null,
  endsAt: null,
  active: true,
  ...rules,
});
// Cashews (food, 0%), a gift tin (20%), sultanas (0%).
const mixed: BasketLine[] = [
  { unitPricePence: 899, qty: 2, vatRate: 0 },
  { unitPricePence: 1250, qty: 1, vatRate: 20 },
  { unitPricePence: 349, qty: 3, vatRate: 0 },
];

function priced(result: ReturnType<typeof priceBasket>): PricedBasket {
  if ('refused' in result) throw new Error(`refused: ${result.message}`);
  return result;
}

describe('deliveryZoneFor', () => {
  it('matches a district before its area, an area by its letters only, and nothing else', () => {
    expect(deliveryZoneFor(shop.zones, 'IV41')?.name).toBe('the Scottish Highlands and Islands');
    expect(deliveryZoneFor(shop.zones, 'IV2')?.name).toBe('Inverness');
    expect(deliveryZoneFor(shop.zones, 'HS1')?.name).toBe('the Scottish Highlands and Islands');
    // KW is an area; K alone is not, nor is a London district sharing no letters.
    expect(deliveryZoneFor(shop.zones, 'SW1A')).toBeUndefined();
    expect(deliveryZoneFor([{ name: 'B', postcodes: ['B'], surchargePence: 1 }], 'BT1')).toBeUndefined();
    expect(deliveryZoneFor(shop.zones, null)).toBeUndefined();
  });
});

describe('priceBasket', () => {
  it('a mixed 0% and 20% basket with free delivery: VAT only on the 20% line', () => {
    const basket = priced(priceBasket({ lines: mixed, delivery: free, outward: 'SW1A', now }));
    expect(basket).toMatchObject({ subtotalPence: 4095, discountPence: 0, deliveryPence: 0, totalPence: 4095 });
    expect(basket.vat).toEqual([
      { rate: 20, grossPence: 1250, vatPence: 208 },
      { rate: 0, grossPence: 2845, vatPence: 0 },
    ]);
  });

  it('a 10% code on the mixed basket: each line lowered in proportion, delivery charged and its VAT split by rate', () => {
    const delivery: DeliveryRules = { standardPence: 395, freeOverPence: null, zones: [] };
    const basket = priced(
      priceBasket({ lines: mixed, delivery, outward: 'E1', promotion: promotion({ type: 'percent', value: 10 }), now }),
    );
    // 10% of £40.95 is £4.095: £4.10, spread 1798 : 1250 : 1047.
    expect(basket.discountPence).toBe(410);
    expect(basket.lineDiscountsPence).toEqual([180, 125, 105]);
    expect(basket.deliveryPence).toBe(395);
    expect(basket.totalPence).toBe(4095 - 410 + 395);
    // Goods after the discount: 0% 2560, 20% 1125; delivery 395 split 274 : 121.
    expect(basket.vat).toEqual([
      { rate: 20, grossPence: 1125 + 121, vatPence: 208 },
      { rate: 0, grossPence: 2560 + 274, vatPence: 0 },
    ]);
    expect(basket.vat.reduce((sum, line) => sum + line.grossPence, 0)).toBe(basket.totalPence);
  });

  it('a fixed discount larger than one line is spread over all of them, never below nothing', () => {
    const lines: BasketLine[] = [
      { unitPricePence: 299, qty: 1, vatRate: 0 },
      { unitPricePence: 1999, qty: 1, vatRate: 20 },
    ];
    const basket = priced(
      priceBasket({ lines, delivery: free, outward: null, promotion: promotion({ type: 'fixed', value: 500 }), now }),
    );
    expect(basket.discountPence).toBe(500);
    expect(basket.lineDiscountsPence).toEqual([65, 435]);
    expect(basket.totalPence).toBe(1798);
    // A fixed amount above the goods takes the goods to nothing, not below.
    const all = priced(
      priceBasket({ lines, delivery: free, outward: null, promotion: promotion({ type: 'fixed', value: 5000 }), now }),
    );
    expect(all.discountPence).toBe(2298);
    expect(all.lineDiscountsPence).toEqual([299, 1999]);
  });

  it('free delivery by threshold counts the goods after the discount, and says how much more is needed', () => {
    const lines: BasketLine[] = [{ unitPricePence: 1600, qty: 2, vatRate: 0 }];
    expect(priced(priceBasket({ lines, delivery: shop, outward: 'SW1A', now })).deliveryPence).toBe(0);
    const discounted = priced(
      priceBasket({ lines, delivery: shop, outward: 'SW1A', promotion: promotion({ type: 'fixed', value: 300 }), now }),
    );
    // £32.00 less £3.00 is £29.00: under £30, so the standard charge, and £1.00 more would make it free.
    expect(discounted).toMatchObject({ deliveryPence: 395, totalPence: 2900 + 395, moreForFreeDeliveryPence: 100 });
    const small = priced(
      priceBasket({ lines: [{ unitPricePence: 419, qty: 1, vatRate: 0 }], delivery: shop, outward: null, now }),
    );
    expect(small).toMatchObject({
      deliveryPence: 395,
      totalPence: 814,
      moreForFreeDeliveryPence: 2581,
      freeOverPence: 3000,
    });
  });

  it('free delivery by code waives the standard charge', () => {
    const lines: BasketLine[] = [{ unitPricePence: 419, qty: 1, vatRate: 0 }];
    const basket = priced(
      priceBasket({
        lines,
        delivery: shop,
        outward: 'SE1',
        promotion: promotion({ type: 'free-delivery', value: 0 }),
        now,
      }),
    );
    expect(basket).toMatchObject({
      discountPence: 0,
      deliveryPence: 0,
      totalPence: 419,
      moreForFreeDeliveryPence: null,
    });
  });

  it('a surcharge zone adds its surcharge, even where the standard charge is free', () => {
    const lines: BasketLine[] = [{ unitPricePence: 1000, qty: 1, vatRate: 20 }];
    const highlands = priced(priceBasket({ lines, delivery: shop, outward: 'HS1', now }));
    expect(highlands).toMatchObject({
      deliveryPence: 995,
      totalPence: 1995,
      zone: 'the Scottish Highlands and Islands',
    });
    expect(highlands.vat).toEqual([{ rate: 20, grossPence: 1995, vatPence: 333 }]);
    const over = priced(priceBasket({ lines: [{ ...lines[0]!, qty: 4 }], delivery: shop, outward: 'ZE2', now }));
    expect(over).toMatchObject({ deliveryPence: 600, totalPence: 4600 });
    expect(priced(priceBasket({ lines, delivery: shop, outward: 'IV2', now })).deliveryPence).toBe(395);
  });

  it('a not-delivered zone is refused, naming the area', () => {
    const lines: BasketLine[] = [{ unitPricePence: 1000, qty: 1, vatRate: 0 }];
    expect(priceBasket({ lines, delivery: shop, outward: 'JE2', now })).toEqual({
      refused: 'not-delivered',
      zone: 'the Channel Islands',
      message: 'Sorry, we do not deliver to the Channel Islands.',
    });
  });

  it('refuses a code that is switched off, not started, ended, or under its minimum spend before the discount', () => {
    const lines: BasketLine[] = [{ unitPricePence: 2500, qty: 1, vatRate: 0 }];
    const refusal = (rules: Partial<PromotionRules>) => {
      const result = priceBasket({
        lines,
        delivery: free,
        outward: null,
        promotion: promotion({ type: 'fixed', value: 100, ...rules }),
        now,
      });
      return 'refused' in result ? result.message : 'accepted';
    };
    expect(refusal({ active: false })).toBe('This code is not valid.');
    expect(refusal({ startsAt: new Date('2026-12-01T00:00:00Z') })).toBe('This code is not valid yet.');
    expect(refusal({ endsAt: new Date('2026-11-28T12:00:00Z') })).toBe('This code has expired.');
    expect(refusal({ minSpendPence: 3000 })).toBe('This code needs a spend of £30.00.');
    expect(refusal({ minSpendPence: 2500 })).toBe('accepted');
  });
});
