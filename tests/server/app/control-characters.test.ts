/**
 * Control characters at the edge (decision 047): a NUL or other control character in a path, a
 * query or a body is a 400 with a message and the field, before it reaches a handler or the database (a NUL used to
 * reach PostgreSQL and come back as a 500), while free text keeps its line breaks and raw or multipart bodies work.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlCharacterMessages } from '#server/plugins/app/control-characters';
import { reviewMessages } from '#shared/schemas/review';
import { bearer, insertCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { buildStripeTestApp, type StripeTestApp } from '#tests/stripe-test-app';
import { cartPayload, payOnTestPage, guestAddress, startCheckout } from '#tests/checkout';
import { multipartBody } from '#tests/multipart';
import { STAND_IN_WEBHOOK_SECRET, type StripeStandIn } from '#tests/stripe-stand-in';
import { createWebDist, type WebDist } from '#tests/web-dist';
import { productInput } from '#tests/fixtures/product';

/** Every line the app logs, parsed. */
function capturedLog() {
  const lines: { level: number; msg: string }[] = [];
  return { lines, logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } } };
}

const addressRefusal = (field: string) => ({
  message: controlCharacterMessages.address,
  errors: [{ field, message: controlCharacterMessages.address }],
});
const fieldRefusal = (field: string) => ({
  message: controlCharacterMessages.field,
  errors: [{ field, message: controlCharacterMessages.field }],
});

describe('control characters in what the API takes', () => {
  let testApp: TestApp;
  let webDist: WebDist;
  const log = capturedLog();
  beforeAll(async () => {
    webDist = await createWebDist();
    testApp = await buildTestApp({ webDistDir: webDist.dir }, { logger: log.logger });
  });
  afterAll(async () => {
    await testApp?.close();
    await webDist?.remove();
  });

  it('refuses a NUL in a payment session id in the path, for a made-up id and a real one alike', async () => {
    const sessionId = await startCheckout(testApp);
    for (const url of ['/api/orders/verify-stripe/%00', `/api/orders/verify-stripe/${sessionId}%00`]) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(addressRefusal('sessionId'));
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('refuses a NUL in a signup code check’s userId, and logs it as the client’s mistake, not an error', async () => {
    log.lines.length = 0;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { userId: '\u0000', otp: '123456' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(fieldRefusal('userId'));
    expect(log.lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(log.lines.map((line) => line.msg)).toContain('rejected control character');
  });

  it.each([
    ['a NUL', '%00'],
    ['a line feed', '%0A'],
    ['a tab', '%09'],
    ['an escape', '%1B'],
    ['a DEL', '%7F'],
    ['a C1 control', '%C2%85'],
  ])('refuses %s in a path id: ids never hold one', async (_label, encoded) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/products/roasted-cashew-nuts${encoded}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(addressRefusal('id'));
  });

  it('refuses a control character in a query value or a query key', async () => {
    const inValue = await testApp.app.inject({ method: 'GET', url: '/api/products?category=Nuts%0D%0A' });
    expect(inValue.statusCode).toBe(400);
    expect(inValue.json()).toEqual(addressRefusal('category'));

    const inRepeatedValue = await testApp.app.inject({ method: 'GET', url: '/api/reviews?page=1&page=%00' });
    expect(inRepeatedValue.json()).toEqual(addressRefusal('page'));

    const inKey = await testApp.app.inject({ method: 'GET', url: '/api/reviews?pa%00ge=1' });
    expect(inKey.statusCode).toBe(400);
    expect(inKey.json()).toEqual(addressRefusal('query'));
  });

  it('refuses one on an unknown API path too, and on a page’s address, as JSON', async () => {
    const unknown = await testApp.app.inject({ method: 'GET', url: '/api/no-such-thing?q=%00' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(addressRefusal('q'));

    const page = await testApp.app.inject({
      method: 'GET',
      url: '/product/roasted%00',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(400);
    expect(page.json()).toEqual(addressRefusal('productId'));
    expect(page.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('names the nested field of a JSON body that holds one, in a string or a key', async () => {
    const inValue = await testApp.app.inject({
      method: 'POST',
      url: '/api/orders/create-stripe-session',
      payload: cartPayload(guestAddress({ city: 'Bristol\u0007' })),
    });
    expect(inValue.statusCode).toBe(400);
    expect(inValue.json()).toEqual(fieldRefusal('shippingAddress.city'));

    const inListItem = await testApp.app.inject({
      method: 'POST',
      url: '/api/orders/create-stripe-session',
      payload: { ...cartPayload(), orderItems: [{ _id: 'roasted-cashew-nuts\u0000', qty: 1, selectedWeight: '500g' }] },
    });
    expect(inListItem.json()).toEqual(fieldRefusal('orderItems.0._id'));

    const inKey = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.com', password: 'long-enough-1', 'pass\u0000word': 'x' },
    });
    expect(inKey.statusCode).toBe(400);
    expect(inKey.json()).toEqual(fieldRefusal(''));
  });

  it('refuses a lone surrogate (a JSON \\ud800 escape) in a body string or key: PostgreSQL refused it in an address or an audit record with a 500 (found by the fuzz)', async () => {
    const admin = await insertCustomer(testApp, { role: 'admin' });
    const brokenRefusal = (field: string) => ({
      message: controlCharacterMessages.notText,
      errors: [{ field, message: controlCharacterMessages.notText }],
    });
    const cases = [
      [
        '/api/orders/create-stripe-session',
        cartPayload(guestAddress({ postalCode: 'SW1Y 4JH\ud800' })),
        'shippingAddress.postalCode',
        {},
      ],
      ['/api/admin/products', productInput({ name: 'Almonds\udfff' }), 'name', bearer(admin.token)],
      ['/api/contact/submit', { name: 'Ada', email: 'ada@example.com', message: 'Hi \ud83e' }, 'message', {}],
      ['/api/auth/login', { email: 'a@example.com', password: 'long-enough-1', '\ud800': 'x' }, '', {}],
    ] as const;
    for (const [url, payload, field, headers] of cases) {
      const response = await testApp.app.inject({ method: 'POST', url, payload, headers });
      expect([url, response.statusCode, response.json()]).toEqual([url, 400, brokenRefusal(field)]);
    }
    // A whole pair is a character like any other.
    const emoji = await testApp.app.inject({
      method: 'POST',
      url: '/api/contact/submit',
      payload: { name: 'Ada', email: 'ada@example.com', message: 'Hi \ud83e\udd5c' },
    });
    expect(emoji.statusCode).toBe(201);
  });

  it.each([
    ['a NUL', '\u0000'],
    ['a vertical tab', '\u000b'],
    ['a DEL', '\u007f'],
    ['a C1 control', '\u0085'],
  ])('refuses %s even inside free text', async (_label, character) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/contact/submit',
      payload: { name: 'Ada Lovelace', email: 'ada@example.com', message: `Hello${character}there` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(fieldRefusal('message'));
  });

  it('keeps the line breaks and tabs of free text, which it stores as sent', async () => {
    const message = 'Do you sell\r\n\tunsalted cashews?\nThanks';
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/contact/submit',
      payload: { name: 'Ada Lovelace', email: 'ada@example.com', message },
    });
    expect(response.statusCode).toBe(201);

    const review = await testApp.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { name: 'Ada Lovelace', rating: 5, message: 'Crunchy.\n\nWould buy again.' },
    });
    expect(review.statusCode).toBe(201);
    expect(review.json().message).toBe('Crunchy.\n\nWould buy again.');
  });

  it('refuses a NUL in a review sent as a form, through the shared review rule (the form is read after the hook)', async () => {
    const good = { name: 'Ada Lovelace', location: 'London', rating: '5', message: 'Lovely.' };
    const cases = [
      { fields: { ...good, name: 'Ada\u0000' }, field: 'name', message: reviewMessages.nameOneLine },
      { fields: { ...good, location: 'Lon\u0000don' }, field: 'location', message: reviewMessages.location },
      { fields: { ...good, message: 'Lovely.\u0000' }, field: 'message', message: reviewMessages.messageControl },
    ];
    for (const { fields, field, message } of cases) {
      const form = multipartBody(fields);
      const response = await testApp.app.inject({ method: 'POST', url: '/api/reviews', ...form });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, errors: [{ field, message }] });
    }
    const kept = multipartBody({ ...good, message: 'Lovely.\r\nReally.' });
    const response = await testApp.app.inject({ method: 'POST', url: '/api/reviews', ...kept });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Lovely.\r\nReally.');
  });

  it('refuses a NUL in a customer’s cart call behind the token, and in the test payment page’s form', async () => {
    const customer = await insertCustomer(testApp);
    const cart = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/cart/remove/roasted-cashew-nuts%00',
      headers: { authorization: `Bearer ${customer.token}` },
      payload: { qtyToRemove: 1 },
    });
    expect(cart.statusCode).toBe(400);
    expect(cart.json()).toEqual(addressRefusal('id'));

    const sessionId = await startCheckout(testApp);
    const pay = await payOnTestPage(testApp, sessionId, { nameOnCard: 'Grace\u0000Hopper' });
    expect(pay.statusCode).toBe(400);
    expect(pay.json()).toEqual(fieldRefusal('nameOnCard'));
  });
});

describe('a raw body is left to its route', () => {
  let testApp: StripeTestApp;
  let standIn: StripeStandIn;
  beforeAll(async () => {
    testApp = await buildStripeTestApp();
    standIn = testApp.standIn;
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('takes a signed Stripe webhook whose JSON holds a NUL escape: its bytes are checked by signature, not as text', async () => {
    const sessionId = await startCheckout(testApp);
    standIn.pay(sessionId);
    const event = JSON.parse(standIn.signedEvent(sessionId, { secret: STAND_IN_WEBHOOK_SECRET }).payload);
    const payload = JSON.stringify({ ...event, note: 'from a dashboard\u0000' });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STAND_IN_WEBHOOK_SECRET });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/orders/stripe-webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    const verify = await testApp.app.inject({ method: 'GET', url: `/api/orders/verify-stripe/${sessionId}` });
    expect(verify.statusCode).toBe(200);
  });
});
