/**
 * The owner's delivery charges (docs/api.md, Delivery and promotions; The owner's API): free until the owner sets
 * them; a PUT shows at once in GET /api/delivery and the owner's GET, in one shape; a mistake is a 400 naming the
 * field; only an admin may read or change them on the owner's side; each save audited. Runs on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryMessages } from '#shared/schemas/delivery';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';

let testApp: TestApp;
let admin: TestCustomer;
let customer: TestCustomer;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await insertCustomer(testApp, { role: 'admin' });
  customer = await insertCustomer(testApp);
});
afterAll(async () => {
  await testApp?.close();
});

const put = (payload: unknown, token = admin.token) =>
  testApp.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/delivery',
    headers: bearer(token),
    payload: payload as object,
  });
const adminGet = (token = admin.token) =>
  testApp.app.inject({ method: 'GET', url: '/api/admin/settings/delivery', headers: bearer(token) });
const publicGet = () => testApp.app.inject({ method: 'GET', url: '/api/delivery' });

const highlands = {
  standard: 3.95,
  freeOver: 30,
  zones: [
    { name: 'Highlands', postcodes: ['iv41', 'HS', 'ze 2'], surcharge: 4.5 },
    { name: 'Channel Islands', postcodes: ['GY', 'JE'], surcharge: null },
  ],
};

describe('delivery charges', () => {
  it('are free until the owner sets them', async () => {
    const response = await publicGet();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ standard: 0, freeOver: null, zones: [] });
    expect((await adminGet()).json()).toEqual({ standard: 0, freeOver: null, zones: [] });
  });

  it('a PUT answers the saved charges, and both GETs answer the same at once; the save is audited', async () => {
    const saved = await put(highlands);
    expect(saved.statusCode).toBe(200);
    const expected = {
      standard: 3.95,
      freeOver: 30,
      zones: [
        { name: 'Highlands', postcodes: ['IV41', 'HS', 'ZE2'], surcharge: 4.5 },
        { name: 'Channel Islands', postcodes: ['GY', 'JE'], surcharge: null },
      ],
    };
    expect(saved.json()).toEqual(expected);
    const shown = await publicGet();
    expect(shown.json()).toEqual(expected);
    expect(shown.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect((await adminGet()).json()).toEqual(expected);

    await put({ standard: 2.5, freeOver: null, zones: [] });
    expect((await publicGet()).json()).toEqual({ standard: 2.5, freeOver: null, zones: [] });

    const audit = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/audit?target=settings:delivery',
      headers: bearer(admin.token),
    });
    const [latest, first] = audit.json().items;
    expect(first).toMatchObject({
      action: 'delivery.updated',
      actor: { email: admin.email },
      before: { standard: 0, freeOver: null, zones: [] },
      after: expected,
    });
    expect(latest).toMatchObject({ before: expected, after: { standard: 2.5, freeOver: null, zones: [] } });
  });

  it.each([
    [
      'a bad postcode prefix',
      { ...highlands, zones: [{ name: 'X', postcodes: ['IV41 5'], surcharge: 1 }] },
      'zones.0.postcodes.0',
      deliveryMessages.postcode,
    ],
    ['a negative charge', { ...highlands, standard: -1 }, 'standard', deliveryMessages.standard],
    ['too many decimals', { ...highlands, freeOver: 30.005 }, 'freeOver', deliveryMessages.freeOver],
    [
      'a prefix in two zones',
      {
        ...highlands,
        zones: [
          { name: 'A', postcodes: ['HS'], surcharge: 1 },
          { name: 'B', postcodes: ['hs'], surcharge: 2 },
        ],
      },
      'zones.1.postcodes.0',
      deliveryMessages.postcodeTwice,
    ],
  ])('refuses %s with 400 naming the field, and keeps what was saved', async (_name, payload, field, message) => {
    const before = (await publicGet()).json();
    const response = await put(payload);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
    expect(response.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect((await publicGet()).json()).toEqual(before);
  });

  it('lets no one but an admin read or change them on the owner’s side', async () => {
    expect((await adminGet(customer.token)).statusCode).toBe(403);
    expect((await put(highlands, customer.token)).statusCode).toBe(403);
    const anonymous = await testApp.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/delivery',
      payload: highlands,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/settings/delivery' })).statusCode).toBe(401);
  });
});
