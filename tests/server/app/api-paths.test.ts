/**
 * `#shared/api-paths` is where the browser builds every API address. Until the server registers its routes from
 * the same module, this proves each address the browser calls reaches a route, not the 404 handler.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths';
import { buildTestApp, type TestApp } from '#tests/build-test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

/** The 404 handler's answer, which no route gives. */
const noSuchRoute = { message: 'Not found' };

// Every call in src/web/features/*/api, with the method it is made with.
const browserCalls = [
  ['GET', apiPaths.products.list],
  ['GET', apiPaths.products.one('roasted-cashew-nuts')],
  ['POST', apiPaths.auth.signup],
  ['POST', apiPaths.auth.verifyOtp],
  ['POST', apiPaths.auth.resendOtp],
  ['POST', apiPaths.auth.login],
  ['GET', apiPaths.auth.me],
  ['POST', apiPaths.auth.forgotPassword],
  ['PUT', apiPaths.auth.resetPassword('a-token')],
  ['GET', `${apiPaths.auth.resetPassword('a-token')}/check`],
  ['GET', apiPaths.cart.get],
  ['POST', apiPaths.cart.add],
  ['DELETE', apiPaths.cart.remove('roasted-cashew-nuts')],
  ['DELETE', apiPaths.cart.clear],
  ['PATCH', apiPaths.cart.changeWeight('roasted-cashew-nuts')],
  ['POST', apiPaths.cart.merge],
  ['POST', apiPaths.cart.quote],
  ['POST', apiPaths.orders.createCheckoutSession],
  ['GET', apiPaths.orders.verify('cs_unknown')],
  ['POST', apiPaths.orders.place],
  ['POST', apiPaths.orders.placeGuest],
  ['GET', apiPaths.orders.mine],
  ['GET', apiPaths.orders.one('an-order-id')],
  ['GET', apiPaths.auth.addresses],
  ['POST', apiPaths.auth.addresses],
  ['DELETE', apiPaths.auth.address('an-address-id')],
  ['POST', apiPaths.contact.submit],
  ['GET', apiPaths.reviews.list],
  ['POST', apiPaths.reviews.create],
  ['GET', apiPaths.totp.status],
  ['POST', apiPaths.totp.start],
  ['POST', apiPaths.totp.confirm],
  ['DELETE', apiPaths.totp.status],
] as const;

describe('the API addresses the browser calls', () => {
  it.each(browserCalls)('%s %s reaches a route', async (method, url) => {
    const response = await testApp.app.inject({ method, url, ...(method === 'GET' ? {} : { payload: {} }) });
    expect(response.json()).not.toEqual(noSuchRoute);
  });

  it('tell a misspelt address apart', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: `${apiPaths.cart.prefix}/merged`, payload: {} });
    expect(response.json()).toEqual(noSuchRoute);
  });
});
