import { describe, expect, it } from 'vitest';
import {
  formatPence,
  formatPounds,
  offerPricePence,
  penceToPounds,
  poundsToPence,
  pricePerKgPence,
  spreadPence,
} from './money.ts';

describe('money', () => {
  it('formats pounds the UK way', () => {
    expect(formatPence(419)).toBe('£4.19');
    expect(formatPence(123456)).toBe('£1,234.56');
    expect(formatPounds(6.99)).toBe('£6.99');
    expect(formatPounds(7)).toBe('£7.00');
  });

  it('writes every amount exactly as Intl.NumberFormat en-GB GBP does', () => {
    const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    const wrong: number[] = [];
    const amounts = [0, 1, 9, 10, 99, 100, 101, 99_999, 100_000, 123_456_789, 100_000_000_000, -1, -419, -123_456];
    for (let pence = 0; pence <= 200_000; pence += 7) amounts.push(pence);
    for (const pence of amounts) {
      if (formatPence(pence) !== gbp.format(pence / 100)) wrong.push(pence);
      if (formatPounds(pence / 100) !== gbp.format(pence / 100)) wrong.push(pence);
    }
    expect(wrong).toEqual([]);
  });

  it('moves between pence and the wire’s pounds without float residue', () => {
    expect(penceToPounds(779)).toBe(7.79);
    expect(poundsToPence(7.79)).toBe(779);
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
    expect(() => penceToPounds(4.5)).toThrow(RangeError);
  });

  it('prices per kilogram for unit pricing', () => {
    expect(pricePerKgPence(419, 250)).toBe(1676);
    expect(pricePerKgPence(779, 500)).toBe(1558);
    expect(pricePerKgPence(1439, 1000)).toBe(1439);
    expect(pricePerKgPence(100, 300)).toBe(333);
  });

  it('takes 40% off an MRP without ever charging more than 60% of it', () => {
    expect(offerPricePence(699)).toBe(419);
    expect(offerPricePence(1299)).toBe(779);
    expect(offerPricePence(1000)).toBe(600);
    // Every MRP up to £1,000: at most 60% of it, and less than a penny under (no binary-fraction slip).
    const wrong: number[] = [];
    for (let mrpPence = 1; mrpPence <= 100_000; mrpPence += 1) {
      const offer = offerPricePence(mrpPence);
      if (!Number.isInteger(offer) || offer * 10 > mrpPence * 6 || (offer + 1) * 10 <= mrpPence * 6)
        wrong.push(mrpPence);
    }
    expect(wrong).toEqual([]);
  });
});

describe('spreadPence', () => {
  it('splits in proportion, the pennies left to the largest remainders, adding up exactly', () => {
    expect(spreadPence(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadPence(500, [1798, 1250, 1047])).toEqual([219, 153, 128]);
    expect(spreadPence(0, [5, 5])).toEqual([0, 0]);
    expect(spreadPence(7, [0, 0])).toEqual([0, 0]);
    for (let amount = 0; amount < 400; amount += 7) {
      const parts = spreadPence(amount, [399, 1, 250, 1200]);
      expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount);
    }
  });
});
