import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authMessages } from '#server/features/accounts/messages';
import { bearer, insertCustomer, uniqueEmail } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { queryRows } from '#tests/db';
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

function forgot(email: string) {
  return testApp.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
}

function reset(token: string, password: string) {
  return testApp.app.inject({ method: 'PUT', url: `/api/auth/reset-password/${token}`, payload: { password } });
}

function login(email: string, password: string) {
  return testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

describe('forgot password', () => {
  it('answers alike for an address with an account and one without, and mails only the account', async () => {
    const customer = await insertCustomer(testApp, { name: 'Ada <b>Lovelace</b>' });
    const stranger = uniqueEmail('stranger');

    const forStranger = await forgot(stranger);
    const forCustomer = await forgot(customer.email.toUpperCase());
    expect(forCustomer.statusCode).toBe(200);
    expect(forStranger.statusCode).toBe(200);
    expect(forCustomer.body).toBe(forStranger.body);
    expect(forCustomer.json()).toEqual({ message: authMessages.resetLinkSent });

    const mail = await sink.nextMailTo(customer.email);
    expect(mail.subject).toBe('Reset your Roast & Co. password');
    expect(mail.text).toMatch(/https:\/\/shop\.example\/api\/auth\/reset-password\/[\w-]{43}\n/);
    expect(mail.html).toContain(`href="https://shop.example/api/auth/reset-password/${resetTokenFrom(mail)}"`);
    expect(mail.html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
    expect(await queryRows(testApp, sql`select 1 from mail_queue where "to" = ${stranger}`)).toEqual([]);
  });

  it('answers before it looks the address up, so its timing says nothing about the address', async () => {
    let release: () => void = () => {};
    const lookupHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    const lookup = vi.spyOn(testApp.app.userRepository, 'findByEmail').mockImplementation(async () => {
      await lookupHeld;
      return undefined;
    });

    const noAnswer = Symbol('no answer within 2 s');
    const outcome = await Promise.race([
      forgot(uniqueEmail('slow')),
      new Promise<typeof noAnswer>((resolve) => setTimeout(() => resolve(noAnswer), 2_000)),
    ]);
    release();
    expect(outcome).not.toBe(noAnswer);
    expect(outcome === noAnswer ? undefined : outcome.statusCode).toBe(200);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('keeps the reset token only as a hash', async () => {
    const customer = await insertCustomer(testApp);
    await forgot(customer.email);
    const token = resetTokenFrom(await sink.nextMailTo(customer.email));
    const stored = await queryRows<{ token_hash: string }>(
      testApp,
      sql`select token_hash from password_reset_tokens where user_id = ${customer.id}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('reset password', () => {
  it('works once, ends the other links and every earlier session', async () => {
    const customer = await insertCustomer(testApp);
    await forgot(customer.email);
    const firstLink = resetTokenFrom(await sink.nextMailTo(customer.email));
    await forgot(customer.email);
    const secondLink = resetTokenFrom(await sink.nextMailTo(customer.email));

    const done = await reset(secondLink, 'a-brand-new-password');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Your password has been reset. You can now log in.' });

    const again = await reset(secondLink, 'yet-another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: authMessages.resetLinkInvalid });
    expect((await reset(firstLink, 'yet-another-password')).statusCode).toBe(400);

    expect((await login(customer.email, customer.password)).statusCode).toBe(401);
    const fresh = await login(customer.email, 'a-brand-new-password');
    expect(fresh.statusCode).toBe(200);

    const meWithOldToken = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(customer.token),
    });
    expect(meWithOldToken.statusCode).toBe(401);
    const meWithNewToken = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(fresh.json().token),
    });
    expect(meWithNewToken.statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const customer = await insertCustomer(testApp);
    await forgot(customer.email);
    const token = resetTokenFrom(await sink.nextMailTo(customer.email));
    await testApp.app.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${customer.id}`,
    );

    const response = await reset(token, 'a-brand-new-password');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'This reset link has expired. Please ask for a new one.' });
    expect((await login(customer.email, customer.password)).statusCode).toBe(200);
  });

  it('refuses an unknown link and a too-short password', async () => {
    expect((await reset('made-up-token', 'a-brand-new-password')).json()).toEqual({
      message: authMessages.resetLinkInvalid,
    });
    const short = await reset('made-up-token', 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: 'Password must be at least 8 characters.',
      errors: [{ field: 'password', message: 'Password must be at least 8 characters.' }],
    });
  });

  it('mails nothing to an address that only waits for its signup code: it has no account yet', async () => {
    const waiting = await insertCustomer(testApp, { verified: false });
    const lookup = vi.spyOn(testApp.app.userRepository, 'findByEmail');
    try {
      const answer = await forgot(waiting.email);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: authMessages.resetLinkSent });
      // The lookup runs after the answer; once it has, and what follows it has had its turn, nothing was queued.
      await vi.waitFor(() => expect(lookup).toHaveBeenCalledTimes(1));
      expect(await lookup.mock.results[0]?.value).toBeUndefined();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      lookup.mockRestore();
    }
    expect(await queryRows(testApp, sql`select 1 from mail_queue where "to" = ${waiting.email}`)).toEqual([]);
    expect((await login(waiting.email, waiting.password)).statusCode).toBe(403);
  });

  it('answers whether a link can be used, without using it: usable, then used, unknown, expired', async () => {
    const check = (token: string) =>
      testApp.app.inject({ method: 'GET', url: `/api/auth/reset-password/${token}/check` });
    const customer = await insertCustomer(testApp);
    await forgot(customer.email);
    const token = resetTokenFrom(await sink.nextMailTo(customer.email));

    const fresh = await check(token);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['cache-control']).toBe('no-store');
    expect(fresh.json()).toEqual({ usable: true });
    // Asking did not use it.
    expect((await check(token)).json()).toEqual({ usable: true });
    expect((await reset(token, 'a-brand-new-password')).statusCode).toBe(200);
    expect((await sink.nextMailTo(customer.email)).subject).toBe('Your Roast & Co. password has been reset');
    expect((await check(token)).json()).toEqual({ usable: false, message: authMessages.resetLinkInvalid });
    expect((await check('made-up-token')).json()).toEqual({ usable: false, message: authMessages.resetLinkInvalid });

    await forgot(customer.email);
    const later = resetTokenFrom(await sink.nextMailTo(customer.email));
    await testApp.app.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${customer.id}`,
    );
    expect((await check(later)).json()).toEqual({ usable: false, message: authMessages.resetLinkExpired });
  });

  it('leaves a GET of the reset path to the web app: no API route takes it', () => {
    expect(testApp.app.hasRoute({ method: 'PUT', url: '/api/auth/reset-password/:token' })).toBe(true);
    expect(testApp.app.hasRoute({ method: 'GET', url: '/api/auth/reset-password/:token' })).toBe(false);
  });
});
