import { describe, expect, it } from 'vitest';
import { csvField } from './orders-csv.ts';

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
