import { describe, expect, it } from 'vitest';
import { chargeTestCard, passesLuhn, testCardMessages, type TestCardEntry } from './test-cards.ts';

const now = new Date('2026-11-25T12:00:00Z');
const card = (overrides: Partial<TestCardEntry> = {}): TestCardEntry => ({
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 30',
  cvc: '123',
  nameOnCard: 'Ada Lovelace',
  ...overrides,
});

describe('the test checkout’s cards', () => {
  it('pays with Stripe’s 4242 test card, spaced or not', () => {
    expect(chargeTestCard(card(), now)).toEqual({ paid: true });
    expect(chargeTestCard(card({ cardNumber: '4242424242424242' }), now)).toEqual({ paid: true });
  });

  it('declines 4000 0000 0000 0002 as Stripe does, and any card that is not a test card', () => {
    expect(chargeTestCard(card({ cardNumber: '4000 0000 0000 0002' }), now)).toEqual({
      paid: false,
      reason: 'declined',
      field: 'cardNumber',
      message: testCardMessages.declined,
    });
    // A Luhn-valid number that is no test card: never charged.
    expect(chargeTestCard(card({ cardNumber: '4111 1111 1111 1111' }), now)).toMatchObject({
      paid: false,
      message: 'Your card was declined.',
    });
  });

  it('calls a number failing the Luhn check, or not a number at all, invalid', () => {
    expect(chargeTestCard(card({ cardNumber: '4242 4242 4242 4241' }), now)).toMatchObject({
      paid: false,
      field: 'cardNumber',
      message: 'Your card number is invalid.',
    });
    expect(chargeTestCard(card({ cardNumber: '4242 abcd' }), now)).toMatchObject({ field: 'cardNumber' });
    expect(chargeTestCard(card({ cardNumber: '' }), now)).toMatchObject({ field: 'cardNumber' });
  });

  it('checks the expiry to the end of its month, the CVC and the name', () => {
    expect(chargeTestCard(card({ expiry: '11 / 26' }), now)).toEqual({ paid: true });
    expect(chargeTestCard(card({ expiry: '10/26' }), now)).toMatchObject({ message: testCardMessages.expired });
    expect(chargeTestCard(card({ expiry: '13 / 30' }), now)).toMatchObject({ field: 'expiry' });
    expect(chargeTestCard(card({ cvc: '12' }), now)).toMatchObject({ field: 'cvc' });
    expect(chargeTestCard(card({ nameOnCard: '  ' }), now)).toMatchObject({ field: 'nameOnCard' });
  });

  it('takes the expiry as people type it: MMYY with or without the slash, a four-digit year too', () => {
    for (const expiry of ['0829', '08/29', '08 / 29', '8/29', '08/2029', '082029', ' 08 29 '])
      expect(chargeTestCard(card({ expiry }), now), expiry).toEqual({ paid: true });
    for (const expiry of ['1329', '829', '08/2', '0826', 'ab/cd', '08//29'])
      expect(chargeTestCard(card({ expiry }), now), expiry).toMatchObject({ field: 'expiry' });
  });

  it('runs the Luhn check', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
  });
});
