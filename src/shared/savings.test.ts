import { describe, expect, it } from 'vitest';
import { cartSavingsPence, offerLabel, savingPence, savingPercent, shownSaving } from './savings.ts';

describe('savingPercent', () => {
  it('is the real saving as a whole percent of the MRP, rounded down', () => {
    expect(savingPercent(419, 699)).toBe(40); // 40.06%
    expect(savingPercent(450, 699)).toBe(35); // 35.62%, not 36
    expect(savingPercent(600, 1000)).toBe(40); // exactly 40%
    expect(savingPercent(640, 1000)).toBe(36);
    expect(savingPercent(1, 100)).toBe(99);
  });

  it('is 0 with no MRP, at the MRP, or with a price above it', () => {
    expect(savingPercent(495, 495)).toBe(0);
    expect(savingPercent(495, null)).toBe(0);
    expect(savingPercent(500, 495)).toBe(0);
    expect(savingPercent(698, 699)).toBe(0); // 0.14%
  });

  it('never rounds up past the saving, for any price under MRPs to £100', () => {
    const wrong: string[] = [];
    for (let mrp = 1; mrp <= 10_000; mrp += 7) {
      for (let price = 1; price <= mrp; price += 13) {
        const percent = savingPercent(price, mrp);
        // Whole-number arithmetic: percent ≤ saving × 100 / mrp < percent + 1.
        if (percent * mrp > (mrp - price) * 100 || (percent + 1) * mrp <= (mrp - price) * 100) {
          wrong.push(`${price}/${mrp}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('shownSaving (the label and struck MRP of a weight in pounds)', () => {
  it('worked examples', () => {
    expect(shownSaving({ price: 4.19, mrp: 6.99 })).toEqual({ mrp: 6.99, percent: 40, label: 'Flat 40% OFF' });
    expect(shownSaving({ price: 4.5, mrp: 6.99 })).toEqual({ mrp: 6.99, percent: 35, label: 'Flat 35% OFF' });
    expect(shownSaving({ price: 4.95, mrp: 4.95 })).toBeNull();
    expect(shownSaving({ price: 4.95, mrp: null })).toBeNull();
    expect(shownSaving({ price: 6.98, mrp: 6.99 })).toBeNull(); // below 1%
    expect(shownSaving({ price: 9.9, mrp: 10 })).toEqual({ mrp: 10, percent: 1, label: 'Flat 1% OFF' });
  });

  it("says exactly the shop's 'Flat 40% OFF' where the saving is 40%", () => {
    expect(offerLabel(40)).toBe('Flat 40% OFF');
    expect(shownSaving({ price: 8.09, mrp: 13.49 })?.label).toBe('Flat 40% OFF');
  });

  it('reads pounds as whole pence, free of binary fractions', () => {
    // 0.29 × 100 is 28.999…: read as 29 pence, the saving is 29 of 100, not 28.
    expect(shownSaving({ price: 0.71, mrp: 1 })?.percent).toBe(29);
  });
});

describe("cartSavingsPence ('Your Savings')", () => {
  it('adds (MRP − price) × qty over lines with an MRP', () => {
    expect(
      cartSavingsPence([
        { pricePence: 419, mrpPence: 699, qty: 2 }, // 2 × 280
        { pricePence: 495, mrpPence: 495, qty: 3 }, // nothing saved
        { pricePence: 450, mrpPence: null, qty: 1 }, // no MRP
        { pricePence: 698, mrpPence: 699, qty: 4 }, // 4 × 1p: real, though too small to label
      ]),
    ).toBe(560 + 4);
  });

  it('is 0 for an empty cart and leaves out lines of 0 or less', () => {
    expect(cartSavingsPence([])).toBe(0);
    expect(cartSavingsPence([{ pricePence: 419, mrpPence: 699, qty: 0 }])).toBe(0);
    expect(cartSavingsPence([{ pricePence: 419, mrpPence: 699, qty: -2 }])).toBe(0);
    expect(savingPence(419, 699)).toBe(280);
  });
});
