import { describe, expect, it } from 'vitest';
import { vatLine } from './order-total.tsx';

describe('a receipt’s VAT line', () => {
  it('is in pounds, never rupees', () => {
    expect(vatLine({ rate: 20, vat: 1.23 })).toBe('VAT at 20%: £1.23');
    expect(vatLine({ rate: 0, vat: 0 })).toBe('VAT at 0%: £0.00');
  });
});
