/**
 * The owner answering contact messages (docs/api.md, The owner's API): listed newest first with their status; reading
 * one changes nothing, and the owner's screen marks a new one read with a PATCH (decision 087); a reply is mailed to
 * the sender with the shop's signature and their message quoted, and marks it answered; each change audited. Runs on
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, insertCustomer, type TestCustomer, uniqueEmail } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { SmtpSink } from '#tests/smtp-sink';

const shopEmail = 'shop-inbox@roastandco.example';
let sink: SmtpSink;
let testApp: TestApp;
let admin: TestCustomer;
beforeAll(async () => {
  sink = await SmtpSink.start();
  testApp = await buildTestApp({ smtpUrl: sink.url, shopEmail });
  admin = await insertCustomer(testApp, { role: 'admin' });
});
afterAll(async () => {
  await testApp?.close();
  await sink?.stop();
});

/** A message through the contact form; answers its id, found through the owner's list. */
async function sendMessage(message: string): Promise<{ id: string; email: string }> {
  const email = uniqueEmail('asker');
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/contact/submit',
    payload: { name: 'Ada Asker', email, phone: '', message },
  });
  expect(response.statusCode).toBe(201);
  await sink.nextMailTo(shopEmail);
  await sink.nextMailTo(email); // the sender's acknowledgement
  const list = (await adminCall('GET', '/api/admin/messages?limit=200')).json();
  const found = list.items.find((item: { email: string }) => item.email === email);
  return { id: found._id, email };
}

function adminCall(method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) {
  return testApp.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
}
const auditOf = async (id: string) =>
  (await adminCall('GET', `/api/admin/audit?target=${encodeURIComponent(`message:${id}`)}`)).json().items;

describe('contact messages on the owner’s side', () => {
  it('lists a new message newest first; reading it leaves it new and writes no audit row', async () => {
    const first = await sendMessage('Do you ship to Orkney?');
    const second = await sendMessage('Are the almonds blanched?');
    const list = (await adminCall('GET', '/api/admin/messages?status=new&limit=200')).json();
    const ids = list.items.map((item: { _id: string }) => item._id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.items.find((item: { _id: string }) => item._id === first.id)).toMatchObject({
      status: 'new',
      name: 'Ada Asker',
      message: 'Do you ship to Orkney?',
    });

    const opened = await adminCall('GET', `/api/admin/messages/${first.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ _id: first.id, status: 'new', message: 'Do you ship to Orkney?' });
    expect((await adminCall('GET', `/api/admin/messages/${first.id}`)).json()).toMatchObject({ status: 'new' });
    const stillNew = (await adminCall('GET', '/api/admin/messages?status=new&limit=200')).json();
    expect(stillNew.items.map((item: { _id: string }) => item._id)).toContain(first.id);
    expect(await auditOf(first.id)).toEqual([]);
    expect((await adminCall('GET', '/api/admin/messages/no-such-message')).statusCode).toBe(404);
  });

  it('marks a message read when the owner says so, with one audit entry', async () => {
    const asked = await sendMessage('Is the shop open on Sundays?');
    const read = await adminCall('PATCH', `/api/admin/messages/${asked.id}`, { status: 'read' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ _id: asked.id, status: 'read' });
    expect((await adminCall('GET', `/api/admin/messages/${asked.id}`)).json()).toMatchObject({ status: 'read' });
    expect(await auditOf(asked.id)).toEqual([
      expect.objectContaining({
        action: 'message.read',
        actor: expect.objectContaining({ email: admin.email }),
        before: { status: 'new', reply: null },
        after: { status: 'read', reply: null },
      }),
    ]);
    expect((await adminCall('PATCH', '/api/admin/messages/no-such-message', { status: 'read' })).statusCode).toBe(404);
  });

  it('mails a reply to the sender with the message quoted, Reply-To the shop, and marks it answered', async () => {
    const asked = await sendMessage('Do you sell <b>unsalted</b> pistachios?\nThanks');
    const replied = await adminCall('POST', `/api/admin/messages/${asked.id}/reply`, {
      message: '  Yes, from next week.\nBest wishes, Olive  ',
    });
    expect(replied.statusCode).toBe(200);
    expect(replied.json()).toMatchObject({
      status: 'answered',
      reply: 'Yes, from next week.\nBest wishes, Olive',
      answeredAt: expect.any(String),
    });

    const mail = await sink.nextMailTo(asked.email);
    expect(mail.subject).toBe('Re: your message to Roast & Co.');
    expect(mail.headers['reply-to']).toContain(shopEmail);
    expect(mail.text).toContain('Yes, from next week.\nBest wishes, Olive');
    expect(mail.text).toContain('> Do you sell <b>unsalted</b> pistachios?\n> Thanks');
    expect(mail.text).toContain('Roast & Co.');
    expect(mail.html).toContain('Do you sell &lt;b&gt;unsalted&lt;/b&gt; pistachios?');
    expect(mail.html).not.toContain('<b>unsalted</b>');

    const [entry] = await auditOf(asked.id);
    expect(entry).toMatchObject({
      action: 'message.answered',
      actor: { email: admin.email },
      before: { status: 'new', reply: null },
      after: { status: 'answered', reply: 'Yes, from next week.\nBest wishes, Olive' },
    });
  });

  it('sets a status by hand, and answers 400 for a body it cannot take and 404 for a message it does not have', async () => {
    const asked = await sendMessage('Please call me back.');
    expect((await adminCall('PATCH', `/api/admin/messages/${asked.id}`, { status: 'answered' })).json()).toMatchObject({
      status: 'answered',
    });
    expect((await adminCall('PATCH', `/api/admin/messages/${asked.id}`, { status: 'new' })).json()).toMatchObject({
      status: 'new',
    });
    for (const [url, body] of [
      [`/api/admin/messages/${asked.id}`, { status: 'spam' }],
      [`/api/admin/messages/${asked.id}`, {}],
      [`/api/admin/messages/${asked.id}/reply`, { message: '   ' }],
      [`/api/admin/messages/${asked.id}/reply`, { message: 'x'.repeat(5001) }],
      [`/api/admin/messages/${asked.id}/reply`, { message: 'Hi', cc: 'someone@example.com' }],
    ] as const) {
      const response = await adminCall(url.endsWith('/reply') ? 'POST' : 'PATCH', url, body);
      expect([JSON.stringify(body), response.statusCode]).toEqual([JSON.stringify(body), 400]);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await adminCall('POST', '/api/admin/messages/no-such-message/reply', { message: 'Hi' })).statusCode).toBe(
      404,
    );
    expect((await adminCall('GET', '/api/admin/messages?status=spam')).statusCode).toBe(400);
    // Only the acknowledgement the form sent: no reply went out.
    expect(sink.mailsTo(asked.email).map((mail) => mail.subject)).toEqual(['We have your message: Roast & Co.']);
  });
});
