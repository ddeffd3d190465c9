/**
 * The built-in test checkout's card rules, the ones Stripe's test mode documents: 4242 4242 4242 4242 pays,
 * 4000 0000 0000 0002 is declined, a number failing the Luhn check is invalid. No card is ever charged.
 */

export const testCardMessages = {
  invalidNumber: 'Your card number is invalid.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  invalidExpiry: "Your card's expiration date is invalid.",
  expired: 'Your card has expired.',
  invalidCvc: "Your card's security code is invalid.",
  missingName: 'Please enter the name on the card.',
} as const;

export interface TestCardEntry {
  cardNumber: string;
  /** MM / YY, as card forms ask for it; MMYY or MM/YYYY, with or without the slash, too. */
  expiry: string;
  cvc: string;
  nameOnCard: string;
}

/** Why a card was refused: a key of `testCardMessages`. */
export type TestCardRefusal = keyof typeof testCardMessages;

export type TestCardOutcome =
  | { paid: true }
  | { paid: false; reason: TestCardRefusal; field: keyof TestCardEntry; message: string };

function refusal(field: keyof TestCardEntry, reason: TestCardRefusal): TestCardOutcome {
  return { paid: false, reason, field, message: testCardMessages[reason] };
}

const PAYING_CARDS = new Set(['4242424242424242', '5555555555554444']);
const DECLINES: Readonly<Record<string, TestCardRefusal>> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficientFunds',
};

/** The Luhn check every card number passes; catches one wrong digit and most swapped pairs. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What the test checkout does with a card: pays, or says which field is wrong and why. */
export function chargeTestCard(entry: TestCardEntry, now: Date): TestCardOutcome {
  const digits = entry.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return refusal('cardNumber', 'invalidNumber');

  // '08 / 29', '8/29', '08/2029', and typed without the slash '0829' or '082029'.
  const expiry =
    /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(entry.expiry) ?? /^\s*(\d{2})\s*(\d{2}|\d{4})\s*$/.exec(entry.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry?.[2] || month < 1 || month > 12) return refusal('expiry', 'invalidExpiry');
  const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  // A card is good until the end of its expiry month.
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return refusal('expiry', 'expired');

  if (!/^\d{3,4}$/.test(entry.cvc.trim())) return refusal('cvc', 'invalidCvc');
  if (entry.nameOnCard.trim() === '') return refusal('nameOnCard', 'missingName');

  const decline = DECLINES[digits];
  if (decline) return refusal('cardNumber', decline);
  // Test mode takes only test cards: a real card number is declined, never charged.
  if (!PAYING_CARDS.has(digits)) return refusal('cardNumber', 'declined');
  return { paid: true };
}
