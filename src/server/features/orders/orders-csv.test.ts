import { describe, expect, it } from 'vitest';
import type { CheckoutLine } from './order-records.ts';
import { csvField, ordersCsv } from './orders-csv.ts';

describe('csvField', () => {
  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('Walnut Halves')).toBe('Walnut Halves');
    expect(csvField('Nuts, roasted')).toBe('"Nuts, roasted"');
    expect(csvField('The "best" nuts')).toBe('"The ""best"" nuts"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps a spreadsheet from running a field as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.example")')).toBe(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csvField('+44 20 7946 0958')).toBe("'+44 20 7946 0958");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});

describe('ordersCsv', () => {
  const lines: CheckoutLine[] = [
    {
      productId: 'roasted-cashew-nuts',
      name: 'Roasted Cashew Nuts',
      selectedWeight: '500g',
      qty: 2,
      unitPricePence: 809,
      vatRate: 20,
      discountPence: 243,
    },
    {
      productId: 'medjool-dates',
      name: 'Medjool Dates',
      selectedWeight: '250g',
      qty: 1,
      unitPricePence: 419,
      vatRate: 0,
      discountPence: 63,
    },
  ];
  const when = new Date('2026-11-27T14:05:00Z');
  const repository = {
    ordersForBooks: async ({ afterNumber }: { afterNumber: number }) =>
      afterNumber > 0
        ? []
        : [
            {
              orderNumber: 1001,
              createdAt: when,
              email: 'ada@example.com',
              subtotalPence: 2037,
              discountPence: 306,
              deliveryPence: 895,
              totalPence: 2626,
              lines,
            },
          ],
    refundsForBooks: async ({ after }: { after?: unknown }) =>
      after
        ? []
        : [
            {
              id: 'refund-1',
              orderNumber: 1001,
              succeededAt: when,
              email: 'ada@example.com',
              amountPence: 1043,
              reason: 'Two packs',
              lines: [
                { index: 0, qty: 1 },
                { index: 1, qty: 1 },
              ],
              orderLines: lines,
            },
          ],
  };

  async function rows() {
    let text = '';
    for await (const chunk of ordersCsv(repository, { from: '2026-11-27', to: '2026-11-27' })) text += chunk;
    return text.split('\r\n');
  }

  it('gives a discounted order with delivery its subtotal, discount and delivery, and VAT with delivery’s share', async () => {
    const [header, order] = await rows();
    expect(header).toBe(
      'Order,Date (London),E-mail,Lines,Goods at 20% (incl. VAT),VAT at 20%,Goods at 0% (incl. VAT),VAT at 0%,Subtotal,Discount,Delivery,Total',
    );
    expect(order).toBe(
      'RC-1001,2026-11-27 14:05,ada@example.com,2 × Roasted Cashew Nuts 500g; 1 × Medjool Dates 250g,20.86,3.48,5.40,0.00,20.37,3.06,8.95,26.26',
    );
  });

  it('splits a refund of some packs of discounted lines by what those packs cost after the discount', async () => {
    const refund = (await rows())[2];
    // One of the two cashew packs cost £6.87 of the line's £13.75; the dates £3.56: £10.43 splits as they do.
    expect(refund).toBe(
      'RC-1001,2026-11-27 14:05,ada@example.com,Refund: Two packs (1 × Roasted Cashew Nuts 500g; 1 × Medjool Dates 250g),-6.87,-1.15,-3.56,0.00,,,,-10.43',
    );
  });
});
