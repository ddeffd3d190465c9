import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

const good = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'roasted-almonds-42' };

interface Case {
  label: string;
  method?: 'POST' | 'PUT';
  url?: string;
  headers?: Record<string, string>;
  payload?: string | object;
  /** 'client error': any 4xx (the router's own answer, which the app layer owns). */
  status: number | 'client error';
  message: string | RegExp;
  fields?: string[];
}

// The name, e-mail and password rules are tested once in src/shared/schemas/account-fields.test.ts; one case
// per field here proves this endpoint applies them.
const cases: Case[] = [
  {
    label: 'a name over 100 characters',
    payload: { ...good, name: 'n'.repeat(101) },
    status: 400,
    message: 'Name must be at most 100 characters.',
    fields: ['name'],
  },
  {
    label: 'a password under 8 characters',
    payload: { ...good, password: 'short' },
    status: 400,
    message: 'Password must be at least 8 characters.',
    fields: ['password'],
  },
  {
    label: 'an address that is not one',
    payload: { ...good, email: 'ada at example' },
    status: 400,
    message: 'Please enter a valid e-mail address.',
    fields: ['email'],
  },
  {
    label: 'numbers and arrays for strings',
    payload: { name: 42, email: ['ada@example.com'], password: { value: 'x' } },
    status: 400,
    message: 'Please enter your name.',
    fields: ['name', 'email', 'password'],
  },
  {
    label: 'nothing at all',
    payload: {},
    status: 400,
    message: 'Please enter your name.',
    fields: ['name', 'email', 'password'],
  },
  {
    label: 'malformed JSON',
    headers: { 'content-type': 'application/json' },
    payload: '{"name": "Ada", ',
    status: 400,
    message: /JSON/,
  },
  {
    label: 'JSON null',
    headers: { 'content-type': 'application/json' },
    payload: 'null',
    status: 400,
    message: 'Please send the form as a JSON object.',
  },
  {
    label: 'a JSON array',
    headers: { 'content-type': 'application/json' },
    payload: '[1, 2]',
    status: 400,
    message: 'Please send the form as a JSON object.',
  },
  { label: 'a missing body', status: 400, message: 'Please send the form as a JSON object.' },
  {
    label: 'an empty body that claims to be JSON',
    headers: { 'content-type': 'application/json' },
    payload: '',
    status: 400,
    message: /empty/i,
  },
  {
    label: 'plain text',
    headers: { 'content-type': 'text/plain' },
    payload: 'name=Ada',
    status: 415,
    message: /Unsupported Media Type/i,
  },
  {
    label: 'a form post',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'name=Ada&email=a%40b.c',
    status: 415,
    message: /Unsupported Media Type/i,
  },
  {
    label: 'a code with letters',
    url: '/api/auth/verify-otp',
    payload: { userId: 'someone', otp: '12a456' },
    status: 400,
    message: 'Please enter the 6-digit code from your e-mail.',
    fields: ['otp'],
  },
  {
    label: 'a code as a number',
    url: '/api/auth/verify-otp',
    payload: { userId: 'someone', otp: 123456 },
    status: 400,
    message: 'Please enter the 6-digit code from your e-mail.',
    fields: ['otp'],
  },
  {
    label: 'an over-long user id',
    url: '/api/auth/resend-otp',
    payload: { userId: 'u'.repeat(65) },
    status: 400,
    message: 'Your sign-up could not be found. Please sign up again.',
    fields: ['userId'],
  },
  {
    label: 'a login without a password',
    url: '/api/auth/login',
    payload: { email: 'ada@example.com' },
    status: 400,
    message: 'Please enter your password.',
    fields: ['password'],
  },
  {
    label: 'a forgotten password for no address',
    url: '/api/auth/forgot-password',
    payload: { email: 17 },
    status: 400,
    message: 'Please enter a valid e-mail address.',
    fields: ['email'],
  },
  {
    label: 'a reset with a number for a password',
    method: 'PUT',
    url: '/api/auth/reset-password/abc',
    payload: { password: 12345678 },
    status: 400,
    message: 'Please enter a password.',
    fields: ['password'],
  },
  {
    label: 'a reset token longer than any route takes',
    method: 'PUT',
    url: `/api/auth/reset-password/${'t'.repeat(300)}`,
    payload: { password: 'a-good-password' },
    status: 'client error',
    message: /./,
  },
  {
    label: 'a body over 100 KB',
    payload: { ...good, name: 'n'.repeat(101 * 1024) },
    status: 413,
    message: /too large/i,
  },
];

describe('bad input to the account endpoints answers a 4xx with a message, never a 5xx', () => {
  it.each(cases)(
    '$label → $status',
    async ({ method = 'POST', url = '/api/auth/signup', headers, payload, status, message, fields }) => {
      const response = await testApp.app.inject({
        method,
        url,
        ...(headers ? { headers } : {}),
        ...(payload === undefined ? {} : { payload }),
      });
      if (status === 'client error') {
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      } else {
        expect(response.statusCode).toBe(status);
      }
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json();
      if (typeof message === 'string') expect(body.message).toBe(message);
      else expect(body.message).toMatch(message);
      if (fields) expect(body.errors.map((error: { field: string }) => error.field)).toEqual(fields);
    },
  );

  it('never echoes a password back', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...good, email: 'not-an-address', password: 'my-secret-password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('my-secret-password');
  });
});
