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
} as const;
