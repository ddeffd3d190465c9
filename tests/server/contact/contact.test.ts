import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { controlCharacterMessages } from '#server/plugins/app/control-characters';
import { contactLimits, contactTexts } from '#server/features/contact/routes';
import { uniqueEmail } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { queryRows } from '#tests/db';
import { SmtpSink } from '#tests/smtp-sink';

interface StoredMessage {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
}

function submit(testApp: TestApp, payload: object, remoteAddress?: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/contact/submit',
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

async function storedFrom(testApp: TestApp, email: string): Promise<StoredMessage[]> {
  return queryRows<StoredMessage>(
    testApp,
    sql`select id, name, email, phone, message from contact_messages where email = ${email} order by created_at`,
  );
}

async function countRows(testApp: TestApp, table: 'contact_messages' | 'mail_queue'): Promise<number> {
  const [row] = await queryRows<{ count: number }>(testApp, sql`select count(*)::int as count from ${sql.raw(table)}`);
  return row?.count ?? 0;
}

describe('POST /api/contact/submit', () => {
  const shopEmail = 'shop-inbox@roastandco.example';
  let sink: SmtpSink;
  let testApp: TestApp;
  beforeAll(async () => {
    sink = await SmtpSink.start();
    testApp = await buildTestApp({ smtpUrl: sink.url, shopEmail });
  });
  afterAll(async () => {
    await testApp?.close();
    await sink?.stop();
  });

  it('stores the message and mails it to SHOP_EMAIL with Reply-To the sender, every value escaped in the HTML', async () => {
    const email = uniqueEmail('contact');
    const message = 'Do you sell <b>unsalted</b> pistachios?\n<script>alert("hi")</script>\nThanks & regards';
    const response = await submit(testApp, {
      name: '  Ada <Lovelace>  ',
      email: `  ${email.toUpperCase()} `,
      phone: ' +44 (20) 7946-0958 ',
      message: `  ${message}  `,
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: contactTexts.received });

    const [stored, ...others] = await storedFrom(testApp, email);
    expect(others).toEqual([]);
    expect(stored).toEqual({
      id: expect.any(String),
      name: 'Ada <Lovelace>',
      email,
      phone: '+44 (20) 7946-0958',
      message,
    });

    const mail = await sink.nextMailTo(shopEmail);
    expect(mail.to).toEqual([shopEmail]);
    expect(mail.subject).toBe('Contact form: Ada <Lovelace>');
    expect(mail.headers['reply-to']).toBe(email);
    expect(mail.from).toContain('orders@roastandco.example');

    expect(mail.text).toContain(message);
    expect(mail.text).toContain(`Email: ${email}`);
    expect(mail.text).toContain('Phone: +44 (20) 7946-0958');
    expect(mail.text).toContain(`Reference: ${stored?.id}`);

    expect(mail.html).toContain(
      'Do you sell &lt;b&gt;unsalted&lt;/b&gt; pistachios?<br>&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;<br>Thanks &amp; regards',
    );
    expect(mail.html).toContain('Ada &lt;Lovelace&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>unsalted');
    expect(mail.html).not.toContain('<Lovelace>');
  });

  it('acknowledges the message to the sender with its reference, Reply-To the shop, repeating nothing they wrote', async () => {
    const email = uniqueEmail('acknowledged');
    const response = await submit(testApp, {
      name: 'Visit cheap-pills.example',
      email,
      message: 'Win a prize at cheap-pills.example <a href="x">now</a>',
    });
    expect(response.statusCode).toBe(201);
    const [stored] = await storedFrom(testApp, email);

    const mail = await sink.nextMailTo(email);
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toBe('We have your message: Roast & Co.');
    expect(mail.headers['reply-to']).toBe(shopEmail);
    expect(mail.text).toContain('Your message has reached us');
    expect(mail.text).toContain(`Your reference: ${stored?.id}`);
    expect(mail.html).toContain(`Your reference: ${stored?.id}`);
    // Anyone may type anyone's address: the receipt carries none of the sender's words to that inbox.
    for (const part of [mail.text, mail.html, mail.subject]) expect(part).not.toContain('cheap-pills');
    // The shop's copy still comes, and only one receipt goes to the sender.
    expect((await sink.nextMailTo(shopEmail)).text).toContain(`Reference: ${stored?.id}`);
    expect(sink.mailsTo(email)).toHaveLength(1);
  });

  it('takes a message without a phone, and stores no phone for an empty or null one', async () => {
    for (const phone of [undefined, '', '   ', null]) {
      const email = uniqueEmail('no-phone');
      const response = await submit(testApp, {
        name: 'Grace Hopper',
        email,
        ...(phone === undefined ? {} : { phone }),
        message: 'Hello!',
      });
      expect(response.statusCode).toBe(201);
      const [stored] = await storedFrom(testApp, email);
      expect(stored?.phone).toBeNull();
      const mail = await sink.nextMailTo(shopEmail);
      expect(mail.headers['reply-to']).toBe(email);
      expect(mail.text).toContain('Phone: not given');
    }
  });

  it('takes a message of exactly 2,000 characters and names of exactly 100', async () => {
    const email = uniqueEmail('long');
    const response = await submit(testApp, {
      name: 'n'.repeat(100),
      email,
      phone: '1'.repeat(30),
      message: 'm'.repeat(2000),
    });
    expect(response.statusCode).toBe(201);
    expect((await storedFrom(testApp, email))[0]?.message).toHaveLength(2000);
  });

  it('stores the message and its mail in one transaction: a failure after the mail is queued undoes both', async () => {
    const email = uniqueEmail('atomic');
    const messagesBefore = await countRows(testApp, 'contact_messages');
    const mailsBefore = await countRows(testApp, 'mail_queue');
    const mailer = testApp.app.mailer;
    const realEnqueue = mailer.enqueue.bind(mailer);
    // The mail is written, then the request fails before anything commits. NOTE: PGlite has one session, so
    // there a mail queued outside the transaction would be undone too; PostgreSQL tells the two apart.
    const enqueue = vi.spyOn(mailer, 'enqueue').mockImplementationOnce(async (mail, executor) => {
      await realEnqueue(mail, executor);
      throw new Error('failed after queuing');
    });
    try {
      const response = await submit(testApp, { name: 'Ada', email, message: 'Is this stored?' });
      expect(response.statusCode).toBe(500);
      expect(response.json().message).not.toContain('failed after queuing');
    } finally {
      enqueue.mockRestore();
    }
    expect(await storedFrom(testApp, email)).toEqual([]);
    expect(await countRows(testApp, 'contact_messages')).toBe(messagesBefore);
    expect(await countRows(testApp, 'mail_queue')).toBe(mailsBefore);
  });

  const good = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '020 7946 0958', message: 'Hello there' };

  interface Case {
    label: string;
    headers?: Record<string, string>;
    payload?: string | object;
    status: number;
    message: string | RegExp;
    fields?: string[];
  }

  // The name, e-mail and password rules are tested once in src/shared/schemas/account-fields.test.ts; one case
  // per field here proves this endpoint applies them.
  const cases: Case[] = [
    {
      label: 'a missing name',
      payload: { ...good, name: undefined },
      status: 400,
      message: 'Please enter your name.',
      fields: ['name'],
    },
    {
      label: 'an address that is not one',
      payload: { ...good, email: 'ada at example' },
      status: 400,
      message: 'Please enter a valid e-mail address.',
      fields: ['email'],
    },
    {
      label: 'a missing message',
      payload: { ...good, message: undefined },
      status: 400,
      message: 'Please enter your message.',
      fields: ['message'],
    },
    {
      label: 'a blank message',
      payload: { ...good, message: ' \n\t ' },
      status: 400,
      message: 'Please enter your message.',
      fields: ['message'],
    },
    {
      label: 'a message over 2,000 characters',
      payload: { ...good, message: 'm'.repeat(2001) },
      status: 400,
      message: 'Message must be at most 2,000 characters.',
      fields: ['message'],
    },
    {
      label: 'a phone over 30 characters',
      payload: { ...good, phone: '1'.repeat(31) },
      status: 400,
      message: 'Phone number must be at most 30 characters.',
      fields: ['phone'],
    },
    {
      label: 'a phone with letters',
      payload: { ...good, phone: '0800 CALL NOW' },
      status: 400,
      message: 'Please enter your phone number using digits, spaces and + ( ) - only.',
      fields: ['phone'],
    },
    {
      label: 'a NUL in the message',
      payload: { ...good, message: 'Hello\u0000there' },
      status: 400,
      // The app-wide control-character check (decision 047) answers before the schema, whose rule is the same.
      message: controlCharacterMessages.field,
      fields: ['message'],
    },
    {
      label: 'numbers, arrays and objects for strings',
      payload: { name: 42, email: ['ada@example.com'], phone: 2079460958, message: { text: 'hi' } },
      status: 400,
      message: 'Please enter your name.',
      fields: ['name', 'email', 'phone', 'message'],
    },
    { label: 'nothing at all', payload: {}, status: 400, message: 'Please enter your name.' },
    {
      label: 'JSON null',
      headers: { 'content-type': 'application/json' },
      payload: 'null',
      status: 400,
      message: 'Please send the form as a JSON object.',
    },
    {
      label: 'malformed JSON',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ada", ',
      status: 400,
      message: /JSON/,
    },
    { label: 'a missing body', status: 400, message: 'Please send the form as a JSON object.' },
    {
      label: 'plain text',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=Ada&message=hi',
      status: 415,
      message: /Unsupported Media Type/i,
    },
    {
      label: 'a form post',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ada&email=a%40b.c&message=hi',
      status: 415,
      message: /Unsupported Media Type/i,
    },
    {
      label: 'a body over 100 KB',
      payload: { ...good, message: 'm'.repeat(101 * 1024) },
      status: 413,
      message: /too large/i,
    },
  ];

  it.each(cases)('$label → $status with a message, and nothing stored or mailed', async (testCase) => {
    const messagesBefore = await countRows(testApp, 'contact_messages');
    const mailsBefore = await countRows(testApp, 'mail_queue');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/contact/submit',
      ...(testCase.headers ? { headers: testCase.headers } : {}),
      ...(testCase.payload === undefined ? {} : { payload: testCase.payload }),
    });
    expect(response.statusCode).toBe(testCase.status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    if (typeof testCase.message === 'string') expect(body.message).toBe(testCase.message);
    else expect(body.message).toMatch(testCase.message);
    if (testCase.fields) expect(body.errors.map((error: { field: string }) => error.field)).toEqual(testCase.fields);
    expect(await countRows(testApp, 'contact_messages')).toBe(messagesBefore);
    expect(await countRows(testApp, 'mail_queue')).toBe(mailsBefore);
  });
});

describe('POST /api/contact/submit, rate limited (RATE_LIMIT_FACTOR 1)', () => {
  const SLOWDOWN_MS = 500;
  let testApp: TestApp;
  beforeAll(async () => {
    // No SMTP here: the mails go to this app's own outbox.
    testApp = await buildTestApp({ rateLimitFactor: 1, attemptSlowdownMs: SLOWDOWN_MS });
  });
  afterAll(() => testApp?.close());

  const message = (email: string) => ({ name: 'Rate Test', email, message: 'Another message' });

  it('limits one client address, whatever e-mail it gives, and stores nothing once limited', async () => {
    const address = '10.9.8.7';
    for (let i = 0; i < contactLimits.perAddress; i += 1) {
      expect((await submit(testApp, message(uniqueEmail('burst')), address)).statusCode).toBe(201);
    }
    const limitedEmail = uniqueEmail('limited');
    const limited = await submit(testApp, message(limitedEmail), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: contactTexts.tooMany });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedFrom(testApp, limitedEmail)).toEqual([]);

    // Another client is unaffected.
    expect((await submit(testApp, message(uniqueEmail('other')), '10.9.8.6')).statusCode).toBe(201);
  });

  it('slows one e-mail address past its count, from however many client addresses, and never refuses it', async () => {
    const email = uniqueEmail('one-sender');
    for (let i = 0; i < contactLimits.slowPerEmail; i += 1) {
      expect((await submit(testApp, message(email), `10.20.0.${i + 1}`)).statusCode).toBe(201);
    }
    // Anyone can type someone else's e-mail, so past its count a message in that name waits; it is still taken.
    const startedAt = performance.now();
    const slowed = await submit(testApp, message(email), '10.20.0.200');
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(SLOWDOWN_MS - 5);
    expect(slowed.statusCode).toBe(201);
    expect(await storedFrom(testApp, email)).toHaveLength(contactLimits.slowPerEmail + 1);
  });
});
