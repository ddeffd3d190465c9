/** Checkout with the built-in test provider: a payment session, the test page, verify, the order calls, the mail. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '#server/features/orders/messages';
import {
  checkoutMessages,
  OrderSchema,
  VerifyPaymentAnswerSchema,
  CheckoutSessionAnswerSchema,
} from '#shared/schemas/order';
import { insertCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import {
  cartPayload,
  cartPayloadLines,
  checkoutCalls,
  orderPayload,
  payOnTestPage,
  guestAddress,
  startCheckout,
} from '#tests/checkout';
import { queryRows } from '#tests/db';
import { SmtpSink } from '#tests/smtp-sink';

let testApp: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await SmtpSink.start();
  testApp = await buildTestApp({ smtpUrl: sink.url });
});
afterAll(async () => {
  await testApp?.close();
  await sink?.stop();
});

const guest = () => checkoutCalls(testApp);

async function countRows(table: 'orders' | 'checkouts', sessionId?: string) {
  const where =
    table === 'orders'
      ? sql`where checkout_id in (select id from checkouts where session_id = ${sessionId ?? ''})`
      : sql`where session_id = ${sessionId ?? ''}`;
  const [row] = await queryRows<{ count: number }>(
    testApp,
    sessionId === undefined
      ? sql`select count(*)::int as count from ${sql.raw(table)}`
      : sql`select count(*)::int as count from ${sql.raw(table)} ${where}`,
  );
  return row?.count ?? 0;
}

describe('POST /api/orders/create-stripe-session', () => {
  it('records the checkout priced in pence from the catalog and answers the test payment page', async () => {
    const response = await guest().createSession(cartPayload());
    expect(response.statusCode).toBe(200);
    const answer = CheckoutSessionAnswerSchema.parse(response.json());
    expect(answer.url).toBe(`${testApp.config.publicUrl}/pay/${answer.id}`);
    const [checkout] = await queryRows<{ amount_pence: number; lines: unknown; user_id: string | null }>(
      testApp,
      sql`select amount_pence, lines, user_id from checkouts where session_id = ${answer.id}`,
    );
    expect(checkout).toMatchObject({ amount_pence: 2037, user_id: null });
    expect(checkout?.lines).toEqual(cartPayloadLines);
  });

  it('answers 409 asking to review the cart when the total or a line price differs from the catalog, and records nothing', async () => {
    const before = await countRows('checkouts');
    const payload = cartPayload();
    const cheaperTotal = await guest().createSession({ ...payload, totalPrice: 0.01 });
    expect(cheaperTotal.statusCode).toBe(409);
    expect(cheaperTotal.json()).toEqual({ message: checkoutMessages.reviewCart });

    const [first, second] = payload.orderItems;
    const cheaperLine = await guest().createSession({
      ...payload,
      orderItems: [{ ...first, price: 0.5 }, second],
      totalPrice: 0.5 * 2 + 4.19,
    });
    expect(cheaperLine.statusCode).toBe(409);
    expect(await countRows('checkouts')).toBe(before);
  });

  it('answers 400 for a product or weight the catalog does not sell, naming the line', async () => {
    const payload = cartPayload();
    const unknownProduct = await guest().createSession({
      ...payload,
      orderItems: [{ _id: 'gold-plated-almonds', qty: 1, selectedWeight: '250g' }],
      totalPrice: 4.19,
    });
    expect(unknownProduct.statusCode).toBe(400);
    expect(unknownProduct.json()).toMatchObject({
      message: orderMessages.productGone,
      errors: [{ field: 'orderItems.0._id' }],
    });
    const unknownWeight = await guest().createSession({
      ...payload,
      orderItems: [{ _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '3kg' }],
      totalPrice: 4.19,
    });
    expect(unknownWeight.statusCode).toBe(400);
    expect(unknownWeight.json().errors[0].field).toBe('orderItems.0.selectedWeight');
  });

  it('takes the first weight for a line that names none, and a customer’s checkout is theirs with their account address', async () => {
    const customer = await insertCustomer(testApp);
    const payload = {
      ...cartPayload(),
      orderItems: [{ _id: 'roasted-cashew-nuts', qty: 1, selectedWeight: '' }],
      totalPrice: 4.19,
    };
    const sessionId = await startCheckout(testApp, payload, customer.token);
    const [checkout] = await queryRows<{ user_id: string; email: string; guest_email: string | null }>(
      testApp,
      sql`select user_id, email, guest_email from checkouts where session_id = ${sessionId}`,
    );
    expect(checkout).toEqual({ user_id: customer.id, email: customer.email, guest_email: null });
  });

  it('answers 401 to a bearer token that is not a live session', async () => {
    const response = await checkoutCalls(testApp, 'not-a-token').createSession(cartPayload());
    expect(response.statusCode).toBe(401);
  });
});

describe('the test payment page', () => {
  it('shows the lines and total, the labelled card fields, a Pay button naming the amount, Cancel, and says it is a test', async () => {
    const sessionId = await startCheckout(testApp);
    const page = await testApp.app.inject({ method: 'GET', url: `/pay/${sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    for (const label of ['Card number', 'Expiry', 'CVC', 'Name on card'])
      expect(page.body).toMatch(new RegExp(`<label for="[a-z-]+">${label}</label>`));
    expect(page.body).toContain('<button type="submit">Pay £20.37</button>');
    expect(page.body).toMatch(
      /<form method="post" action="\/pay\/[^"]+\/cancel"[^>]*>\s*<p><button type="submit" class="link">Cancel<\/button>/,
    );
    expect(page.body).toContain('Test payment page.');
    expect(page.body).toContain('2 × Roasted Cashew Nuts (500g)');
  });

  it('shows a refused card’s fields again as typed, once, and pays with an expiry typed without its slash', async () => {
    const sessionId = await startCheckout(testApp);
    const refused = await payOnTestPage(testApp, sessionId, { expiry: '1329', nameOnCard: 'Grace "Amazing" Hopper' });
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe(`/pay/${sessionId}?refused=invalidExpiry`);
    const again = await testApp.app.inject({ method: 'GET', url: refused.headers.location as string });
    expect(again.body).toContain('expiration date is invalid.');
    expect(again.body).toMatch(/<input id="card-number"[^>]* value="4242 4242 4242 4242"/);
    expect(again.body).toMatch(/<input id="card-expiry"[^>]* value="1329"[^>]* aria-invalid="true"/);
    expect(again.body).toMatch(/<input id="card-name"[^>]* value="Grace &quot;Amazing&quot; Hopper"/);
    expect(again.headers['cache-control']).toBe('no-store');
    // Read once: a reload, or anyone else with the address, gets empty fields.
    const reloaded = await testApp.app.inject({ method: 'GET', url: refused.headers.location as string });
    expect(reloaded.body).not.toContain('value="4242 4242 4242 4242"');

    const paid = await payOnTestPage(testApp, sessionId, { expiry: '0830' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/success?session_id=${sessionId}`);
  });

  it('declines 4000 0000 0000 0002 and calls a Luhn-failing number invalid, taking no payment', async () => {
    const sessionId = await startCheckout(testApp);
    // Every POST answers with a redirect to a GET (decision 065): Back never lands on a form to resubmit.
    const declined = await payOnTestPage(testApp, sessionId, { cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(`/pay/${sessionId}?refused=declined`);
    const declinedPage = await testApp.app.inject({ method: 'GET', url: declined.headers.location as string });
    expect(declinedPage.statusCode).toBe(200);
    expect(declinedPage.body).toContain('Your card was declined.');
    // What was typed comes back for the shopper to correct, never in the address.
    expect(declinedPage.body).toContain('value="Grace Hopper"');
    expect(declined.headers.location).not.toContain('4000');
    const invalid = await payOnTestPage(testApp, sessionId, { cardNumber: '4242 4242 4242 4241' });
    expect(invalid.headers.location).toBe(`/pay/${sessionId}?refused=invalidNumber`);
    const invalidPage = await testApp.app.inject({ method: 'GET', url: invalid.headers.location as string });
    expect(invalidPage.body).toContain('Your card number is invalid.');
    // A made-up reason is no reason: the plain page.
    const madeUp = await testApp.app.inject({ method: 'GET', url: `/pay/${sessionId}?refused=<script>` });
    expect(madeUp.statusCode).toBe(200);
    expect(madeUp.body).not.toContain('role="alert"');
    expect((await guest().verify(sessionId)).statusCode).toBe(409);
    expect(await countRows('orders', sessionId)).toBe(0);
  });

  it('pays with 4242 4242 4242 4242 and sends the browser to /success with the session', async () => {
    const sessionId = await startCheckout(testApp);
    const paid = await payOnTestPage(testApp, sessionId);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/success?session_id=${sessionId}`);
    // Back on the page after paying: nothing more to pay.
    const again = await testApp.app.inject({ method: 'GET', url: `/pay/${sessionId}` });
    expect(again.statusCode).toBe(303);
  });

  it('answers 404 for an unknown session', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/pay/cs_local_nothing-here' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('We could not find this payment.');
  });
});

describe('GET /api/orders/verify-stripe/{sessionId}', () => {
  it('answers 409 before payment and 404 for an unknown session, making no order', async () => {
    const sessionId = await startCheckout(testApp);
    const unpaid = await guest().verify(sessionId);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual({ message: orderMessages.unpaid });
    expect((await guest().verify('cs_local_unknown')).statusCode).toBe(404);
    expect(await countRows('orders', sessionId)).toBe(0);
  });

  it('answers the paid order with its lines, VAT by rate, address and guest e-mail, the same each time', async () => {
    const address = guestAddress();
    const sessionId = await startCheckout(testApp, cartPayload(address));
    await payOnTestPage(testApp, sessionId);
    const first = await guest().verify(sessionId);
    expect(first.statusCode).toBe(200);
    const answer = VerifyPaymentAnswerSchema.parse(first.json());
    expect(answer).toMatchObject({
      success: true,
      totalPrice: 20.37,
      guestEmail: address.email,
      shippingAddress: address,
      orderItems: [
        {
          _id: 'roasted-cashew-nuts',
          name: 'Roasted Cashew Nuts',
          selectedWeight: '500g',
          qty: 2,
          price: 8.09,
          vatRate: 20,
        },
        { _id: 'medjool-dates', name: 'Medjool Dates', selectedWeight: '250g', qty: 1, price: 4.19, vatRate: 0 },
      ],
    });
    // 20% VAT inside £16.18 is £2.70 (16.18 / 6, to the penny); the dates are zero-rated.
    expect(answer.order.vat).toEqual([
      { rate: 20, total: 16.18, vat: 2.7 },
      { rate: 0, total: 4.19, vat: 0 },
    ]);
    expect(answer.order.orderNumber).toMatch(/^RC-\d+$/);
    const second = VerifyPaymentAnswerSchema.parse((await guest().verify(sessionId)).json());
    expect(second.order).toEqual(answer.order);
    expect(await countRows('orders', sessionId)).toBe(1);
  });

  it('answers a customer’s payment only to that customer: 403 without their token or with another’s, 401 with a bad one', async () => {
    const owner = await insertCustomer(testApp);
    const stranger = await insertCustomer(testApp);
    const address = guestAddress();
    const sessionId = await startCheckout(testApp, cartPayload(address), owner.token);
    await payOnTestPage(testApp, sessionId);

    const anonymous = await guest().verify(sessionId);
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toEqual({ message: orderMessages.customerCheckout });
    const asStranger = await checkoutCalls(testApp, stranger.token).verify(sessionId);
    expect(asStranger.statusCode).toBe(403);
    expect(asStranger.json()).toEqual({ message: orderMessages.otherCustomer });
    expect((await checkoutCalls(testApp, 'not-a-token').verify(sessionId)).statusCode).toBe(401);
    for (const refused of [anonymous, asStranger]) {
      expect(refused.body).not.toContain(address.address);
      expect(refused.body).not.toContain(owner.email);
    }

    const asOwner = await checkoutCalls(testApp, owner.token).verify(sessionId);
    expect(asOwner.statusCode).toBe(200);
    expect(VerifyPaymentAnswerSchema.parse(asOwner.json()).shippingAddress.address).toBe(address.address);
  });

  it('answers a guest’s payment to whoever holds its session id, logged in or not', async () => {
    const someone = await insertCustomer(testApp);
    const sessionId = await startCheckout(testApp);
    await payOnTestPage(testApp, sessionId);
    expect((await guest().verify(sessionId)).statusCode).toBe(200);
    expect((await checkoutCalls(testApp, someone.token).verify(sessionId)).statusCode).toBe(200);
  });

  it('mails the confirmation: order number, lines, VAT by rate, total, address and the delivery estimate', async () => {
    const address = guestAddress({ name: 'Mary Somerville' });
    const sessionId = await startCheckout(testApp, cartPayload(address));
    await payOnTestPage(testApp, sessionId);
    const { order } = VerifyPaymentAnswerSchema.parse((await guest().verify(sessionId)).json());
    const mail = await sink.nextMailTo(address.email);
    expect(mail.subject).toBe(`Your Roast & Co. order ${order.orderNumber} is confirmed`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Mary Somerville');
      expect(part).toContain('2 × Roasted Cashew Nuts (500g)');
      expect(part).toContain('£16.18');
      expect(part).toContain('£20.37');
      expect(part).toContain('VAT at 20% included');
      expect(part).toContain('£2.70');
      expect(part).toContain(address.address);
      expect(part).toContain(address.postalCode);
      expect(part).toContain('3 - 5 Business Days');
    }
  });
});

describe('the order calls', () => {
  it('POST /api/orders/guest-order answers the order made at payment with 200, from the checkout, not the body', async () => {
    const payload = cartPayload();
    const sessionId = await startCheckout(testApp, payload);
    await payOnTestPage(testApp, sessionId);
    const response = await guest().placeGuestOrder({
      ...orderPayload(sessionId, payload),
      guestEmail: payload.shippingAddress.email,
    });
    expect(response.statusCode).toBe(200);
    const order = OrderSchema.parse(response.json());
    expect(order).toMatchObject({ totalPrice: 20.37, isDelivered: false, guestEmail: payload.shippingAddress.email });
  });

  it('makes exactly one order when a paid session is verified twice and ordered 20 times at once', async () => {
    const payload = cartPayload();
    const sessionId = await startCheckout(testApp, payload);
    // Paid at the provider, but no order yet: as when the process stopped between the two.
    await testApp.app.db.execute(sql`update checkouts set paid_at = now() where session_id = ${sessionId}`);
    const calls = [
      guest().verify(sessionId),
      guest().verify(sessionId),
      ...Array.from({ length: 20 }, () => guest().placeGuestOrder(orderPayload(sessionId, payload))),
    ];
    const responses = await Promise.all(calls);
    const orderCalls = responses.slice(2);
    expect(responses.slice(0, 2).map((response) => response.statusCode)).toEqual([200, 200]);
    expect(orderCalls.every((response) => [200, 201].includes(response.statusCode))).toBe(true);
    expect(orderCalls.filter((response) => response.statusCode === 201).length).toBeLessThanOrEqual(1);
    const ids = new Set(orderCalls.map((response) => response.json()._id));
    ids.add(responses[0]?.json().order._id);
    expect(ids.size).toBe(1);
    expect(await countRows('orders', sessionId)).toBe(1);
  });

  it('answers 201 to the call that makes the order and 200 with the same order after', async () => {
    const payload = cartPayload();
    const sessionId = await startCheckout(testApp, payload);
    await testApp.app.db.execute(sql`update checkouts set paid_at = now() where session_id = ${sessionId}`);
    const first = await guest().placeGuestOrder(orderPayload(sessionId, payload));
    const second = await guest().placeGuestOrder(orderPayload(sessionId, payload));
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(second.json()).toEqual(first.json());
  });

  it('refuses a tampered total, price or quantity with 409, and an unpaid or unknown session', async () => {
    const payload = cartPayload();
    const sessionId = await startCheckout(testApp, payload);
    const unpaid = await guest().placeGuestOrder(orderPayload(sessionId, payload));
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe(orderMessages.unpaid);
    expect((await guest().placeGuestOrder(orderPayload('cs_local_unknown', payload))).statusCode).toBe(404);

    await payOnTestPage(testApp, sessionId);
    const [first, second] = payload.orderItems;
    const tampered = [
      { ...payload, totalPrice: 1 },
      { ...payload, orderItems: [{ ...first, price: 1 }, second] },
      { ...payload, orderItems: [{ ...first, qty: 5 }, second], totalPrice: 5 * 8.09 + 4.19 },
      { ...payload, orderItems: [first] },
    ];
    for (const body of tampered) {
      const response = await guest().placeGuestOrder(orderPayload(sessionId, body));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(checkoutMessages.orderMismatch);
    }
  });

  it('refuses a guest claiming a customer’s payment, and a customer claiming another’s', async () => {
    const owner = await insertCustomer(testApp);
    const stranger = await insertCustomer(testApp);
    const payload = cartPayload();
    const sessionId = await startCheckout(testApp, payload, owner.token);
    await payOnTestPage(testApp, sessionId);

    const asGuest = await guest().placeGuestOrder(orderPayload(sessionId, payload));
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json().message).toBe(orderMessages.customerCheckout);
    const asStranger = await checkoutCalls(testApp, stranger.token).placeOrder(orderPayload(sessionId, payload));
    expect(asStranger.statusCode).toBe(403);
    expect((await checkoutCalls(testApp).placeOrder(orderPayload(sessionId, payload))).statusCode).toBe(401);

    const asOwner = await checkoutCalls(testApp, owner.token).placeOrder(orderPayload(sessionId, payload));
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json()).not.toHaveProperty('guestEmail');

    // A guest's payment cannot be put on an account with another address.
    const guestSession = await startCheckout(testApp, payload);
    await payOnTestPage(testApp, guestSession);
    const onAccount = await checkoutCalls(testApp, stranger.token).placeOrder(orderPayload(guestSession, payload));
    expect(onAccount.statusCode).toBe(403);
  });
});

describe('GET /api/orders/my-orders', () => {
  it('lists the customer’s own orders newest first, and guest orders placed with their address once verified', async () => {
    const customer = await insertCustomer(testApp);
    const other = await insertCustomer(testApp);
    const calls = checkoutCalls(testApp, customer.token);
    expect(await (await calls.myOrders()).json()).toEqual([]);

    // Placed as a guest with the address the customer signs up with later.
    const asGuest = cartPayload(guestAddress({ email: customer.email }));
    const guestSession = await startCheckout(testApp, asGuest);
    await payOnTestPage(testApp, guestSession);
    const first = await startCheckout(testApp, cartPayload(), customer.token);
    await payOnTestPage(testApp, first);
    const single = {
      ...cartPayload(),
      orderItems: [{ _id: 'walnut-halves', qty: 1, selectedWeight: '250g' }],
      totalPrice: 4.19,
    };
    const second = await startCheckout(testApp, single, customer.token);
    await payOnTestPage(testApp, second);
    const othersSession = await startCheckout(testApp, cartPayload(), other.token);
    await payOnTestPage(testApp, othersSession);

    const response = await calls.myOrders();
    expect(response.statusCode).toBe(200);
    const orders = OrderSchema.array().parse(response.json());
    expect(orders.map((order) => order.totalPrice)).toEqual([4.19, 20.37, 20.37]);
    expect(orders[2]?.guestEmail).toBe(customer.email);
    const dates = orders.map((order) => Date.parse(order.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(OrderSchema.array().parse((await checkoutCalls(testApp, other.token).myOrders()).json())).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    expect((await checkoutCalls(testApp).myOrders()).statusCode).toBe(401);
  });
});

describe('GET /api/orders/payment-config', () => {
  it('names the built-in test provider and gives no key', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/orders/payment-config' });
    expect(response.json()).toEqual({ provider: 'local' });
  });
});
