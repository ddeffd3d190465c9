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
  lines: readonly Pick<CheckoutLine, 'name' | 'selectedWeight' | 'qty' | 'unitPricePence' | 'vatRate'>[];
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

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createSession(checkout: CheckoutForPayment): Promise<PaymentSession>;
  /** True once the provider holds the session as paid; false for unpaid, expired or unknown sessions. */
  isPaid(sessionId: string): Promise<boolean>;
}
