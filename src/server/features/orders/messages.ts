/**
 * The most packs of one counted weight that one client's unpaid checkouts may hold together (decision 104): a client
 * is an address (an IPv6 /64) or a customer's account. A bound on what is held, not a rate, so RATE_LIMIT_FACTOR
 * leaves it alone.
 */
export const MAX_HELD_PER_CLIENT = 10;
/** Up to this many left, a refusal names the number; above it, it does not (decision 104). */
export const STOCK_NAMED_UP_TO = 5;

/** What the checkout and order endpoints answer beyond the shared `checkoutMessages`; the tests read them here too. */
export const orderMessages = {
  productGone: 'We no longer sell one of the products in your cart. Please review your cart.',
  weightGone: (productName: string) =>
    `${productName} is no longer sold in the weight in your cart. Please review your cart.`,
  providerUnavailable: 'We could not reach the payment provider. Nothing was charged. Please try again in a moment.',
  unknownSession: 'We could not find that payment. Please check your cart and try again.',
  unpaid: 'This payment has not been completed.',
  otherCustomer: 'This payment belongs to another account.',
  customerCheckout: 'This payment was made from a customer account. Please log in to see the order.',
  guestEmailMismatch: 'This e-mail address does not match the one given at checkout.',
  badSignature: 'The webhook signature could not be verified.',
  /**
   * A checkout wanting more packs of a weight than are left, naming the product (docs/api.md, Stock). The number left
   * is said only when it is small (decision 104): a larger one would tell anyone the shop's exact stock.
   */
  notEnoughStock: (productName: string, weight: string, left: number) =>
    left === 0
      ? `Sorry, ${productName} (${weight}) is out of stock. Please remove it from your cart.`
      : left <= STOCK_NAMED_UP_TO
        ? `Sorry, only ${left} of ${productName} (${weight}) ${left === 1 ? 'is' : 'are'} left. Please change the quantity in your cart.`
        : `Sorry, we do not have that many of ${productName} (${weight}) left. Please choose fewer.`,
  /** One client's unpaid checkouts would hold more than MAX_HELD_PER_CLIENT packs of one weight (decision 104). */
  tooManyHeld: (productName: string, weight: string, held: number) =>
    held === 0
      ? `Sorry, you can buy at most ${MAX_HELD_PER_CLIENT} of ${productName} (${weight}) at a time. Please change the quantity in your cart.`
      : `Sorry, you can buy at most ${MAX_HELD_PER_CLIENT} of ${productName} (${weight}) at a time, and ${held} ${held === 1 ? 'is' : 'are'} already waiting for your payment. Please complete or cancel that payment, or change the quantity in your cart.`,
  checkoutExpired: 'This payment has expired. Please go back to your cart and check out again.',
} as const;

/** What the owner's order calls answer when they refuse. */
export const orderAdminMessages = {
  notFound: 'Order not found.',
  notForward: (orderNumber: string, status: string) =>
    `Order ${orderNumber} is already ${status}: an order only moves forward, from processing to dispatched to delivered.`,
};

/** What the owner's refund and cancel calls answer when they refuse (docs/api.md, Refunds and cancellations). */
export const refundMessages = {
  refundNotFound: 'Refund not found.',
  nothingLeft: (orderNumber: string) => `Order ${orderNumber} has nothing left to refund.`,
  tooMuch: (orderNumber: string, left: string) => `Only ${left} is left to refund on order ${orderNumber}.`,
  noSuchLine: (orderNumber: string, index: number) => `Order ${orderNumber} has no line ${index}.`,
  lineUsedUp: (name: string, left: number) =>
    left === 0
      ? `Every pack of ${name} has been refunded already.`
      : `Only ${left} ${left === 1 ? 'pack' : 'packs'} of ${name} ${left === 1 ? 'is' : 'are'} left to refund.`,
  keyReused: 'This Idempotency-Key was used for a different refund. Send a new key for a new refund.',
  otherProvider: (provider: string) =>
    `This order was paid through ${provider === 'stripe' ? 'Stripe' : 'the test checkout'}, which this shop no longer uses: refund it there.`,
  notFailed: 'Only a failed refund can be tried again.',
  notCancellable: (orderNumber: string, status: string) =>
    status === 'cancelled'
      ? `Order ${orderNumber} is cancelled already.`
      : `Order ${orderNumber} has been ${status}, so it can no longer be cancelled. Refund it instead.`,
  /** The reason given when a Stripe payment completes after its packs were sold to someone else. */
  soldOutWhilePaying:
    'Sorry: the last packs were sold while your payment was completing, so we could not fulfil this order.',
} as const;
