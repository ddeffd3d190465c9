/** How the checkout asks its payment provider whether a session is paid without spending the provider's rate limit. */
import { UNPAID_ANSWER_TTL_MS } from '#shared/constants';
import type { PaymentProvider } from './payments/provider.ts';

/** Past this many remembered answers, expired ones are dropped as new ones come in. */
const UNPAID_ANSWERS_SWEEP_AT = 1_000;

/**
 * `provider.isPaid`, asked at most once per session every UNPAID_ANSWER_TTL_MS while the session is unpaid:
 * callers of the same session at once share the one call in flight, and an unpaid answer is kept for the window,
 * so no caller can spend the shop's rate limit at the provider (decision 045). A paid answer is not kept (the
 * order made from it is what later callers find), nor is a failure. In-process: each server process keeps its own.
 */
export function createPaidStatusReader(provider: Pick<PaymentProvider, 'isPaid'>) {
  const inFlight = new Map<string, Promise<boolean>>();
  const unpaidUntil = new Map<string, number>();

  function rememberUnpaid(sessionId: string, now: number) {
    if (unpaidUntil.size >= UNPAID_ANSWERS_SWEEP_AT)
      for (const [id, until] of unpaidUntil) if (until <= now) unpaidUntil.delete(id);
    unpaidUntil.set(sessionId, now + UNPAID_ANSWER_TTL_MS);
  }

  return (sessionId: string): Promise<boolean> => {
    const until = unpaidUntil.get(sessionId);
    if (until !== undefined && Date.now() < until) return Promise.resolve(false);
    const running = inFlight.get(sessionId);
    if (running) return running;
    const call = provider
      .isPaid(sessionId)
      .then((paid) => {
        if (paid) unpaidUntil.delete(sessionId);
        else rememberUnpaid(sessionId, Date.now());
        return paid;
      })
      .finally(() => inFlight.delete(sessionId));
    inFlight.set(sessionId, call);
    return call;
  };
}
