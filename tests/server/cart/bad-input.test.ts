import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartInputMessages } from '#shared/schemas/cart';
import { bearer, insertCustomer, type TestCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { cartOf } from '#tests/cart';

let testApp: TestApp;
let customer: TestCustomer;
beforeAll(async () => {
  testApp = await buildTestApp();
  customer = await insertCustomer(testApp);
  // A line for the remove and weight-change cases to aim at.
  await cartOf(testApp, customer.token).add({ _id: 'roasted-cashew-nuts', qty: 3 });
});
afterAll(() => testApp?.close());

const add = (body: object) => ({ _id: 'roasted-cashew-nuts', selectedWeight: '250g', ...body });

interface Case {
  label: string;
  method?: 'POST' | 'DELETE' | 'PATCH';
  url?: string;
  headers?: Record<string, string>;
  payload?: string | object;
  status: number;
  message: string | RegExp;
  fields?: string[];
}

const { quantity, quantityToRemove, weight, product, body } = cartInputMessages;

const cases: Case[] = [
  { label: 'a quantity of 0', payload: add({ qty: 0 }), status: 400, message: quantity, fields: ['qty'] },
  { label: 'a negative quantity', payload: add({ qty: -2 }), status: 400, message: quantity, fields: ['qty'] },
  { label: 'a fractional quantity', payload: add({ qty: 1.5 }), status: 400, message: quantity, fields: ['qty'] },
  { label: 'a quantity of 100', payload: add({ qty: 100 }), status: 400, message: quantity, fields: ['qty'] },
  { label: 'a quantity as a string', payload: add({ qty: '2' }), status: 400, message: quantity, fields: ['qty'] },
  { label: 'a quantity of null', payload: add({ qty: null }), status: 400, message: quantity, fields: ['qty'] },
  { label: 'a huge quantity', payload: add({ qty: 1e300 }), status: 400, message: quantity, fields: ['qty'] },
  { label: 'no product', payload: { qty: 1 }, status: 400, message: product, fields: ['_id'] },
  {
    label: 'a product id that is a number',
    payload: { _id: 42, qty: 1 },
    status: 400,
    message: product,
    fields: ['_id'],
  },
  {
    label: 'an over-long product id',
    payload: { _id: 'n'.repeat(81), qty: 1 },
    status: 400,
    message: product,
    fields: ['_id'],
  },
  {
    label: 'an unknown product',
    payload: { _id: 'roasted-unicorn-nuts', qty: 1 },
    status: 404,
    message: 'Product not found',
  },
  {
    label: 'an unknown product that is no slug',
    payload: { _id: "'; drop table cart_lines; --", qty: 1 },
    status: 404,
    message: 'Product not found',
  },
  {
    label: 'a weight the product does not have',
    payload: add({ qty: 1, selectedWeight: '250 g' }),
    status: 400,
    message: /does not come in 250 g/,
    fields: ['selectedWeight'],
  },
  {
    label: 'a weight that is a number',
    payload: add({ qty: 1, selectedWeight: 250 }),
    status: 400,
    message: weight,
    fields: ['selectedWeight'],
  },
  {
    label: 'a price that is nonsense (ignored)',
    payload: add({ qty: 1, price: 'free', product: null }),
    status: 200,
    message: '',
  },
  {
    label: 'malformed JSON',
    headers: { 'content-type': 'application/json' },
    payload: '{"_id": "roasted-cashew-nuts", ',
    status: 400,
    message: /JSON/,
  },
  { label: 'JSON null', headers: { 'content-type': 'application/json' }, payload: 'null', status: 400, message: body },
  {
    label: 'a JSON array',
    headers: { 'content-type': 'application/json' },
    payload: '[{"_id": "chia-seeds"}]',
    status: 400,
    message: body,
  },
  { label: 'a missing body', status: 400, message: body },
  {
    label: 'plain text',
    headers: { 'content-type': 'text/plain' },
    payload: '_id=chia-seeds',
    status: 415,
    message: /Unsupported Media Type/i,
  },
  {
    label: 'a body over 100 KB',
    payload: add({ qty: 1, name: 'n'.repeat(101 * 1024) }),
    status: 413,
    message: /too large/i,
  },
  {
    label: 'removing 0',
    method: 'DELETE',
    url: '/api/cart/remove/roasted-cashew-nuts',
    payload: { qtyToRemove: 0 },
    status: 400,
    message: quantityToRemove,
    fields: ['qtyToRemove'],
  },
  {
    label: 'removing a fraction',
    method: 'DELETE',
    url: '/api/cart/remove/roasted-cashew-nuts',
    payload: { qtyToRemove: 0.5 },
    status: 400,
    message: quantityToRemove,
    fields: ['qtyToRemove'],
  },
  {
    label: 'removing 100',
    method: 'DELETE',
    url: '/api/cart/remove/roasted-cashew-nuts',
    payload: { qtyToRemove: 100 },
    status: 400,
    message: quantityToRemove,
    fields: ['qtyToRemove'],
  },
  {
    label: 'removing "all"',
    method: 'DELETE',
    url: '/api/cart/remove/roasted-cashew-nuts',
    payload: { qtyToRemove: 'all' },
    status: 400,
    message: quantityToRemove,
    fields: ['qtyToRemove'],
  },
  {
    label: 'a remove without a body',
    method: 'DELETE',
    url: '/api/cart/remove/roasted-cashew-nuts',
    status: 400,
    message: body,
  },
  {
    label: 'a remove with an empty JSON body',
    method: 'DELETE',
    url: '/api/cart/remove/roasted-cashew-nuts',
    headers: { 'content-type': 'application/json' },
    payload: '',
    status: 400,
    message: /empty/i,
  },
  {
    label: 'a remove of an over-long id',
    method: 'DELETE',
    url: `/api/cart/remove/${'x'.repeat(81)}`,
    payload: { qtyToRemove: 1 },
    status: 400,
    message: product,
    fields: ['id'],
  },
  {
    label: 'a remove of a product not in the cart',
    method: 'DELETE',
    url: '/api/cart/remove/chia-seeds',
    payload: { qtyToRemove: 1 },
    status: 404,
    message: 'That product is not in your cart.',
  },
  {
    label: 'an empty weight',
    method: 'PATCH',
    url: '/api/cart/roasted-cashew-nuts',
    payload: { selectedWeight: '' },
    status: 400,
    message: weight,
    fields: ['selectedWeight'],
  },
  {
    label: 'no weight',
    method: 'PATCH',
    url: '/api/cart/roasted-cashew-nuts',
    payload: {},
    status: 400,
    message: weight,
    fields: ['selectedWeight'],
  },
  {
    label: 'a weight as a list',
    method: 'PATCH',
    url: '/api/cart/roasted-cashew-nuts',
    payload: { selectedWeight: ['1kg'] },
    status: 400,
    message: weight,
    fields: ['selectedWeight'],
  },
  {
    label: 'a guest cart that is not a list',
    url: '/api/cart/merge',
    payload: { items: { _id: 'chia-seeds' } },
    status: 400,
    message: cartInputMessages.guestItems,
    fields: ['items'],
  },
  {
    label: 'a guest line with a fractional quantity',
    url: '/api/cart/merge',
    payload: { items: [{ _id: 'chia-seeds', qty: 0.5 }] },
    status: 400,
    message: cartInputMessages.guestQuantity,
    fields: ['items.0.qty'],
  },
  {
    label: 'a guest line without a product',
    url: '/api/cart/merge',
    payload: { items: [{ qty: 1 }] },
    status: 400,
    message: product,
    fields: ['items.0._id'],
  },
  {
    label: 'a path with a bad escape',
    method: 'PATCH',
    url: '/api/cart/%E0%A4%A',
    payload: { selectedWeight: '1kg' },
    status: 400,
    message: /./,
  },
];

describe('bad input to the cart answers a 4xx with a message, never a 5xx', () => {
  it.each(cases)(
    '$label → $status',
    async ({ method = 'POST', url = '/api/cart/add', headers, payload, status, message, fields }) => {
      const response = await testApp.app.inject({
        method,
        url,
        headers: { ...bearer(customer.token), ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      if (status === 200) return;
      const answer = response.json();
      if (typeof message === 'string') expect(answer.message).toBe(message);
      else expect(answer.message).toMatch(message);
      if (fields) expect(answer.errors.map((error: { field: string }) => error.field)).toEqual(fields);
    },
  );

  it('left the cart as it was, bar the one good add', async () => {
    const lines = (await cartOf(testApp, customer.token).get()).lines();
    expect(lines.map((line) => [line._id, line.qty, line.price])).toEqual([['roasted-cashew-nuts', 4, 4.19]]);
  });
});
