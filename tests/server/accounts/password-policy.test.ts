/**
 * New passwords (decision 102): one of the 10,000 most common, or the account's own e-mail, is refused at signup,
 * reset, change and a staff invitation's acceptance with the same words at the field; a changed or reset password is
 * mailed to the account's address, with no secret in the mail. Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonPasswordMessage } from '#server/features/accounts/password-policy';
import { bearer, insertCustomer, uniqueEmail } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { resetTokenFrom, SmtpSink } from '#tests/smtp-sink';

let sink: SmtpSink;
let testApp: TestApp;
beforeAll(async () => {
  sink = await SmtpSink.start();
  testApp = await buildTestApp({ smtpUrl: sink.url, publicUrl: 'https://shop.example' });
});
afterAll(async () => {
  await testApp?.close();
  await sink?.stop();
});

const call = (method: 'POST' | 'PUT', url: string, payload: object, token?: string) =>
  testApp.app.inject({ method, url, payload, ...(token ? { headers: bearer(token) } : {}) });

const refusal = { message: commonPasswordMessage, errors: [{ field: 'password', message: commonPasswordMessage }] };
const COMMON = ['password', '12345678', 'Password', 'iloveyou', 'qwertyuiop'];

async function resetLink(email: string): Promise<string> {
  await call('POST', '/api/auth/forgot-password', { email });
  return resetTokenFrom(await sink.nextMailTo(email));
}

describe('a common password, or the account’s own e-mail, is refused', () => {
  it.each(COMMON)('at signup: %s', async (password) => {
    const response = await call('POST', '/api/auth/signup', { name: 'Ada', email: uniqueEmail(), password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal);
  });

  it('at signup, the address itself in any case', async () => {
    const email = uniqueEmail('own');
    const response = await call('POST', '/api/auth/signup', { name: 'Ada', email, password: email.toUpperCase() });
    expect(response.json()).toEqual(refusal);
    // An uncommon password goes through.
    expect(
      (await call('POST', '/api/auth/signup', { name: 'Ada', email, password: 'sumac-and-figs-31' })).statusCode,
    ).toBe(201);
  });

  it('at a password change, and the old password still works', async () => {
    const customer = await insertCustomer(testApp);
    for (const password of ['12345678', customer.email]) {
      const response = await call(
        'PUT',
        '/api/auth/password',
        { currentPassword: customer.password, password },
        customer.token,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refusal);
    }
    const login = await call('POST', '/api/auth/login', { email: customer.email, password: customer.password });
    expect(login.statusCode).toBe(200);
  });

  it('at a reset, and the link stays usable for a better password', async () => {
    const customer = await insertCustomer(testApp);
    const token = await resetLink(customer.email);
    for (const password of ['password', customer.email]) {
      const response = await call('PUT', `/api/auth/reset-password/${token}`, { password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refusal);
    }
    expect((await call('PUT', `/api/auth/reset-password/${token}`, { password: 'smoked-almond-88' })).statusCode).toBe(
      200,
    );
  });

  it('at accepting a staff invitation', async () => {
    const admin = await insertCustomer(testApp, { role: 'admin' });
    const email = uniqueEmail('staff');
    await call('POST', '/api/admin/staff', { email, name: 'Pat', role: 'staff' }, admin.token);
    const token = /\/staff\/accept\/([\w-]+)/.exec((await sink.nextMailTo(email)).text)?.[1];
    for (const password of ['iloveyou', email]) {
      const response = await call('POST', `/api/staff/accept/${token}`, { password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refusal);
    }
    expect((await call('POST', `/api/staff/accept/${token}`, { password: 'brazil-nut-butter-5' })).statusCode).toBe(
      200,
    );
  });
});

describe('a new password is mailed to the account’s address', () => {
  it('after a change: when, and what to do if it was not them; no secret', async () => {
    const customer = await insertCustomer(testApp, { name: 'Grace Hopper' });
    const newPassword = 'walnut-halves-2024';
    const response = await call(
      'PUT',
      '/api/auth/password',
      { currentPassword: customer.password, password: newPassword },
      customer.token,
    );
    expect(response.statusCode).toBe(200);
    const mail = await sink.nextMailTo(customer.email);
    expect(mail.subject).toBe('Your Roast & Co. password has been changed');
    expect(mail.text).toContain('Grace Hopper');
    expect(mail.text).toMatch(
      /was changed on the account page on \w+day,? \d{1,2} \w+ \d{4} at \d\d:\d\d \(London time\)/,
    );
    expect(mail.text).toContain('If it was not you');
    expect(mail.text).toContain('https://shop.example/forgot-password');
    expect(mail.text).not.toContain(newPassword);
    expect(mail.text).not.toContain(response.json().token);
    expect(mail.text).not.toMatch(/reset-password\/[\w-]{20,}/);
  });

  it('after a reset by a mailed link, without the link', async () => {
    const customer = await insertCustomer(testApp);
    const token = await resetLink(customer.email);
    expect((await call('PUT', `/api/auth/reset-password/${token}`, { password: 'candied-ginger-12' })).statusCode).toBe(
      200,
    );
    const mail = await sink.nextMailTo(customer.email);
    expect(mail.subject).toBe('Your Roast & Co. password has been reset');
    expect(mail.text).toContain('reset with a link we e-mailed you');
    expect(mail.text).not.toContain(token);
    expect(mail.html).not.toContain(token);
  });
});
