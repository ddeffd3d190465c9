import { describe, expect, it } from 'vitest';
import { formatBestBefore } from './best-before.ts';

describe('formatBestBefore', () => {
  it('writes the day as a UK reader expects, whatever the time zone', () => {
    expect(formatBestBefore('2027-03-14')).toBe('14 March 2027');
    expect(formatBestBefore('2026-12-31')).toBe('31 December 2026');
  });
});
