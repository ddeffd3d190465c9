import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginRequiredMessage, sessionEndedMessage } from '#server/features/accounts/auth';
import { insertCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { cartOf, summary } from '#tests/cart';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

const endpoints: { method: 'GET' | 'POST' | 'DELETE' | 'PATCH'; url: string; payload?: object }[] = [
  { method: 'GET', url: '/api/cart' },
  { method: 'POST', url: '/api/cart/add', payload: { _id: 'roasted-cashew-nuts', qty: 1 } },
  { method: 'DELETE', url: '/api/cart/remove/roasted-cashew-nuts', payload: { qtyToRemove: 1 } },
  { method: 'DELETE', url: '/api/cart/clear' },
  { method: 'PATCH', url: '/api/cart/roasted-cashew-nuts', payload: { selectedWeight: '500g' } },
  { method: 'POST', url: '/api/cart/merge', payload: { items: [] } },
];

describe('only a logged-in customer reaches a cart', () => {
  it.each(endpoints)('$method $url asks to log in without a token', async ({ method, url, payload }) => {
    const response = await testApp.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: loginRequiredMessage });
  });

  it.each(endpoints)('$method $url refuses a forged token, even with a bad body', async ({ method, url }) => {
    const customer = await insertCustomer(testApp);
    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(customer.id)
      .setIssuer('roastandco')
      .setAudience('roastandco-shop')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('somebody-elses-secret-0123456789abcdef'));
    const response = await testApp.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${forged}`, 'content-type': 'application/json' },
      payload: '{"qty": "lots"',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: sessionEndedMessage });
  });
});

describe('one customer’s cart is theirs alone', () => {
  it('neither reads nor changes another customer’s lines, whatever product ids it names', async () => {
    const alice = await insertCustomer(testApp, { name: 'Alice' });
    const bob = await insertCustomer(testApp, { name: 'Bob' });
    const alicesCart = cartOf(testApp, alice.token);
    const bobsCart = cartOf(testApp, bob.token);
    await alicesCart.add({ _id: 'roasted-cashew-nuts', qty: 5, selectedWeight: '500g' });
    await alicesCart.add({ _id: 'walnut-halves', qty: 2 });
    const alicesLines = (await alicesCart.get()).lines();

    // Bob sees an empty cart and cannot touch Alice's lines by naming her products.
    expect((await bobsCart.get()).lines()).toEqual([]);
    expect((await bobsCart.remove('roasted-cashew-nuts', 5)).response.statusCode).toBe(404);
    expect((await bobsCart.changeWeight('walnut-halves', '1kg')).response.statusCode).toBe(404);
    expect((await bobsCart.clear()).lines()).toEqual([]);

    // Bob's own cart, with the same products, is his alone.
    const bobsLines = (await bobsCart.add({ _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '250g' })).lines();
    expect(bobsLines.map(summary)).toEqual([
      { _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '250g', price: 4.19, available: true },
    ]);
    await bobsCart.merge([{ _id: 'walnut-halves', qty: 3, selectedWeight: '1kg' }]);
    await bobsCart.remove('roasted-cashew-nuts', 1);

    expect((await alicesCart.get()).lines()).toEqual(alicesLines);
    expect((await bobsCart.get()).lines().map(summary)).toEqual([
      { _id: 'walnut-halves', qty: 3, selectedWeight: '1kg', price: 14.99, available: true },
    ]);

    // And Alice clearing hers leaves Bob's.
    await alicesCart.clear();
    expect((await bobsCart.get()).lines().map((line) => line._id)).toEqual(['walnut-halves']);
  });
});
