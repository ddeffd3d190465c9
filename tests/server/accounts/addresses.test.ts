/**
 * A customer's address book (docs/api.md, Addresses; decision 112): UK addresses only, each account's own (another's
 * answers 404), at most SAVED_ADDRESSES_MAX, and gone with the account. Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths';
import { SAVED_ADDRESSES_MAX, savedAddressMessages } from '#shared/schemas/saved-address';
import { COUNTRY_MESSAGE, type ShippingAddress } from '#shared/schemas/shipping-address';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { queryRows } from '#tests/db';
import { shippingAddress } from '#tests/fixtures/shipping-address';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const list = (customer: TestCustomer) =>
  testApp.app.inject({ method: 'GET', url: apiPaths.auth.addresses, headers: bearer(customer.token) });
const save = (customer: TestCustomer, payload: object) =>
  testApp.app.inject({ method: 'POST', url: apiPaths.auth.addresses, headers: bearer(customer.token), payload });
const remove = (customer: TestCustomer, id: string) =>
  testApp.app.inject({ method: 'DELETE', url: apiPaths.auth.address(id), headers: bearer(customer.token) });

describe('a customer’s addresses', () => {
  it('keeps a UK address as the checkout would, lists it, and deletes it', async () => {
    const customer = await insertCustomer(testApp);
    expect((await list(customer)).json()).toEqual([]);

    const saved = await save(customer, {
      ...shippingAddress(),
      phone: '07700 900123',
      postalCode: 'sw1y4jh',
      country: ' united kingdom ',
    });
    expect(saved.statusCode).toBe(201);
    const address = saved.json();
    expect(address).toMatchObject({ phone: '+447700900123', postalCode: 'SW1Y 4JH', country: 'United Kingdom' });
    expect(address._id).toEqual(expect.any(String));
    expect((await list(customer)).json()).toEqual([address]);

    expect((await remove(customer, address._id)).statusCode).toBe(200);
    expect((await list(customer)).json()).toEqual([]);
    expect((await remove(customer, address._id)).statusCode).toBe(404);
  });

  it('keeps the same address once, answering the one kept', async () => {
    const customer = await insertCustomer(testApp);
    const first = await save(customer, shippingAddress());
    const again = await save(customer, shippingAddress());
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()._id).toBe(first.json()._id);
    expect((await list(customer)).json()).toHaveLength(1);
  });

  it.each([
    ['France', COUNTRY_MESSAGE],
    ['', 'Please enter your country.'],
  ])('refuses the country %j with 400 naming the field', async (country, message) => {
    const customer = await insertCustomer(testApp);
    const refused = await save(customer, { ...shippingAddress(), country });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'country', message }]);
    expect((await list(customer)).json()).toEqual([]);
  });

  it('refuses a postcode that is not a UK one', async () => {
    const customer = await insertCustomer(testApp);
    const refused = await save(customer, { ...shippingAddress(), postalCode: '75001' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'postalCode', message: 'Please enter a valid UK postcode.' }]);
  });

  it('answers 404 for another customer’s address, which stays theirs', async () => {
    const owner = await insertCustomer(testApp);
    const other = await insertCustomer(testApp);
    const { _id } = (await save(owner, shippingAddress())).json();
    const refused = await remove(other, _id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(savedAddressMessages.notFound);
    expect((await list(other)).json()).toEqual([]);
    expect((await list(owner)).json()).toHaveLength(1);
  });

  it(`keeps at most ${SAVED_ADDRESSES_MAX} per customer, even saved at once, and takes one more after a delete`, async () => {
    const customer = await insertCustomer(testApp);
    const numbered = (n: number): ShippingAddress => shippingAddress({ address: `${n} Roastery Lane` });
    const answers = await Promise.all(
      Array.from({ length: SAVED_ADDRESSES_MAX + 3 }, (_, n) => save(customer, numbered(n))),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(SAVED_ADDRESSES_MAX);
    const refusals = answers.filter((answer) => answer.statusCode === 409);
    expect(refusals).toHaveLength(3);
    expect(refusals[0]?.json().message).toBe(savedAddressMessages.full);
    const kept = (await list(customer)).json() as { _id: string }[];
    expect(kept).toHaveLength(SAVED_ADDRESSES_MAX);

    await remove(customer, kept[0]?._id ?? '');
    expect((await save(customer, numbered(99))).statusCode).toBe(201);
  });

  it('answers 401 without a session', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: apiPaths.auth.addresses });
    expect(answer.statusCode).toBe(401);
  });

  it('are deleted with the account', async () => {
    const customer = await insertCustomer(testApp);
    await save(customer, shippingAddress());
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: apiPaths.auth.me,
      headers: bearer(customer.token),
      payload: { password: customer.password },
    });
    expect(deleted.statusCode).toBe(200);
    const rows = await queryRows<{ n: number }>(
      testApp,
      sql`select count(*)::int as n from customer_addresses where user_id = ${customer.id}`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
