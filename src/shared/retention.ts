/**
 * How long the shop keeps what it no longer needs (decision 082, UK GDPR's storage limitation), written once: the
 * server's housekeeping sweep deletes by these, and the privacy policy states them. Orders are not here: they stay
 * for the books (6 years, HMRC), losing their personal data only when the customer deletes their account.
 */
export const RETENTION = {
  /** A contact message, from when it arrived or was last answered, whichever is later. */
  contactMessageMonths: 12,
  /** What stays of a mail once sent or given up on: the address, subject and times (the body goes when sent). */
  sentMailDays: 90,
  /**
   * A checkout never paid, from when it was made, once its stock is back: well past Stripe's session (31 minutes) and
   * its webhook retries (3 days), so no payment can still arrive for it.
   */
  unpaidCheckoutDays: 30,
  /** A signup attempt (its code) or a password-reset link, from when it expired. */
  expiredCodeDays: 1,
} as const;
