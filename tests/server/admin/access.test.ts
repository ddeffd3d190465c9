/**
 * The owner's side, first slice (docs/api.md, The owner's API; decision 070): roles on the account, one guard for everything under
 * /api/admin/ (401 without a live session, 403 for a customer, each with a message, never stored), the first admin
 * from ADMIN_EMAIL/ADMIN_PASSWORD, and the order list. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOnlyMessage, loginRequiredMessage, sessionEndedMessage } from '#server/features/accounts/auth';
import { bearer, insertCustomer, type TestCustomer, uniqueEmail } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { guestAddress, paidGuestOrder } from '#tests/checkout';

let testApp: TestApp;
let admin: TestCustomer;
let customer: TestCustomer;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await insertCustomer(testApp, { name: 'Olive Owner', role: 'admin' });
  customer = await insertCustomer(testApp);
});
afterAll(async () => {
  await testApp?.close();
});

/** Every route the app has under /api/admin/, as `METHOD /path`, read from the router itself. */
function adminRoutes(): { method: string; url: string }[] {
  const found: { method: string; url: string }[] = [];
  const lines = testApp.app.printRoutes({ commonPrefix: false }).split('\n');
  for (const line of lines) {
    const match = /(\/api\/admin\/\S*) \(([A-Z, ]+)\)/.exec(line);
    if (!match?.[1] || !match[2]) continue;
    for (const method of match[2].split(', ')) {
      if (method !== 'HEAD') found.push({ method, url: match[1].replace(/:[a-zA-Z]+/g, 'no-such-id') });
    }
  }
  return found;
}

function call(method: string, url: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: method as 'GET', url, headers, payload: method === 'GET' ? undefined : {} });
}

describe('the /api/admin guard', () => {
  it('finds the admin routes to sweep', () => {
    expect(adminRoutes()).toContainEqual({ method: 'GET', url: '/api/admin/orders' });
  });

  it('answers 401 with a message to a call without a token or with a bad one, on every admin route', async () => {
    for (const { method, url } of adminRoutes()) {
      const none = await call(method, url);
      expect([url, none.statusCode, none.json().message]).toEqual([url, 401, loginRequiredMessage]);
      expect(none.headers['cache-control']).toContain('no-store');
      const bad = await call(method, url, bearer('not-a-token'));
      expect([url, bad.statusCode, bad.json().message]).toEqual([url, 401, sessionEndedMessage]);
    }
  });

  it("answers 403 with a message to a customer's token on every admin route, and lets an admin's through", async () => {
    for (const { method, url } of adminRoutes()) {
      const refused = await call(method, url, bearer(customer.token));
      expect([url, refused.statusCode, refused.json().message]).toEqual([url, 403, adminOnlyMessage]);
      expect(refused.headers['cache-control']).toContain('no-store');
      const allowed = await call(method, url, bearer(admin.token));
      expect([url, allowed.statusCode]).not.toEqual([url, 401]);
      expect([url, allowed.statusCode]).not.toEqual([url, 403]);
      expect(allowed.statusCode).toBeLessThan(500);
      expect(allowed.headers['cache-control']).toContain('no-store');
    }
  });

  it('refuses the token of an admin who has since been deleted', async () => {
    const gone = await insertCustomer(testApp, { role: 'admin' });
    await testApp.app.userRepository.deleteAccount({ id: gone.id, email: gone.email });
    const response = await call('GET', '/api/admin/orders', bearer(gone.token));
    expect(response.statusCode).toBe(401);
  });
});

describe('roles on the account', () => {
  it('shows the role in /api/auth/me and in the login answer', async () => {
    for (const [account, role] of [
      [customer, 'customer'],
      [admin, 'admin'],
    ] as const) {
      const me = await call('GET', '/api/auth/me', bearer(account.token));
      expect(me.json().user).toMatchObject({ email: account.email, role });
      const login = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: account.password },
      });
      expect(login.json().user).toMatchObject({ email: account.email, role });
    }
  });
});

describe('ADMIN_EMAIL and ADMIN_PASSWORD at start-up', () => {
  it('create a proven admin account that can log in', async () => {
    const email = uniqueEmail('owner');
    const first = await buildTestApp({ admin: { email, password: 'first-owner-pass' } });
    try {
      const login = await first.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'first-owner-pass' },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user).toMatchObject({ email, role: 'admin', name: 'Shop admin' });
    } finally {
      await first.close();
    }
  });

  it('make an existing customer an admin, whose password stays as it was', async () => {
    const shopper = await insertCustomer(testApp);
    const { ensureAdminAccount } = await import('#server/features/admin/index');
    const result = await ensureAdminAccount(testApp.app, {
      email: shopper.email,
      name: 'Ignored',
      password: 'a-different-pass',
    });
    expect(result).toBe('promoted');
    const login = (password: string) =>
      testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: shopper.email, password } });
    expect((await login('a-different-pass')).statusCode).toBe(401);
    const kept = await login(shopper.password);
    expect(kept.json().user).toMatchObject({ name: shopper.name, role: 'admin' });
  });

  // Found by npm run bench:scale: two processes starting at once on one database both found no account, both made
  // one, and the second crashed on the unique e-mail, which the database driver reports as the error's cause.
  it('let two processes starting at once make one admin account between them, neither failing', async () => {
    const email = uniqueEmail('owner');
    const { ensureAdminAccount } = await import('#server/features/admin/index');
    const account = { email, name: 'Shop admin', password: 'both-owner-pass' };
    const results = await Promise.all([
      ensureAdminAccount(testApp.app, account),
      ensureAdminAccount(testApp.app, account),
    ]);
    expect(results.sort()).toEqual(['created', 'promoted']);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'both-owner-pass' },
    });
    expect(login.json().user).toMatchObject({ email, role: 'admin' });
  });
});

describe('GET /api/admin/orders', () => {
  const list = (query = '') => call('GET', `/api/admin/orders${query}`, bearer(admin.token));

  let older: { id: string; number: string; email: string };
  let newer: { id: string; number: string; email: string };
  beforeAll(async () => {
    older = await paidGuestOrder(testApp, guestAddress({ name: 'Grace Hopper' }));
    newer = await paidGuestOrder(testApp, guestAddress({ name: 'Katherine Johnson' }));
  });

  it('lists orders newest first with their status, e-mail, lines and total, and how many there are', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json();
    expect(total).toBeGreaterThanOrEqual(2);
    const ids = items.map((order: { _id: string }) => order._id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(items.find((order: { _id: string }) => order._id === newer.id)).toMatchObject({
      orderNumber: newer.number,
      status: 'processing',
      email: newer.email,
      totalPrice: 20.37,
      isDelivered: false,
    });
  });

  it('pages with limit and offset', async () => {
    const all = (await list()).json();
    const page = (await list('?limit=1&offset=1')).json();
    expect(page.total).toBe(all.total);
    expect(page.items.map((order: { _id: string }) => order._id)).toEqual([all.items[1]._id]);
  });

  it('finds an order by its number, with or without RC-, and by part of the name or e-mail, in any case', async () => {
    const digits = older.number.replace('RC-', '');
    for (const q of [older.number, digits, 'grace hop', older.email.toUpperCase().slice(0, 12)]) {
      const found = (await list(`?q=${encodeURIComponent(q)}`)).json();
      expect([q, found.items.map((order: { _id: string }) => order._id)]).toEqual([q, [older.id]]);
    }
    const none = (await list(`?q=${encodeURIComponent('%_')}`)).json();
    expect(none).toEqual({ items: [], total: 0 });
  });

  it('filters by status', async () => {
    const processing = (await list('?status=processing')).json();
    expect(processing.items.every((order: { status: string }) => order.status === 'processing')).toBe(true);
    expect((await list('?status=delivered')).json().items).toEqual([]);
  });

  it('answers 400 with a message for a bad filter or page', async () => {
    for (const query of [
      '?limit=0',
      '?limit=201',
      '?limit=abc',
      '?offset=-1',
      '?status=lost',
      `?q=${'x'.repeat(255)}`,
    ]) {
      const response = await list(query);
      expect([query, response.statusCode]).toEqual([query, 400]);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});
