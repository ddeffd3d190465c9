/**
 * The stand-in's refunds: Stripe's rules for refunding a paid Checkout Session's payment intent (never more than was
 * paid, counting every refund not failed or canceled), the Refund and Charge objects in Stripe's names, and the test
 * controls behind `StripeStandIn`'s refund methods.
 */
import { randomBytes } from 'node:crypto';
import {
  field,
  integer,
  invalid,
  listPage,
  missingObject,
  missingResource,
  parseForm,
  readMetadata,
  refuseUnknown,
  StandInError,
  type StandInList,
} from './stripe-stand-in-protocol.ts';

/** A Refund as the stand-in answers it: the fields the shop reads, in Stripe's names. */
export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  failure_reason: string | null;
  metadata: Record<string, string>;
  reason: string | null;
  created: number;
}

/** One refund the stand-in made, with what was sent for it (nothing, for one made in the dashboard). */
export interface CreatedRefund {
  /** The refund object as retrieved now (settleRefund() changes it). */
  refund: StandInRefund;
  idempotencyKey: string | undefined;
  /** The create request's form fields exactly as sent, by their bracketed names; `{}` from the dashboard. */
  form: Record<string, string>;
}

/** The Charge behind a paid session, as a `charge.refunded` event carries it. */
export interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded';
}

/**
 * What newly created refunds become; `refuse` answers the create with Stripe's error (400, or 402 for a card_error)
 * and makes no refund.
 */
export type RefundOutcome =
  | 'succeeded'
  | 'pending'
  | 'failed'
  | { refuse: { code: string; message: string; type?: 'card_error' | 'invalid_request_error' } };

/** The part of a Checkout Session a refund depends on. */
export interface RefundableSession {
  id: string;
  currency: string;
  amount_total: number;
  payment_intent: string | null;
}

const REFUND_PARAMS = ['payment_intent', 'amount', 'metadata', 'reason'] as const;
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];
const LIST_PARAMS = ['payment_intent', 'charge', 'limit', 'starting_after'] as const;
/** Stripe's reason when a card can no longer take money back; the default for a failed refund. */
const FAILURE_REASON = 'expired_or_canceled_card';

export interface RefundBook {
  readonly refunds: CreatedRefund[];
  /** `POST /v1/refunds` after its idempotency key was looked at: makes the refund or throws Stripe's refusal. */
  create(body: string, idempotencyKey: string | undefined): StandInRefund;
  retrieve(id: string): StandInRefund;
  list(query: URLSearchParams): StandInList<StandInRefund>;
  setOutcome(outcome: RefundOutcome): void;
  settle(refundId: string, status: 'succeeded' | 'failed', failureReason?: string): void;
  dashboard(session: RefundableSession, amountPence?: number): StandInRefund;
  charge(session: RefundableSession): StandInCharge;
  /** Resolves with the next refund made, by the API or the dashboard. */
  made(): Promise<CreatedRefund>;
}

/** `paidSession(paymentIntent)` finds the paid session holding that payment intent. */
export function createRefundBook(paidSession: (paymentIntent: string) => RefundableSession | undefined): RefundBook {
  const refunds: CreatedRefund[] = [];
  const byId = new Map<string, CreatedRefund>();
  /** One charge per payment intent, so every refund and `charge.refunded` event of a payment names the same one. */
  const chargeIds = new Map<string, string>();
  const waiting: Array<(made: CreatedRefund) => void> = [];
  let outcome: RefundOutcome = 'succeeded';

  function chargeId(paymentIntent: string): string {
    let id = chargeIds.get(paymentIntent);
    if (id === undefined) {
      id = `ch_test_${randomBytes(12).toString('hex')}`;
      chargeIds.set(paymentIntent, id);
    }
    return id;
  }

  function refundsOf(paymentIntent: string): CreatedRefund[] {
    return refunds.filter(({ refund }) => refund.payment_intent === paymentIntent);
  }

  function sumOf(paymentIntent: string, statuses: readonly StandInRefund['status'][]): number {
    return refundsOf(paymentIntent)
      .filter(({ refund }) => statuses.includes(refund.status))
      .reduce((sum, { refund }) => sum + refund.amount, 0);
  }

  /** Stripe's checks on the amount; synchronous, so concurrent requests can never refund more than was paid. */
  function refundableAmount(session: RefundableSession, paymentIntent: string, asked: number | undefined) {
    const left = session.amount_total - sumOf(paymentIntent, ['pending', 'succeeded']);
    if (left <= 0)
      throw invalid(
        `Charge ${chargeId(paymentIntent)} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    const amount = asked ?? left;
    if (amount > left)
      throw invalid(
        `Refund amount (${money(amount, session.currency)}) is greater than unrefunded amount on charge (${money(left, session.currency)})`,
        'amount',
        'amount_too_large',
      );
    return amount;
  }

  function record(made: CreatedRefund): StandInRefund {
    refunds.push(made);
    byId.set(made.refund.id, made);
    for (const resolve of waiting.splice(0)) resolve(made);
    return made.refund;
  }

  function newRefund(
    session: RefundableSession,
    paymentIntent: string,
    amount: number,
    fields: Pick<StandInRefund, 'status' | 'failure_reason' | 'metadata' | 'reason'>,
  ): StandInRefund {
    return {
      id: `re_test_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: session.currency,
      payment_intent: paymentIntent,
      charge: chargeId(paymentIntent),
      created: Math.floor(Date.now() / 1000),
      ...fields,
    };
  }

  return {
    refunds,

    create(body, idempotencyKey) {
      const tree = parseForm(body);
      refuseUnknown(Object.keys(tree), REFUND_PARAMS, 'refunds');
      const paymentIntent = field(tree, 'payment_intent', 'payment_intent');
      if (paymentIntent === undefined)
        throw invalid('Missing required param: payment_intent.', 'payment_intent', 'parameter_missing');
      const amountText = field(tree, 'amount', 'amount');
      const asked = amountText === undefined ? undefined : integer(amountText, 'amount', 1);
      const metadata = readMetadata(tree);
      const reason = field(tree, 'reason', 'reason') ?? null;
      if (reason !== null && !REFUND_REASONS.includes(reason)) throw invalid(`Invalid reason: ${reason}`, 'reason');
      const session = paidSession(paymentIntent);
      if (!session) throw missingObject('payment_intent', paymentIntent, 'payment_intent');
      const amount = refundableAmount(session, paymentIntent, asked);
      if (typeof outcome === 'object') {
        const { type = 'invalid_request_error', code, message } = outcome.refuse;
        // Stripe answers a card error 402, which is what makes the SDK throw StripeCardError.
        throw new StandInError(type === 'card_error' ? 402 : 400, { type, code, message });
      }
      const refund = newRefund(session, paymentIntent, amount, {
        status: outcome,
        failure_reason: outcome === 'failed' ? FAILURE_REASON : null,
        metadata,
        reason,
      });
      return record({ refund, idempotencyKey, form: Object.fromEntries(new URLSearchParams(body)) });
    },

    retrieve(id) {
      const made = byId.get(id);
      if (!made) throw missingResource('refund', id, 'id');
      return made.refund;
    },

    list(query) {
      refuseUnknown(query.keys(), LIST_PARAMS, 'the refunds list');
      const paymentIntent = query.get('payment_intent');
      const charge = query.get('charge');
      const newestFirst = refunds
        .map(({ refund }) => refund)
        .filter((refund) => paymentIntent === null || refund.payment_intent === paymentIntent)
        .filter((refund) => charge === null || refund.charge === charge)
        .reverse();
      return listPage('/v1/refunds', newestFirst, query);
    },

    setOutcome(next) {
      outcome = next;
    },

    settle(refundId, status, failureReason) {
      const made = byId.get(refundId);
      if (!made) throw new Error(`The Stripe stand-in has no refund ${refundId}`);
      if (made.refund.status !== 'pending')
        throw new Error(`Refund ${refundId} is ${made.refund.status}: only a pending refund settles`);
      made.refund.status = status;
      made.refund.failure_reason = status === 'failed' ? (failureReason ?? FAILURE_REASON) : null;
    },

    dashboard(session, amountPence) {
      const paymentIntent = session.payment_intent;
      if (paymentIntent === null) throw new Error(`Session ${session.id} is not paid: there is nothing to refund`);
      if (amountPence !== undefined && (!Number.isInteger(amountPence) || amountPence < 1))
        throw new Error(`A dashboard refund is a whole number of pence, at least 1: ${amountPence}`);
      const amount = refundableAmount(session, paymentIntent, amountPence);
      const refund = newRefund(session, paymentIntent, amount, {
        status: 'succeeded',
        failure_reason: null,
        metadata: {},
        reason: 'requested_by_customer',
      });
      return record({ refund, idempotencyKey: undefined, form: {} });
    },

    charge(session) {
      const paymentIntent = session.payment_intent;
      if (paymentIntent === null) throw new Error(`Session ${session.id} is not paid: it has no charge`);
      const refunded = sumOf(paymentIntent, ['pending', 'succeeded']);
      return {
        id: chargeId(paymentIntent),
        object: 'charge',
        amount: session.amount_total,
        amount_refunded: refunded,
        currency: session.currency,
        payment_intent: paymentIntent,
        refunded: refunded >= session.amount_total,
        status: 'succeeded',
      };
    },

    made() {
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}

/** Amounts in Stripe's refusals, e.g. £12.50. */
function money(pence: number, currency: string): string {
  const pounds = (pence / 100).toFixed(2);
  return currency === 'gbp' ? `£${pounds}` : `${pounds} ${currency.toUpperCase()}`;
}
