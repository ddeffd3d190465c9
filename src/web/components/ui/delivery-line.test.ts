import { describe, expect, it } from 'vitest';
import { deliveryText, discountLabel, discountText, moreForFreeDeliveryText } from './delivery-line.tsx';

describe('the summary’s delivery and discount lines', () => {
  it('says Free for no charge, otherwise the charge in pounds', () => {
    expect(deliveryText(0)).toBe('Free');
    expect(deliveryText(2.95)).toBe('£2.95');
    expect(deliveryText(7)).toBe('£7.00');
  });

  it('names the code the discount came from, when known, and shows the amount taken off', () => {
    expect(discountLabel('WINTER10')).toBe('Discount (WINTER10)');
    expect(discountLabel(undefined)).toBe('Discount');
    expect(discountText(2.04)).toBe('−£2.04');
  });

  it('says how much more is needed for free delivery', () => {
    expect(moreForFreeDeliveryText(11.63)).toBe('£11.63 more for free delivery');
    expect(moreForFreeDeliveryText(1234.5)).toBe('£1,234.50 more for free delivery');
  });
});
