import { describe, expect, it } from 'vitest';
import { hasControlCharacter } from './control-characters.ts';

describe('hasControlCharacter', () => {
  it.each([0x00, 0x01, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f, 0x09, 0x0a, 0x0d])(
    'finds the control character %i anywhere in a one-line value',
    (code) => {
      const character = String.fromCharCode(code);
      expect(hasControlCharacter(`ab${character}cd`)).toBe(true);
      expect(hasControlCharacter(character)).toBe(true);
    },
  );

  it('lets free text keep its line breaks and tabs, and nothing else', () => {
    expect(hasControlCharacter('Crunchy.\r\n\tWould buy again.\n', { lineBreaks: 'allowed' })).toBe(false);
    for (const character of ['\u0000', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085'])
      expect(hasControlCharacter(`line one\n${character}`, { lineBreaks: 'allowed' })).toBe(true);
  });

  it('leaves every other character alone: accents, emoji, separators, a BOM, the last code point', () => {
    for (const text of ['Zoë Brontë', 'crème brûlée 🥜', 'a\u2028b\u2029c', '\ufeff', '\u{10ffff}', '\u00a0', ''])
      expect(hasControlCharacter(text)).toBe(false);
  });
});
