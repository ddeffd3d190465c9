import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNPAID_ANSWER_TTL_MS } from '#shared/constants';
import { createPaidStatusReader } from './paid-status.ts';

/** A provider whose answers the test gives, one call at a time. */
function provider() {
  const calls: { sessionId: string; answer: (paid: boolean) => void; fail: (error: Error) => void }[] = [];
  return {
    calls,
    isPaid: (sessionId: string) =>
      new Promise<boolean>((resolve, reject) => calls.push({ sessionId, answer: resolve, fail: reject })),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createPaidStatusReader', () => {
  it('shares one call among callers of the same session, and keeps its unpaid answer for the window only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const stripe = provider();
    const isPaid = createPaidStatusReader(stripe);
    const waiting = [isPaid('cs_1'), isPaid('cs_1'), isPaid('cs_2')];
    expect(stripe.calls.map((call) => call.sessionId)).toEqual(['cs_1', 'cs_2']);
    stripe.calls[0]!.answer(false);
    stripe.calls[1]!.answer(false);
    expect(await Promise.all(waiting)).toEqual([false, false, false]);

    vi.setSystemTime(Date.now() + UNPAID_ANSWER_TTL_MS - 1);
    expect(await isPaid('cs_1')).toBe(false);
    expect(stripe.calls).toHaveLength(2);

    vi.setSystemTime(Date.now() + 1);
    const asked = isPaid('cs_1');
    expect(stripe.calls).toHaveLength(3);
    stripe.calls[2]!.answer(true);
    expect(await asked).toBe(true);
  });

  it('keeps neither a paid answer nor a failure: the next caller asks again', async () => {
    const stripe = provider();
    const isPaid = createPaidStatusReader(stripe);

    const paid = isPaid('cs_paid');
    stripe.calls[0]!.answer(true);
    expect(await paid).toBe(true);
    void isPaid('cs_paid');
    expect(stripe.calls).toHaveLength(2);

    const down = new Error('Stripe is down');
    const failing = [isPaid('cs_down'), isPaid('cs_down')];
    stripe.calls[2]!.fail(down);
    for (const result of await Promise.allSettled(failing))
      expect(result).toEqual({ status: 'rejected', reason: down });
    void isPaid('cs_down');
    expect(stripe.calls).toHaveLength(4);
  });
});
