import { describe, expect, it } from 'vitest';
import { defaultMailRetry } from '../../config.ts';
import { retryDelayMs } from './mailer.ts';

describe('retryDelayMs', () => {
  it('waits 5 s, 30 s, 3 min, 18 min, then an hour at most', () => {
    const waits = [1, 2, 3, 4, 5, 9].map((attempt) => retryDelayMs(attempt, defaultMailRetry));
    expect(waits).toEqual([5_000, 30_000, 180_000, 1_080_000, 3_600_000, 3_600_000]);
  });

  it('gives a mail over five hours of tries before it is marked failed', () => {
    let total = 0;
    for (let attempt = 1; attempt < defaultMailRetry.maxAttempts; attempt += 1)
      total += retryDelayMs(attempt, defaultMailRetry);
    expect(total / 3_600_000).toBeCloseTo(5.36, 1);
  });
});
