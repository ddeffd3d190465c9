/**
 * The account page's endpoints (decision 061): a password change with the current password, which
 * ends every other session and gives this browser a fresh token, and deleting the account with the password, after
 * which the token is refused, the orders stay for the books without personal data, the address's contact messages
 * and sent mail go (decision 082), and the address can sign up afresh. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionEndedMessage } from '#server/features/accounts/auth';
import { authMessages } from '#server/features/accounts/messages';
import { bearer, insertCustomer, type TestCustomer, uniqueEmail } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { cartPayload, checkoutCalls, guestAddress, orderPayload, payOnTestPage, startCheckout } from '#tests/checkout';
import { queryRows } from '#tests/db';
import { codeFrom, SmtpSink } from '#tests/smtp-sink';

let sink: SmtpSink;
let testApp: TestApp;
beforeAll(async () => {
  sink = await SmtpSink.start();
  testApp = await buildTestApp({ smtpUrl: sink.url });
});
afterAll(async () => {
  await testApp?.close();
  await sink?.stop();
});

function call(method: 'GET' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: object) {
  return testApp.app.inject({ method, url, headers: token === undefined ? {} : bearer(token), payload });
}
const me = (token: string | undefined) => call('GET', '/api/auth/me', token);
const changePassword = (token: string | undefined, currentPassword: string, password: string) =>
  call('PUT', '/api/auth/password', token, { currentPassword, password });
const deleteAccount = (token: string | undefined, password: string) =>
  call('DELETE', '/api/auth/me', token, { password });
const login = (email: string, password: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** A second device's session for the same account. */
async function secondSession(customer: TestCustomer): Promise<string> {
  const response = await login(customer.email, customer.password);
  expect(response.statusCode).toBe(200);
  return response.json().token;
}

/** A paid order placed through the test checkout; as the customer when `token` is given, else as a guest. */
async function paidOrder(address = guestAddress(), token?: string): Promise<string> {
  const payload = cartPayload(address);
  const sessionId = await startCheckout(testApp, payload, token);
  await payOnTestPage(testApp, sessionId);
  const calls = checkoutCalls(testApp, token);
  const placed = token
    ? await calls.placeOrder(orderPayload(sessionId, payload))
    : await calls.placeGuestOrder({ ...orderPayload(sessionId, payload), guestEmail: address.email });
  expect(placed.statusCode).toBeLessThan(300);
  return placed.json()._id;
}

interface OrderRow {
  user_id: string | null;
  guest_email: string | null;
  email: string | null;
  shipping_address: unknown;
  anonymised: boolean;
  total_pence: number;
  lines: number;
}

async function orderRow(id: string): Promise<OrderRow | undefined> {
  const [row] = await queryRows<OrderRow>(
    testApp,
    sql`select user_id, guest_email, email, shipping_address, anonymised_at is not null as anonymised, total_pence,
          (select count(*)::int from order_lines where order_id = orders.id) as lines
        from orders where id = ${id}`,
  );
  return row;
}

describe('PUT /api/auth/password', () => {
  it('changes the password with the current one: this browser gets a fresh token, every other session ends', async () => {
    const customer = await insertCustomer(testApp);
    const otherDevice = await secondSession(customer);

    const response = await changePassword(customer.token, customer.password, 'pistachio-shells-99');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = response.json();
    expect(answer).toEqual({ message: authMessages.passwordChanged, token: expect.any(String) });

    expect((await me(answer.token)).json().user.email).toBe(customer.email);
    for (const ended of [customer.token, otherDevice]) {
      const refused = await me(ended);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: sessionEndedMessage });
    }
    expect((await login(customer.email, customer.password)).statusCode).toBe(401);
    expect((await login(customer.email, 'pistachio-shells-99')).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 401 naming the field, and changes nothing', async () => {
    const customer = await insertCustomer(testApp);
    const response = await changePassword(customer.token, 'not-my-password', 'pistachio-shells-99');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      message: authMessages.wrongCurrentPassword,
      errors: [{ field: 'currentPassword', message: authMessages.wrongCurrentPassword }],
    });
    // The session goes on, and the old password still logs in.
    expect((await me(customer.token)).statusCode).toBe(200);
    expect((await login(customer.email, customer.password)).statusCode).toBe(200);
  });

  it('asks to log in without a token, and checks the new password’s length', async () => {
    expect((await changePassword(undefined, 'anything', 'pistachio-shells-99')).statusCode).toBe(401);
    const customer = await insertCustomer(testApp);
    const short = await changePassword(customer.token, customer.password, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ field: 'password', message: 'Password must be at least 8 characters.' }]);
    const missing = await call('PUT', '/api/auth/password', customer.token, { password: 'pistachio-shells-99' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toEqual({
      field: 'currentPassword',
      message: 'Please enter your current password.',
    });
  });
});

describe('DELETE /api/auth/me', () => {
  it('refuses a wrong password with 401 naming the field, and keeps the account', async () => {
    const customer = await insertCustomer(testApp);
    const response = await deleteAccount(customer.token, 'not-my-password');
    expect(response.statusCode).toBe(401);
    expect(response.json().errors).toEqual([{ field: 'password', message: authMessages.wrongPasswordToDelete }]);
    expect((await me(customer.token)).statusCode).toBe(200);
    expect((await deleteAccount(undefined, customer.password)).statusCode).toBe(401);
    expect((await call('DELETE', '/api/auth/me', customer.token, {})).statusCode).toBe(400);
  });

  it('deletes the account: tokens refused, cart, messages and sent mail gone, orders kept for the books without personal data', async () => {
    const customer = await insertCustomer(testApp, { name: 'Mary Seacole' });
    const otherDevice = await secondSession(customer);
    const address = guestAddress({ name: 'Mary Seacole', email: customer.email });
    const asCustomer = await paidOrder(address, customer.token);
    // A guest order with the account's address, which My Orders lists too, goes the same way.
    const asGuest = await paidOrder(address);
    const someoneElses = await paidOrder(guestAddress());
    const added = await testApp.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: bearer(customer.token),
      payload: { _id: 'roasted-cashew-nuts', qty: 1 },
    });
    expect(added.statusCode).toBe(200);
    // A message to the shop, with the address in a different case: its mail to the shop replies to the address.
    const contacted = await testApp.app.inject({
      method: 'POST',
      url: '/api/contact/submit',
      payload: { name: 'Mary Seacole', email: customer.email.toUpperCase(), message: 'Where is my order?' },
    });
    expect(contacted.statusCode).toBe(201);
    await testApp.app.mailer.settled();
    const sentMail = sql`select count(*)::int from mail_queue
      where (lower("to") = ${customer.email} or lower(reply_to) = ${customer.email})
      and (sent_at is not null or failed_at is not null)`;
    const [before] = await queryRows<{ count: number }>(testApp, sentMail);
    // With the contact message's acknowledgement to the address itself.
    expect(before?.count).toBe(4);
    // A mail still waiting (a dispatch notice, say) goes out as queued.
    await testApp.app.db.execute(
      sql`insert into mail_queue ("to", subject, html, text, next_attempt_at)
          values (${customer.email}, 'Your order is on its way', '<p>On its way</p>', 'On its way', now() + interval '1 hour')`,
    );

    const response = await deleteAccount(customer.token, customer.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: authMessages.accountDeleted });
    expect(response.headers['cache-control']).toBe('no-store');

    for (const token of [customer.token, otherDevice]) {
      expect((await me(token)).json()).toEqual({ message: sessionEndedMessage });
    }
    expect((await login(customer.email, customer.password)).statusCode).toBe(401);

    for (const id of [asCustomer, asGuest]) {
      expect(await orderRow(id)).toEqual({
        user_id: null,
        guest_email: null,
        email: null,
        shipping_address: null,
        anonymised: true,
        total_pence: 2037,
        lines: 2,
      });
    }
    expect(await orderRow(someoneElses)).toMatchObject({ email: expect.any(String), anonymised: false });

    const leftovers = await queryRows<{ what: string; count: number }>(
      testApp,
      sql`select 'users' as what, count(*)::int as count from users where email = ${customer.email}
          union all select 'cart', count(*)::int from cart_lines where user_id = ${customer.id}
          union all select 'checkouts', count(*)::int from checkouts
            where email = ${customer.email} or guest_email = ${customer.email} or user_id = ${customer.id}
            or shipping_address->>'name' = 'Mary Seacole'
          union all select 'orders', count(*)::int from orders
            where email = ${customer.email} or shipping_address->>'name' = 'Mary Seacole'
          union all select 'contact messages', count(*)::int from contact_messages where lower(email) = ${customer.email}
          union all select 'sent mail', (${sentMail})`,
    );
    expect(leftovers).toEqual(leftovers.map(({ what }) => ({ what, count: 0 })));
    const [waiting] = await queryRows<{ count: number }>(
      testApp,
      sql`select count(*)::int from mail_queue where "to" = ${customer.email} and sent_at is null`,
    );
    expect(waiting?.count).toBe(1);
  });

  it('lets the address sign up afresh, to an account with no orders', async () => {
    const email = uniqueEmail('afresh');
    const customer = await insertCustomer(testApp, { email });
    await paidOrder(guestAddress({ email }), customer.token);
    await sink.nextMailTo(email); // the order's confirmation
    expect((await deleteAccount(customer.token, customer.password)).statusCode).toBe(200);

    const signup = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Mary Seacole', email, password: 'new-start-2026' },
    });
    expect(signup.statusCode).toBe(201);
    // A code, not the "you already have an account" notice.
    const mail = await sink.nextMailTo(email);
    const verified = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { userId: signup.json().userId, otp: codeFrom(mail) },
    });
    expect(verified.json()).toEqual({ message: authMessages.verified });
    const loggedIn = await login(email, 'new-start-2026');
    expect(loggedIn.statusCode).toBe(200);
    const orders = await checkoutCalls(testApp, loggedIn.json().token).myOrders();
    expect(orders.json()).toEqual([]);
  });

  it('leaves an anonymised payment session unknown to verify', async () => {
    const customer = await insertCustomer(testApp);
    const sessionId = await startCheckout(
      testApp,
      cartPayload(guestAddress({ email: customer.email })),
      customer.token,
    );
    expect((await deleteAccount(customer.token, customer.password)).statusCode).toBe(200);
    await payOnTestPage(testApp, sessionId);
    expect((await checkoutCalls(testApp).verify(sessionId)).statusCode).toBe(404);
  });
});

describe('the database after migration 0007', () => {
  it('refuses an order or a checkout without its e-mail or address unless it is anonymised', async () => {
    const id = await paidOrder();
    await expect(testApp.app.db.execute(sql`update orders set email = null where id = ${id}`)).rejects.toThrow();
    await expect(
      testApp.app.db.execute(sql`update orders set shipping_address = null where id = ${id}`),
    ).rejects.toThrow();
    await expect(
      testApp.app.db.execute(
        sql`update checkouts set email = null where id = (select checkout_id from orders where id = ${id})`,
      ),
    ).rejects.toThrow();
  });
});
