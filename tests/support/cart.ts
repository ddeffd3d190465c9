/** A customer's view of the cart API for tests: each call injects one request with the customer's token. */
import type { LightMyRequestResponse } from 'fastify';
import { CartLinesSchema, type CartLine } from '#shared/schemas/cart';
import { bearer, insertCustomer } from '#tests/accounts';
import type { TestApp } from '#tests/build-test-app';

export interface CartCall {
  response: LightMyRequestResponse;
  /** The answer's lines, checked against the shared schema; throws unless the answer was 200. */
  lines(): CartLine[];
}

function call(response: LightMyRequestResponse): CartCall {
  return {
    response,
    lines() {
      if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
      return CartLinesSchema.parse(response.json());
    },
  };
}

export function cartOf({ app }: TestApp, token: string | undefined) {
  const headers = bearer(token);
  const send = async (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
    call(await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) }));
  return {
    get: () => send('GET', '/api/cart'),
    add: (body: object) => send('POST', '/api/cart/add', body),
    remove: (productId: string, qtyToRemove: unknown) =>
      send('DELETE', `/api/cart/remove/${encodeURIComponent(productId)}`, { qtyToRemove }),
    clear: () => send('DELETE', '/api/cart/clear'),
    changeWeight: (productId: string, selectedWeight: unknown) =>
      send('PATCH', `/api/cart/${encodeURIComponent(productId)}`, { selectedWeight }),
    merge: (items: object[]) => send('POST', '/api/cart/merge', { items }),
  };
}

/** A line reduced to what a shopper reads off the cart page. */
export const summary = (line: CartLine) => ({
  _id: line._id,
  qty: line.qty,
  selectedWeight: line.selectedWeight,
  price: line.price,
  available: line.available,
});

/** The cart of a new verified customer, made straight in the database. */
export async function newCustomerCart(testApp: TestApp) {
  const customer = await insertCustomer(testApp);
  return cartOf(testApp, customer.token);
}
