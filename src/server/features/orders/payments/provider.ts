/**
 * The one small interface every payment provider meets (PAYMENT_PROVIDER): start a payment session for a
 * pending checkout, and say whether a session has been paid. What happens on the provider's side (its own page,
 * its webhook) stays in the provider's module and routes; orders never depend on which provider took the money.
 */
import type { PaymentProviderName } from '../../../config.ts';
import type { CheckoutLine } from '../order-records.ts';

/** A pending checkout as a provider needs it: every amount already recomputed by the server, in pence. */
export interface CheckoutForPayment {
  /** The pending checkout's id, kept by the provider (metadata) to link the payment back to it. */
  checkoutId: string;
  /** Each with its share of the promotion's discount. */
  lines: readonly Pick<
    CheckoutLine,
    'name' | 'selectedWeight' | 'qty' | 'unitPricePence' | 'vatRate' | 'discountPence'
  >[];
  /** The delivery charge, part of `amountPence`: the lines after their discount plus this make the amount. */
  deliveryPence: number;
  amountPence: number;
  /** The customer's or guest's address, prefilled on the provider's page and used for its receipt. */
  email: string;
}

export interface PaymentSession {
  /** The provider's session id: the browser comes back with it as `session_id`. */
  sessionId: string;
  /** Where the browser goes to pay. */
  url: string;
}

/** Money to give back on a paid session (decision 093). */
export interface RefundRequest {
  /** The shop's refund id: the provider keeps it (metadata), so its events name the shop's refund. */
  refundId: string;
  /** Which try of this refund: with `refundId` it makes the idempotency key, so one try is one refund at most. */
  attempt: number;
  sessionId: string;
  amountPence: number;
  orderNumber: string;
}

/** Where a refund stands at the provider. */
export type RefundOutcome =
  | { status: 'succeeded' | 'pending'; providerRefundId: string }
  | { status: 'failed'; providerRefundId?: string | undefined; failureReason: string };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createSession(checkout: CheckoutForPayment): Promise<PaymentSession>;
  /** True once the provider holds the session as paid; false for unpaid, expired or unknown sessions. */
  isPaid(sessionId: string): Promise<boolean>;
  /**
   * Asks for a refund, safe to repeat with the same request (the provider answers the refund it made the first time).
   * Throws when the outcome is unknown (the provider could not be reached): the refund stays pending and is asked for
   * again later.
   */
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /** A refund's state now, by the provider's id for it. */
  refundStatus(providerRefundId: string): Promise<RefundOutcome>;
}
