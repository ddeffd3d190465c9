/**
 * UK phone numbers as people write them (docs/api.md, A UK shopper's rules; decision 060): `07700 900123`, `+44 7700 900123`,
 * `020 7946 0958`, `+44 (0)20 7946 0958`, with spaces, dashes, dots, slashes or brackets. Without those and without
 * a leading `+44` or `0`, a number must be 10 digits. Kept in one normal form, E.164 (`+447700900123`), and shown
 * grouped as a UK reader expects (`07700 900123`). No zod here: the browser may format without it.
 */

/** Longest phone as typed: room for every grouping and a `+44 (0)` prefix, not for an essay. */
export const PHONE_MAX_LENGTH = 30;

const SEPARATORS = /[\s\-.()/]/g;

/** The E.164 form (`+44` and 10 digits) of a UK number as written, or null when it is not one. */
export function normaliseUkPhone(written: string): string | null {
  if (written.length > PHONE_MAX_LENGTH) return null;
  let digits = written.replace(SEPARATORS, '');
  if (digits.startsWith('+44')) digits = digits.slice(3);
  // One trunk 0: `07700…`, and the `(0)` of `+44 (0)20…`.
  if (digits.startsWith('0')) digits = digits.slice(1);
  return /^[1-9]\d{9}$/.test(digits) ? `+44${digits}` : null;
}

/**
 * A stored number as a UK reader writes it: mobiles and most numbers `07700 900123`, London and the other 02
 * areas `020 7946 0958`, the big-city 01 codes and non-geographic numbers `0161 496 0000`. Anything not in
 * the normal form (an older order's) is shown as stored.
 */
export function formatUkPhone(stored: string): string {
  const match = /^\+44(\d{10})$/.exec(stored);
  if (!match?.[1]) return stored;
  const national = `0${match[1]}`;
  const group = (...sizes: number[]) => {
    const parts: string[] = [];
    let at = 0;
    for (const size of sizes) {
      parts.push(national.slice(at, at + size));
      at += size;
    }
    return parts.join(' ');
  };
  if (national.startsWith('02')) return group(3, 4, 4);
  if (/^01\d1|^011/.test(national) || /^0[389]/.test(national)) return group(4, 3, 4);
  return group(5, 6);
}
