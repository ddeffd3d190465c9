import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../../src/server/routes/api/auth/index.ts';
import { uniqueEmail } from '../../support/accounts.ts';
import { buildTestApp, type TestApp } from '../../support/build-test-app.ts';
import { queryRows } from '../../support/db.ts';
import { codeFrom, SmtpSink } from '../../support/smtp-sink.ts';

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

function post(url: string, payload: object, remoteAddress?: string) {
  return testApp.app.inject({ method: 'POST', url, payload, ...(remoteAddress ? { remoteAddress } : {}) });
}

const password = 'cashews-and-pecans';

async function signUp(email: string, name = 'Grace Hopper', withPassword = password) {
  return post('/api/auth/signup', { name, email, password: withPassword });
}

/** Moves the account's code back in time, as if it had been mailed `seconds` ago. */
async function ageCode(userId: string, seconds: number) {
  await testApp.app.db.execute(
    sql`update signup_codes set sent_at = sent_at - make_interval(secs => ${seconds}::double precision) where user_id = ${userId}`,
  );
}

async function queuedMailCount(email: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    testApp,
    sql`select count(*)::int as count from mail_queue where "to" = ${email}`,
  );
  return row?.count ?? 0;
}

describe('signup, code, login, me', () => {
  it('signs up, mails a code over SMTP, verifies it, logs in and answers the customer', async () => {
    const email = uniqueEmail('grace');
    const signup = await signUp(email);
    expect(signup.statusCode).toBe(201);
    const { userId } = signup.json();
    expect(userId).toEqual(expect.any(String));

    const mail = await sink.nextMailTo(email);
    expect(mail.subject).toBe('Your Roast & Co. sign-up code');
    expect(mail.from).toContain('orders@roastandco.example');
    const code = codeFrom(mail);
    expect(mail.text).toContain('Hello Grace Hopper,');
    expect(mail.text).toContain('valid for 10 minutes');
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('Roast &amp; Co.');

    const beforeVerifying = await post('/api/auth/login', { email, password });
    expect(beforeVerifying.statusCode).toBe(403);

    const verify = await post('/api/auth/verify-otp', { userId, otp: code });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ message: 'Email verified! You can now log in.' });

    const login = await post('/api/auth/login', { email, password });
    expect(login.statusCode).toBe(200);
    const { user, token } = login.json();
    expect(user).toEqual({ _id: userId, name: 'Grace Hopper', email });
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(login.body).not.toContain(password);

    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: { _id: userId, name: 'Grace Hopper', email } });
  });

  it('treats an address the same whatever its case and spaces', async () => {
    const email = uniqueEmail('mixed');
    const signup = await signUp(`  ${email.toUpperCase()} `);
    expect(signup.statusCode).toBe(201);
    const code = codeFrom(await sink.nextMailTo(email));
    await post('/api/auth/verify-otp', { userId: signup.json().userId, otp: code });

    const login = await post('/api/auth/login', { email: email.replace('mixed', 'MIXED'), password });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.email).toBe(email);
    expect((await signUp(email.toUpperCase())).statusCode).toBe(409);
  });

  it('answers 409 to a signup for an address that already has a verified account', async () => {
    const email = uniqueEmail('taken');
    const { userId } = (await signUp(email)).json();
    await post('/api/auth/verify-otp', { userId, otp: codeFrom(await sink.nextMailTo(email)) });

    const again = await signUp(email, 'Someone Else', 'another-password');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: authMessages.emailTaken });
    // The account keeps its password.
    expect((await post('/api/auth/login', { email, password })).statusCode).toBe(200);
  });

  it('gives an unverified address a new code on a second signup, without a second account', async () => {
    const email = uniqueEmail('twice');
    const first = await signUp(email);
    const firstCode = codeFrom(await sink.nextMailTo(email));

    // Within the minute: same account, no second mail (the first code still works).
    const soon = await signUp(email);
    expect(soon.statusCode).toBe(200);
    expect(soon.json()).toEqual(first.json());
    expect(await queuedMailCount(email)).toBe(1);

    await ageCode(first.json().userId, 61);
    const later = await signUp(email, 'Grace B. Hopper', 'a-new-password');
    expect(later.statusCode).toBe(200);
    expect(later.json()).toEqual(first.json());
    const secondCode = codeFrom(await sink.nextMailTo(email));

    expect(await queryRows(testApp, sql`select count(*)::int as count from users where email = ${email}`)).toEqual([
      { count: 1 },
    ]);

    if (secondCode !== firstCode) {
      const stale = await post('/api/auth/verify-otp', { userId: first.json().userId, otp: firstCode });
      expect(stale.statusCode).toBe(400);
    }
    expect((await post('/api/auth/verify-otp', { userId: first.json().userId, otp: secondCode })).statusCode).toBe(200);
    // The newest signup's details won.
    const login = await post('/api/auth/login', { email, password: 'a-new-password' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.name).toBe('Grace B. Hopper');
  });
});

describe('the code', () => {
  it('stops after 5 tries, even for the right code, until a new one is asked for', async () => {
    const email = uniqueEmail('brute');
    const { userId } = (await signUp(email)).json();
    const code = codeFrom(await sink.nextMailTo(email));
    const wrong = code === '000000' ? '111111' : '000000';

    const messages = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await post('/api/auth/verify-otp', { userId, otp: wrong });
      expect(response.statusCode).toBe(400);
      messages.push(response.json().message);
    }
    expect(messages).toEqual([
      'That code is not right. You have 4 tries left.',
      'That code is not right. You have 3 tries left.',
      'That code is not right. You have 2 tries left.',
      'That code is not right. You have 1 try left.',
      'That code is not right, and that was the last try. Please ask for a new code.',
    ]);

    const right = await post('/api/auth/verify-otp', { userId, otp: code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ message: authMessages.codeExhausted });

    await ageCode(userId, 61);
    expect((await post('/api/auth/resend-otp', { userId })).statusCode).toBe(200);
    const fresh = codeFrom(await sink.nextMailTo(email));
    expect((await post('/api/auth/verify-otp', { userId, otp: fresh })).statusCode).toBe(200);
  });

  it('counts parallel guesses too: no more than 5 are compared', async () => {
    const email = uniqueEmail('parallel');
    const { userId } = (await signUp(email)).json();
    const code = codeFrom(await sink.nextMailTo(email));
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((otp) => post('/api/auth/verify-otp', { userId, otp })));
    const compared = answers.filter((answer) => answer.json().message.startsWith('That code is not right'));
    expect(compared).toHaveLength(5);
    expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
  });

  it('expires after 10 minutes', async () => {
    const email = uniqueEmail('late');
    const { userId } = (await signUp(email)).json();
    const code = codeFrom(await sink.nextMailTo(email));
    await testApp.app.db.execute(
      sql`update signup_codes set expires_at = now() - interval '1 second' where user_id = ${userId}`,
    );

    const response = await post('/api/auth/verify-otp', { userId, otp: code });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'This code has expired. Please ask for a new code.' });
  });

  it('is resent at most once a minute, and a resent code replaces the old one', async () => {
    const email = uniqueEmail('resend');
    const { userId } = (await signUp(email)).json();
    const first = codeFrom(await sink.nextMailTo(email));

    const tooSoon = await post('/api/auth/resend-otp', { userId });
    expect(tooSoon.statusCode).toBe(429);
    const seconds = Number(
      /Please wait (\d+) seconds? before asking for a new code\./.exec(tooSoon.json().message)?.[1],
    );
    expect(seconds).toBeGreaterThanOrEqual(55);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(tooSoon.headers['retry-after']).toBe(String(seconds));

    await ageCode(userId, 45);
    const stillTooSoon = await post('/api/auth/resend-otp', { userId });
    expect(stillTooSoon.json().message).toMatch(/Please wait 1[0-5] seconds/);

    await ageCode(userId, 20);
    const resent = await post('/api/auth/resend-otp', { userId });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: 'We have e-mailed you a new code.' });
    const second = codeFrom(await sink.nextMailTo(email));
    if (second !== first) {
      expect((await post('/api/auth/verify-otp', { userId, otp: first })).statusCode).toBe(400);
    }
    expect((await post('/api/auth/verify-otp', { userId, otp: second })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown sign-up and 409 or a plain answer for a verified one', async () => {
    const unknown = { userId: 'no-such-user', otp: '123456' };
    expect((await post('/api/auth/verify-otp', unknown)).statusCode).toBe(404);
    expect((await post('/api/auth/resend-otp', { userId: 'no-such-user' })).json()).toEqual({
      message: authMessages.signupNotFound,
    });

    const email = uniqueEmail('done');
    const { userId } = (await signUp(email)).json();
    const code = codeFrom(await sink.nextMailTo(email));
    await post('/api/auth/verify-otp', { userId, otp: code });
    const again = await post('/api/auth/verify-otp', { userId, otp: code });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: authMessages.alreadyVerified });
    expect((await post('/api/auth/resend-otp', { userId })).statusCode).toBe(409);
  });
});

describe('login', () => {
  it('answers a wrong password and an unknown address with the same 401', async () => {
    const email = uniqueEmail('known');
    const { userId } = (await signUp(email)).json();
    await post('/api/auth/verify-otp', { userId, otp: codeFrom(await sink.nextMailTo(email)) });

    const wrongPassword = await post('/api/auth/login', { email, password: 'not-the-password' });
    const unknownAddress = await post('/api/auth/login', { email: uniqueEmail('nobody'), password });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownAddress.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownAddress.body);
    expect(wrongPassword.json()).toEqual({ message: 'The e-mail address or password is not right.' });
  });

  it('tells an unverified customer to verify, mails a fresh code, and respects the cooldown', async () => {
    const email = uniqueEmail('unverified');
    const { userId } = (await signUp(email)).json();
    const signupCode = codeFrom(await sink.nextMailTo(email));

    const soon = await post('/api/auth/login', { email, password });
    expect(soon.statusCode).toBe(403);
    expect(soon.json()).toEqual({ message: authMessages.verifyFirstCodeRecent, userId });
    expect(await queuedMailCount(email)).toBe(1);

    await ageCode(userId, 61);
    const later = await post('/api/auth/login', { email, password });
    expect(later.statusCode).toBe(403);
    expect(later.json()).toEqual({ message: authMessages.verifyFirstNewCode, userId });
    const freshCode = codeFrom(await sink.nextMailTo(email));
    if (freshCode !== signupCode) {
      expect((await post('/api/auth/verify-otp', { userId, otp: signupCode })).statusCode).toBe(400);
    }
    expect((await post('/api/auth/verify-otp', { userId, otp: freshCode })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email, password })).statusCode).toBe(200);
  });

  it('does not mail a code to someone who only knows the address', async () => {
    const email = uniqueEmail('guarded');
    const { userId } = (await signUp(email)).json();
    await sink.nextMailTo(email);
    await ageCode(userId, 61);
    const response = await post('/api/auth/login', { email, password: 'a-guess-at-it' });
    expect(response.statusCode).toBe(401);
    expect(await queuedMailCount(email)).toBe(1);
  });
});
