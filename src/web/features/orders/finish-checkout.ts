/**
 * What /success does with a payment session: verify the payment, then place the order. Started at most
 * once per session in a page's life, so a second effect run (React's strict mode, a remount) joins the first
 * instead of placing the order again (the server would answer the same order anyway).
 */
import { UNPAID_ANSWER_TTL_MS } from '#shared/constants';
import type { Order, PlaceOrderBody, VerifyPaymentAnswer } from '#shared/schemas/order';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { placeGuestOrder } from './api/place-guest-order.ts';
import { placeOrder, placeOrderBody } from './api/place-order.ts';

/**
 * A payment made moments after someone else asked about it reads as not completed (409) until the server asks the
 * provider again, at most UNPAID_ANSWER_TTL_MS later: the verification is tried again this often until past that.
 */
export const UNPAID_RETRY_DELAY_MS = 2000;
const UNPAID_RETRIES = Math.floor(UNPAID_ANSWER_TTL_MS / UNPAID_RETRY_DELAY_MS) + 1;

export type FinishStep = 'verifying' | 'placing';

export interface FinishedCheckout {
  verified: VerifyPaymentAnswer;
  order: Order;
}

/** The order call for this shopper: the customer's, with their token, or the guest's. */
export function placeShopperOrder(body: PlaceOrderBody, { asGuest }: { asGuest: boolean }): Promise<Order> {
  return asGuest ? placeGuestOrder(body) : placeOrder(body);
}

export interface FinishCheckoutOptions {
  asGuest: boolean;
  verify: (sessionId: string) => Promise<VerifyPaymentAnswer>;
  place: (body: PlaceOrderBody, options: { asGuest: boolean }) => Promise<Order>;
  onStep?: (step: FinishStep) => void;
  /** Once the order is placed (or known): clear the cart and refresh what shows orders. Runs once per session. */
  onPlaced?: (finished: FinishedCheckout) => void;
  /** Waits between verifications of a payment that reads as not completed yet (tests make it instant). */
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The verified payment, asked again while it reads as not completed; any other failure ends it at once. */
async function verifyPaid(sessionId: string, verify: FinishCheckoutOptions['verify'], wait = sleep) {
  for (let retry = 0; ; retry += 1) {
    try {
      return await verify(sessionId);
    } catch (error) {
      const notCompleted = error instanceof ApiRequestError && error.status === 409;
      if (!notCompleted || retry === UNPAID_RETRIES) throw error;
    }
    await wait(UNPAID_RETRY_DELAY_MS);
  }
}

/**
 * Verifies, then places the order. A failed verification fails the whole: nothing shows the payment was made; one
 * that reads as not completed is asked again for a few seconds first, as it may just have been paid.
 * Once verified, the payment is taken and the order exists (the server makes it at verification; docs/api.md, Checkout and payment),
 * so a failed order call falls back to the verified answer's order rather than telling the shopper the payment
 * failed, which would invite them to pay twice.
 */
export async function finishCheckout(
  sessionId: string,
  { asGuest, verify, place, onStep, onPlaced, wait }: FinishCheckoutOptions,
): Promise<FinishedCheckout> {
  onStep?.('verifying');
  const verified = await verifyPaid(sessionId, verify, wait);
  onStep?.('placing');
  let order: Order;
  try {
    order = await place(placeOrderBody(sessionId, verified, { asGuest }), { asGuest });
  } catch (error) {
    if (!verified.order) throw error;
    console.warn('Placing the order failed after the payment was verified; showing the verified order.', error);
    order = verified.order;
  }
  const finished = { verified, order };
  onPlaced?.(finished);
  return finished;
}

const started = new Map<string, Promise<FinishedCheckout>>();

/**
 * `finishCheckout`, started once per session id: later calls get the same promise, and only the first call's
 * `onStep` and `onPlaced` are called. A failure is forgotten, so a reload may try again.
 */
export function finishCheckoutOnce(sessionId: string, options: FinishCheckoutOptions): Promise<FinishedCheckout> {
  const running = started.get(sessionId);
  if (running) return running;
  const promise = finishCheckout(sessionId, options);
  started.set(sessionId, promise);
  promise.catch(() => started.delete(sessionId));
  return promise;
}
