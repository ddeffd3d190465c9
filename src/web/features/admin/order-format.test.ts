import { describe, expect, it } from 'vitest';
import { formatOrderTime } from './order-format.ts';

describe('formatOrderTime', () => {
  it('shows the day and time in London, in winter and in summer time', () => {
    expect(formatOrderTime('2026-11-25T14:05:00Z')).toBe('25 Nov 2026, 14:05');
    expect(formatOrderTime('2026-07-01T23:30:00Z')).toBe('2 Jul 2026, 00:30');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatOrderTime('not a date')).toBe('');
  });
});
