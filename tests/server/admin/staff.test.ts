/**
 * Staff (docs/api.md, The owner's API; decision 097): every route under /api/admin/ answers a staff token as the role
 * matrix says (orders, packing, messages and reviews allowed; everything else 403), read from the OpenAPI document so
 * a new route must be placed in the matrix; the owner invites by e-mail with a single-use link valid 72 hours, the
 * invitee sets a password and logs in with the role; removing ends their sessions at once and the audit keeps their
 * entries. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { paidOrder } from '#tests/checkout';
import { SmtpSink } from '#tests/smtp-sink';

let sink: SmtpSink;
let testApp: TestApp;
let admin: TestCustomer;
let staff: TestCustomer;
beforeAll(async () => {
  sink = await SmtpSink.start();
  testApp = await buildTestApp({ smtpUrl: sink.url });
  admin = await insertCustomer(testApp, { role: 'admin' });
  staff = await insertCustomer(testApp, { name: 'Sam Packer', role: 'staff' });
});
afterAll(async () => {
  await testApp?.close();
  await sink?.stop();
});

const call = (method: string, url: string, token: string | undefined, payload?: object) =>
  testApp.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

/** What a member of staff may use under /api/admin/; every other route is the owner's alone. */
const STAFF_MAY = new Set([
  'GET /api/admin/orders',
  'GET /api/admin/orders/{id}',
  'PATCH /api/admin/orders/{id}',
  'GET /api/admin/packing',
  'POST /api/admin/packing/dispatch',
  'GET /api/admin/messages',
  'GET /api/admin/messages/{id}',
  'PATCH /api/admin/messages/{id}',
  'POST /api/admin/messages/{id}/reply',
  'GET /api/admin/reviews',
  'PATCH /api/admin/reviews/{id}',
  'DELETE /api/admin/reviews/{id}',
]);

describe('the role matrix', () => {
  it('answers a staff token on every admin route as the matrix says, and an admin’s on all', async () => {
    const document = (await call('GET', '/api/openapi.json', undefined)).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
    expect(routes.length).toBeGreaterThan(20);
    // Every route the matrix allows exists: a renamed one must be renamed here too.
    for (const allowed of STAFF_MAY) expect(routes).toContain(allowed);

    const wrong: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/\{[^}]+\}/g, 'no-such-id');
      const asStaff = await call(method, url, staff.token, method === 'GET' || method === 'DELETE' ? undefined : {});
      const refused = asStaff.statusCode === 403;
      if (refused === STAFF_MAY.has(route)) wrong.push(`${route}: ${asStaff.statusCode}`);
      if (refused && asStaff.json().message !== 'Only the shop’s admin can do this.') wrong.push(`${route}: message`);
      const asAdmin = await call(method, url, admin.token, method === 'GET' || method === 'DELETE' ? undefined : {});
      if (asAdmin.statusCode === 403) wrong.push(`${route}: admin refused`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets staff dispatch an order but not refund it', async () => {
    const order = await paidOrder(testApp, { sink });
    expect(
      (await call('POST', `/api/admin/orders/${order.id}/refunds`, staff.token, { amount: 1, reason: 'x' })).statusCode,
    ).toBe(403);
    const moved = await call('PATCH', `/api/admin/orders/${order.id}`, staff.token, { status: 'dispatched' });
    expect(moved.statusCode).toBe(200);
    const audit = (
      await call('GET', `/api/admin/audit?target=${encodeURIComponent(`order:${order.number}`)}`, admin.token)
    ).json();
    expect(audit.items[0]).toMatchObject({ action: 'order.dispatched', actor: { _id: staff.id, email: staff.email } });
  });
});

/** The token in the invitation mailed to `email`. */
async function invitationToken(email: string): Promise<string> {
  const mail = await sink.nextMailTo(email);
  expect(mail.subject).toBe('You are invited to work at Roast & Co.');
  const token = /\/staff\/accept\/([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no link in ${mail.text}`);
  return token;
}

describe('inviting, accepting and removing', () => {
  it('invites by e-mail; the link sets a password once, and the new member logs in with the role', async () => {
    const email = `packer-${Date.now()}@example.com`;
    const invited = await call('POST', '/api/admin/staff', admin.token, { email, name: 'Priya Packer', role: 'staff' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email, name: 'Priya Packer', role: 'staff', status: 'invited' });
    const token = await invitationToken(email);

    expect((await call('GET', `/api/staff/accept/${token}`, undefined)).json()).toEqual({
      name: 'Priya Packer',
      email,
      role: 'staff',
    });
    const accepted = await call('POST', `/api/staff/accept/${token}`, undefined, { password: 'cashews-and-dates-1' });
    expect(accepted.statusCode).toBe(200);
    const again = await call('POST', `/api/staff/accept/${token}`, undefined, { password: 'cashews-and-dates-2' });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This invitation has been used already. Please log in.');

    const login = await call('POST', '/api/auth/login', undefined, { email, password: 'cashews-and-dates-1' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ email, role: 'staff' });
    const packerToken = login.json().token as string;
    expect((await call('GET', '/api/admin/packing', packerToken)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/staff', packerToken)).statusCode).toBe(403);

    const list = (await call('GET', '/api/admin/staff', admin.token)).json().items;
    const member = list.find((each: { email: string }) => each.email === email);
    expect(member).toMatchObject({ status: 'active', role: 'staff' });

    // Removed: the token is refused at once, the audit keeps what they did.
    expect((await call('DELETE', `/api/admin/staff/${member._id}`, admin.token)).statusCode).toBe(204);
    expect((await call('GET', '/api/admin/packing', packerToken)).statusCode).toBe(401);
    expect(
      (await call('GET', '/api/admin/staff', admin.token)).json().items.map((each: { email: string }) => each.email),
    ).not.toContain(email);
    const audit = (
      await call('GET', `/api/admin/audit?target=${encodeURIComponent(`staff:${email}`)}`, admin.token)
    ).json();
    expect(audit.items.map((entry: { action: string }) => entry.action)).toEqual([
      'staff.removed',
      'staff.joined',
      'staff.invited',
    ]);
  });

  it('makes an existing customer staff, keeping the account, and refuses an expired or withdrawn link', async () => {
    const customer = await insertCustomer(testApp, { name: 'Cara Customer' });
    await call('POST', '/api/admin/staff', admin.token, { email: customer.email, name: 'Cara', role: 'admin' });
    const first = await invitationToken(customer.email);
    // A second invitation withdraws the first link.
    await call('POST', '/api/admin/staff', admin.token, { email: customer.email, name: 'Cara', role: 'admin' });
    const second = await invitationToken(customer.email);
    expect((await call('GET', `/api/staff/accept/${first}`, undefined)).statusCode).toBe(410);
    expect(
      (await call('POST', `/api/staff/accept/${second}`, undefined, { password: 'pistachio-shells-9' })).statusCode,
    ).toBe(200);
    // The customer's old session ended with the password change; the account is the same one.
    expect((await call('GET', '/api/auth/me', customer.token)).statusCode).toBe(401);
    const login = await call('POST', '/api/auth/login', undefined, {
      email: customer.email,
      password: 'pistachio-shells-9',
    });
    expect(login.json().user).toMatchObject({ _id: customer.id, role: 'admin' });

    const late = `late-${Date.now()}@example.com`;
    await call('POST', '/api/admin/staff', admin.token, { email: late, name: 'Late', role: 'staff' });
    const token = await invitationToken(late);
    await testApp.app.db.execute(
      // Three days and a minute later.
      (await import('drizzle-orm'))
        .sql`update staff_invites set expires_at = now() - interval '1 minute' where email = ${late}`,
    );
    const expired = await call('POST', `/api/staff/accept/${token}`, undefined, { password: 'too-late-for-this' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toContain('expired');
  });

  it('refuses to remove yourself or the last admin, and names a bad invitation', async () => {
    const list = (await call('GET', '/api/admin/staff', admin.token)).json().items;
    const me = list.find((each: { email: string }) => each.email === admin.email);
    const self = await call('DELETE', `/api/admin/staff/${me._id}`, admin.token);
    expect(self.statusCode).toBe(409);
    expect((await call('DELETE', '/api/admin/staff/no-such-person', admin.token)).statusCode).toBe(404);
    const bad = await call('POST', '/api/admin/staff', admin.token, {
      email: 'x@example.com',
      name: 'X',
      role: 'owner',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please choose the role: staff or admin.');
    const taken = await call('POST', '/api/admin/staff', admin.token, {
      email: staff.email,
      name: 'Sam',
      role: 'staff',
    });
    expect(taken.statusCode).toBe(409);
  });
});
