import { describe, expect, it } from 'vitest';
import { formatUkPhone, normaliseUkPhone } from '#shared/uk-phone';

describe('normaliseUkPhone', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['020 7946 0958', '+442079460958'],
    ['+44 (0)20 7946 0958', '+442079460958'],
    ['(020) 7946-0958', '+442079460958'],
    ['07700-900-123', '+447700900123'],
    ['0161.496.0000', '+441614960000'],
    ['7700900123', '+447700900123'],
    ['+447700900123', '+447700900123'],
  ])('accepts %s as %s', (written, normal) => {
    expect(normaliseUkPhone(written)).toBe(normal);
  });

  it.each([
    ['', 'empty'],
    ['0770090012', 'nine digits after the 0'],
    ['077009001234', 'eleven digits after the 0'],
    ['+33 6 12 34 56 78', 'another country'],
    ['00 7700 900123', 'two leading zeros'],
    ['0770O 900123', 'a letter'],
    ['+44 +44 7700 900123', 'a second +'],
    ['7700 900123 ext 4', 'text after it'],
    [`07700 900123${' '.repeat(30)}`, 'longer than 30 characters'],
  ])('refuses %j (%s)', (written) => {
    expect(normaliseUkPhone(written)).toBeNull();
  });
});

describe('formatUkPhone', () => {
  it.each([
    ['+447700900123', '07700 900123'],
    ['+442079460958', '020 7946 0958'],
    ['+441614960000', '0161 496 0000'],
    ['+441174960000', '0117 496 0000'],
    ['+448081570000', '0808 157 0000'],
    ['+441632960001', '01632 960001'],
  ])('shows %s as %s', (stored, shown) => {
    expect(formatUkPhone(stored)).toBe(shown);
  });

  it('shows a number stored before the normal form as it is', () => {
    expect(formatUkPhone('0123456789')).toBe('0123456789');
  });
});
