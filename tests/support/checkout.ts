/** A shopper's view of checkout for API tests: start a payment, pay on the test page, verify, place the order. */
import type { LightMyRequestResponse } from 'fastify';
import type { CreateCheckoutInput } from '#shared/schemas/order';
import type { ShippingAddress } from '#shared/schemas/shipping-address';
import { bearer, type TestCustomer, uniqueEmail } from '#tests/accounts';
import type { TestApp } from '#tests/build-test-app';
import { shippingAddress } from '#tests/fixtures/shipping-address';

/** The shared address with an e-mail of its own, so each guest's mail and orders are theirs alone in a test file. */
export function guestAddress(overrides: Partial<ShippingAddress> = {}): ShippingAddress {
  return shippingAddress({ email: uniqueEmail('guest'), ...overrides });
}

/**
 * Two lines at the seeded prices: 2 × Roasted Cashew Nuts 500g at £8.09 (VAT 20%) and 1 × a zero-rated
 * product's 250g at £4.19. Total £20.37.
 */
export function cartPayload(address: ShippingAddress = guestAddress()) {
  return {
    orderItems: [
      { _id: 'roasted-cashew-nuts', qty: 2, selectedWeight: '500g', price: 8.09, name: 'Roasted Cashew Nuts' },
      { _id: 'medjool-dates', qty: 1, selectedWeight: '250g', price: 4.19 },
    ],
    shippingAddress: address,
    totalPrice: 20.37,
  } satisfies CreateCheckoutInput & { orderItems: object[] };
}

/** `cartPayload`'s lines as the server prices and stores them on the checkout, in pence; £20.37 in all. */
export const cartPayloadLines = [
  {
    productId: 'roasted-cashew-nuts',
    name: 'Roasted Cashew Nuts',
    selectedWeight: '500g',
    qty: 2,
    unitPricePence: 809,
    vatRate: 20,
    discountPence: 0,
  },
  {
    productId: 'medjool-dates',
    name: 'Medjool Dates',
    selectedWeight: '250g',
    qty: 1,
    unitPricePence: 419,
    vatRate: 0,
    discountPence: 0,
  },
];

export function checkoutCalls({ app }: TestApp, token?: string) {
  const headers = token === undefined ? {} : bearer(token);
  return {
    createSession: (payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/orders/create-stripe-session', headers, payload: payload as object }),
    verify: (sessionId: string) =>
      app.inject({ method: 'GET', url: `/api/orders/verify-stripe/${encodeURIComponent(sessionId)}`, headers }),
    placeOrder: (payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/orders', headers, payload: payload as object }),
    placeGuestOrder: (payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/orders/guest-order', headers, payload: payload as object }),
    myOrders: () => app.inject({ method: 'GET', url: '/api/orders/my-orders', headers }),
  };
}

export const testCard = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 34',
  cvc: '123',
  nameOnCard: 'Grace Hopper',
};

/** Submits the test payment page's form, as a browser does. */
export function payOnTestPage({ app }: TestApp, sessionId: string, card: Partial<typeof testCard> = {}) {
  return app.inject({
    method: 'POST',
    url: `/pay/${encodeURIComponent(sessionId)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...testCard, ...card }).toString(),
  });
}

/** Starts a checkout and answers its session id; throws unless the server answered 200. */
export async function startCheckout(testApp: TestApp, payload: unknown = cartPayload(), token?: string) {
  const response = await checkoutCalls(testApp, token).createSession(payload);
  if (response.statusCode !== 200) throw new Error(`create-stripe-session: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: string; url: string }).id;
}

/** The order call's body for a session: what was paid for, as /success sends it. */
export function orderPayload(sessionId: string, payload: object = cartPayload()) {
  return { ...payload, sessionId };
}

export const statusOf = (response: LightMyRequestResponse) => response.statusCode;

/** A guest's paid order for `cartPayload`'s lines, placed as /success places it; throws unless it was placed. */
export async function paidGuestOrder(
  testApp: TestApp,
  address: ShippingAddress = guestAddress(),
): Promise<{ id: string; number: string; email: string }> {
  const payload = cartPayload(address);
  const sessionId = await startCheckout(testApp, payload);
  await payOnTestPage(testApp, sessionId);
  const placed = await checkoutCalls(testApp).placeGuestOrder({
    ...orderPayload(sessionId, payload),
    guestEmail: address.email,
  });
  if (placed.statusCode >= 300) throw new Error(`guest order: ${placed.statusCode} ${placed.body}`);
  return { id: placed.json()._id, number: placed.json().orderNumber, email: address.email };
}

/**
 * A paid order of `cartPayload`'s lines, placed as /success places it: a guest's, or the customer's when `customer` is
 * given. With `sink`, its confirmation is taken from the sink, so the next mail to the address is what the test causes.
 */
export async function paidOrder(
  testApp: TestApp,
  {
    customer,
    sink,
  }: { customer?: TestCustomer | undefined; sink?: { nextMailTo(address: string): Promise<unknown> } } = {},
): Promise<{ id: string; number: string; email: string }> {
  const address = guestAddress(customer ? { email: customer.email } : {});
  const payload = cartPayload(address);
  const sessionId = await startCheckout(testApp, payload, customer?.token);
  await payOnTestPage(testApp, sessionId);
  const calls = checkoutCalls(testApp, customer?.token);
  const placed = customer
    ? await calls.placeOrder(orderPayload(sessionId, payload))
    : await calls.placeGuestOrder({ ...orderPayload(sessionId, payload), guestEmail: address.email });
  if (placed.statusCode >= 300) throw new Error(`order: ${placed.statusCode} ${placed.body}`);
  await sink?.nextMailTo(address.email);
  return { id: placed.json()._id, number: placed.json().orderNumber, email: address.email };
}
