import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#server/features/accounts/messages';
import { insertCustomer, uniqueEmail } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { queryRows } from '#tests/db';
import { codeFrom, SmtpSink } from '#tests/smtp-sink';

const PUBLIC_URL = 'https://shop.example';

let sink: SmtpSink;
let testApp: TestApp;
beforeAll(async () => {
  sink = await SmtpSink.start();
  testApp = await buildTestApp({ smtpUrl: sink.url, publicUrl: PUBLIC_URL });
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

function login(email: string, withPassword = password) {
  return post('/api/auth/login', { email, password: withPassword });
}

function verify(userId: string, otp: string) {
  return post('/api/auth/verify-otp', { userId, otp });
}

/** A code other than `code`. */
function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

/** Moves every mail of the address's signup attempts back in time, as if it had gone `seconds` ago. */
async function ageMails(email: string, seconds: number) {
  await testApp.app.db.execute(
    sql`update signup_attempts set sent_at = sent_at - make_interval(secs => ${seconds}::double precision) where email = ${email}`,
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
    expect(mail.text).toContain('valid for 10 minutes');
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('Roast &amp; Co.');

    const beforeVerifying = await login(email);
    expect(beforeVerifying.statusCode).toBe(403);

    const verified = await verify(userId, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'Email verified! You can now log in.' });

    const loggedIn = await login(email);
    expect(loggedIn.statusCode).toBe(200);
    const { user, token } = loggedIn.json();
    expect(user).toEqual({ _id: expect.any(String), name: 'Grace Hopper', email, role: 'customer' });
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(loggedIn.body).not.toContain(password);

    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: { _id: user._id, name: 'Grace Hopper', email, role: 'customer' } });
  });

  it('treats an address the same whatever its case and spaces', async () => {
    const email = uniqueEmail('mixed');
    const signup = await signUp(`  ${email.toUpperCase()} `);
    expect(signup.statusCode).toBe(201);
    const code = codeFrom(await sink.nextMailTo(email));
    await verify(signup.json().userId, code);

    const loggedIn = await login(email.replace('mixed', 'MIXED'));
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json().user.email).toBe(email);
    // The owner, not the upper-cased signup, gets the notice: one mailbox, one account.
    expect((await signUp(email.toUpperCase())).statusCode).toBe(201);
    expect((await sink.nextMailTo(email)).subject).toBe(
      'Someone tried to sign up at Roast & Co. with your e-mail address',
    );
  });

  it('mails the code without a word of what was typed: the address has not proven itself yet', async () => {
    const email = uniqueEmail('bait');
    const bait = 'Your order is on hold pay at https evil example';
    expect((await signUp(email, bait)).statusCode).toBe(201);

    const mail = await sink.nextMailTo(email);
    codeFrom(mail);
    expect(mail.text).toMatch(/^Hello,$/m);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('on hold');
      expect(part).not.toContain('evil');
    }
  });
});

describe('a waiting signup cannot be taken over', () => {
  it('activates the password of the attempt the code was mailed for, whatever a later signup typed', async () => {
    const email = uniqueEmail('owner');
    const owner = (await signUp(email, 'Grace Hopper', password)).json().userId;
    const ownersCode = codeFrom(await sink.nextMailTo(email));

    // Someone else signs the same address up while the owner reads their mail.
    const intruder = await signUp(email, 'Mallory', 'mallorys-password');
    expect(intruder.statusCode).toBe(201);
    expect(intruder.json().userId).not.toBe(owner);
    await sink.nextMailTo(email);

    expect((await verify(owner, ownersCode)).json()).toEqual({ message: authMessages.verified });
    const ownersLogin = await login(email, password);
    expect(ownersLogin.statusCode).toBe(200);
    expect(ownersLogin.json().user.name).toBe('Grace Hopper');
    // The intruder's password opens nothing: their attempt still waits for a code they cannot read.
    const intrudersLogin = await login(email, 'mallorys-password');
    expect(intrudersLogin.statusCode).toBe(403);
    expect(intrudersLogin.json()).toEqual({ message: expect.any(String), userId: intruder.json().userId });
  });

  it('keeps the owner’s password when an earlier signup of their address is someone else’s', async () => {
    const email = uniqueEmail('early');
    const intruder = (await signUp(email, 'Mallory', 'mallorys-password')).json().userId;
    await sink.nextMailTo(email);

    const owner = (await signUp(email, 'Grace Hopper', password)).json().userId;
    const ownersCode = codeFrom(await sink.nextMailTo(email));
    expect(owner).not.toBe(intruder);

    expect((await verify(owner, ownersCode)).statusCode).toBe(200);
    expect((await login(email, password)).statusCode).toBe(200);
    expect((await login(email, 'mallorys-password')).json().token).toBeUndefined();
  });

  it("refuses one attempt's code checked against another's id; each code works whatever later attempts do", async () => {
    const email = uniqueEmail('pair');
    const first = (await signUp(email, 'Grace Hopper', password)).json().userId;
    const firstCode = codeFrom(await sink.nextMailTo(email));
    const second = (await signUp(email, 'Grace Hopper', 'second-password')).json().userId;
    const secondCode = codeFrom(await sink.nextMailTo(email));

    if (firstCode !== secondCode) {
      const crossed = await verify(first, secondCode);
      expect(crossed.statusCode).toBe(400);
      expect(crossed.json()).toEqual({ message: authMessages.wrongCode(4) });
      expect((await verify(second, firstCode)).statusCode).toBe(400);
    }

    // The first code still works after the second attempt was mailed, and makes the account with its password.
    expect((await verify(first, firstCode)).json()).toEqual({ message: authMessages.verified });
    // The second code is right too, but the address has its account now: its password stays.
    expect((await verify(second, secondCode)).json()).toEqual({ message: authMessages.alreadyVerified });
    expect((await login(email, password)).statusCode).toBe(200);
    expect((await login(email, 'second-password')).statusCode).toBe(401);
    expect(await queryRows(testApp, sql`select count(*)::int as count from users where email = ${email}`)).toEqual([
      { count: 1 },
    ]);
  });

  it('makes one account when two attempts are verified at once, with the password of the one that won', async () => {
    const email = uniqueEmail('race');
    const first = (await signUp(email, 'Grace Hopper', 'first-password')).json().userId;
    const firstCode = codeFrom(await sink.nextMailTo(email));
    const second = (await signUp(email, 'Grace Hopper', 'second-password')).json().userId;
    const secondCode = codeFrom(await sink.nextMailTo(email));

    const answers = await Promise.all([verify(first, firstCode), verify(second, secondCode)]);
    const messages = answers.map((answer) => answer.json().message);
    expect([...messages].sort()).toEqual([authMessages.verified, authMessages.alreadyVerified].sort());
    const winner = messages[0] === authMessages.verified ? 'first-password' : 'second-password';
    const loser = winner === 'first-password' ? 'second-password' : 'first-password';
    expect((await login(email, winner)).statusCode).toBe(200);
    expect((await login(email, loser)).statusCode).toBe(401);
  });
});

describe('signup answers alike whether the address is new, waiting or has an account', () => {
  it('answers 201 { userId } in all three cases', async () => {
    const customer = await insertCustomer(testApp);
    const fresh = uniqueEmail('fresh');
    const answers = [await signUp(fresh), await signUp(fresh), await signUp(customer.email)];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(201);
      expect(answer.headers['content-type']).toBe(answers[0]?.headers['content-type']);
      expect(Object.keys(answer.json())).toEqual(['userId']);
      expect(answer.json().userId).toMatch(/^[\w-]{24}$/);
      expect(answer.json().userId).not.toBe(customer.id);
    }
    expect(new Set(answers.map((answer) => answer.json().userId)).size).toBe(3);
  });

  it("mails an account's owner a notice with the ways in and no code, and keeps their password", async () => {
    const customer = await insertCustomer(testApp, { name: 'Ada Lovelace' });
    const signup = await signUp(customer.email, 'Pay at https evil example', 'someone-elses-password');
    expect(signup.statusCode).toBe(201);

    const notice = await sink.nextMailTo(customer.email);
    expect(notice.subject).toBe('Someone tried to sign up at Roast & Co. with your e-mail address');
    expect(notice.text).toContain('Hello Ada Lovelace,');
    expect(notice.text).toContain(`${PUBLIC_URL}/login\n`);
    expect(notice.text).toContain(`${PUBLIC_URL}/forgot-password\n`);
    expect(notice.html).toContain(`href="${PUBLIC_URL}/login"`);
    expect(notice.html).toContain(`href="${PUBLIC_URL}/forgot-password"`);
    expect(() => codeFrom(notice)).toThrow();
    expect(notice.text).not.toMatch(/\d{6}/);
    expect(notice.text).not.toContain('evil');

    expect((await login(customer.email, customer.password)).statusCode).toBe(200);
    const withTyped = await login(customer.email, 'someone-elses-password');
    expect(withTyped.json().token).toBeUndefined();
  });

  it("lets a caller without the code tell an account's attempt from a new address's by nothing it can see", async () => {
    const customer = await insertCustomer(testApp);
    const newcomer = uniqueEmail('newcomer');
    const typed = 'typed-at-signup-1';

    /** Everything a caller holding only the signup's answer can ask about it, in order. */
    async function probe(email: string) {
      const signup = await signUp(email, 'Probe Person', typed);
      const { userId } = signup.json();
      // A guess that is never the code: a code mail's own is avoided; a notice has none.
      let guess = '000000';
      const readMail = async () => {
        const mail = await sink.nextMailTo(email);
        if (mail.subject.includes('sign-up code')) guess = wrongCode(codeFrom(mail));
      };
      await readMail();
      const seen: unknown[] = [signup.statusCode];
      const record = async (answer: Awaited<ReturnType<typeof post>>) => {
        const body = answer.json();
        seen.push([answer.statusCode, 'userId' in body ? { ...body, userId: body.userId === userId } : body]);
      };
      await record(await verify(userId, guess));
      await record(await verify(userId, guess));
      await record(await post('/api/auth/resend-otp', { userId }));
      await record(await login(email, typed));
      await ageMails(email, 61);
      await record(await login(email, typed));
      await readMail();
      await ageMails(email, 61);
      await record(await post('/api/auth/resend-otp', { userId }));
      await readMail();
      for (let i = 0; i < 5; i += 1) await record(await verify(userId, guess));
      await record(await verify(userId, guess));
      await testApp.app.db.execute(
        sql`update signup_attempts set expires_at = now() - interval '1 second', tries = 0 where id = ${userId}`,
      );
      await record(await verify(userId, guess));
      return seen;
    }

    const forAccount = await probe(customer.email);
    const forNewcomer = await probe(newcomer);
    expect(forAccount).toEqual(forNewcomer);
    // The probe saw what a real attempt answers: tries counted, cooldowns, the code step at login.
    expect(forNewcomer).toContainEqual([400, { message: authMessages.wrongCode(3) }]);
    expect(forNewcomer).toContainEqual([403, { message: authMessages.verifyFirstNewCode, userId: true }]);
    expect(forNewcomer).toContainEqual([200, { message: authMessages.codeSent }]);
    expect(forNewcomer).toContainEqual([400, { message: authMessages.codeExhausted }]);
    expect(forNewcomer.at(-1)).toEqual([400, { message: authMessages.codeExpired }]);
    // And the account is as it was.
    expect((await login(customer.email, customer.password)).statusCode).toBe(200);
  });

  it('deletes an address’s attempts older than a day at its next signup', async () => {
    const email = uniqueEmail('old');
    const old = (await signUp(email)).json().userId;
    await sink.nextMailTo(email);
    await testApp.app.db.execute(
      sql`update signup_attempts set created_at = now() - interval '25 hours' where id = ${old}`,
    );
    const fresh = (await signUp(email)).json().userId;
    await sink.nextMailTo(email);
    expect(await queryRows(testApp, sql`select id from signup_attempts where email = ${email}`)).toEqual([
      { id: fresh },
    ]);
    expect((await verify(old, '123456')).statusCode).toBe(404);
  });
});

describe('the code', () => {
  it('stops after 5 tries, even for the right code, until a new one is asked for', async () => {
    const email = uniqueEmail('brute');
    const { userId } = (await signUp(email)).json();
    const code = codeFrom(await sink.nextMailTo(email));
    const wrong = wrongCode(code);

    const messages = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await verify(userId, wrong);
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

    const right = await verify(userId, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ message: authMessages.codeExhausted });

    await ageMails(email, 61);
    expect((await post('/api/auth/resend-otp', { userId })).statusCode).toBe(200);
    const fresh = codeFrom(await sink.nextMailTo(email));
    expect((await verify(userId, fresh)).statusCode).toBe(200);
  });

  it('counts parallel guesses too: no more than 5 are compared', async () => {
    const email = uniqueEmail('parallel');
    const { userId } = (await signUp(email)).json();
    const code = codeFrom(await sink.nextMailTo(email));
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((otp) => verify(userId, otp)));
    const compared = answers.filter((answer) => answer.json().message.startsWith('That code is not right'));
    expect(compared).toHaveLength(5);
    expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
  });

  it('expires after 10 minutes', async () => {
    const email = uniqueEmail('late');
    const { userId } = (await signUp(email)).json();
    const code = codeFrom(await sink.nextMailTo(email));
    await testApp.app.db.execute(
      sql`update signup_attempts set expires_at = now() - interval '1 second' where id = ${userId}`,
    );

    const response = await verify(userId, code);
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

    await ageMails(email, 45);
    const stillTooSoon = await post('/api/auth/resend-otp', { userId });
    expect(stillTooSoon.json().message).toMatch(/Please wait 1[0-5] seconds/);

    await ageMails(email, 20);
    const resent = await post('/api/auth/resend-otp', { userId });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: 'We have e-mailed you a new code.' });
    const second = codeFrom(await sink.nextMailTo(email));
    if (second !== first) {
      expect((await verify(userId, first)).statusCode).toBe(400);
    }
    expect((await verify(userId, second)).statusCode).toBe(200);
  });

  it('keeps the cooldown per mailbox: another attempt of the address mailed just now holds a resend back', async () => {
    const email = uniqueEmail('mailbox');
    const first = (await signUp(email)).json().userId;
    await sink.nextMailTo(email);
    await ageMails(email, 61);
    await signUp(email);
    await sink.nextMailTo(email);

    const resend = await post('/api/auth/resend-otp', { userId: first });
    expect(resend.statusCode).toBe(429);
    expect(await queuedMailCount(email)).toBe(2);
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
    await verify(userId, code);
    const again = await verify(userId, code);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: authMessages.alreadyVerified });
    expect((await post('/api/auth/resend-otp', { userId })).statusCode).toBe(409);
  });
});

describe('login', () => {
  it('answers a wrong password and an unknown address with the same 401', async () => {
    const email = uniqueEmail('known');
    const { userId } = (await signUp(email)).json();
    await verify(userId, codeFrom(await sink.nextMailTo(email)));

    const wrongPassword = await login(email, 'not-the-password');
    const unknownAddress = await login(uniqueEmail('nobody'));
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownAddress.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownAddress.body);
    expect(wrongPassword.json()).toEqual({ message: 'The e-mail address or password is not right.' });
  });

  it('tells an unverified customer to verify, mails a fresh code, and respects the cooldown', async () => {
    const email = uniqueEmail('unverified');
    const { userId } = (await signUp(email)).json();
    const signupCode = codeFrom(await sink.nextMailTo(email));

    const soon = await login(email);
    expect(soon.statusCode).toBe(403);
    expect(soon.json()).toEqual({ message: authMessages.verifyFirstCodeRecent, userId });
    expect(await queuedMailCount(email)).toBe(1);

    await ageMails(email, 61);
    const later = await login(email);
    expect(later.statusCode).toBe(403);
    expect(later.json()).toEqual({ message: authMessages.verifyFirstNewCode, userId });
    const freshCode = codeFrom(await sink.nextMailTo(email));
    if (freshCode !== signupCode) {
      expect((await verify(userId, signupCode)).statusCode).toBe(400);
    }
    expect((await verify(userId, freshCode)).statusCode).toBe(200);
    expect((await login(email)).statusCode).toBe(200);
  });

  it('checks the newest waiting signup of an address', async () => {
    const email = uniqueEmail('newest');
    await signUp(email, 'Grace Hopper', 'older-password');
    await sink.nextMailTo(email);
    const newest = (await signUp(email, 'Grace Hopper', password)).json().userId;
    await sink.nextMailTo(email);

    expect((await login(email, password)).json()).toEqual({
      message: authMessages.verifyFirstCodeRecent,
      userId: newest,
    });
    expect((await login(email, 'older-password')).statusCode).toBe(401);
  });

  it('does not mail a code to someone who only knows the address', async () => {
    const email = uniqueEmail('guarded');
    await signUp(email);
    await sink.nextMailTo(email);
    await ageMails(email, 61);
    const response = await login(email, 'a-guess-at-it');
    expect(response.statusCode).toBe(401);
    expect(await queuedMailCount(email)).toBe(1);
  });
});
