/**
 * Secrets never reach a log line (decision 105): a failed password reset with a valid token, a payment page and its
 * verify call, and a login's password leave the log holding none of them. The log stream is captured at debug level.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer } from '#tests/accounts';
import { buildTestApp, type TestApp } from '#tests/build-test-app';
import { startCheckout } from '#tests/checkout';
import { resetTokenFrom, SmtpSink } from '#tests/smtp-sink';

let logged = '';
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logged += String(chunk);
    done();
  },
});
let sink: SmtpSink;
let testApp: TestApp;
beforeAll(async () => {
  sink = await SmtpSink.start();
  testApp = await buildTestApp({ smtpUrl: sink.url }, { logger: { level: 'debug', stream: logStream } });
});
afterAll(async () => {
  await testApp?.close();
  await sink?.stop();
});

describe('the log', () => {
  it('holds no reset token after a failed reset with a valid one', async () => {
    const customer = await insertCustomer(testApp);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: customer.email },
    });
    const token = resetTokenFrom(await sink.nextMailTo(customer.email));
    const failed = await testApp.app.inject({
      method: 'PUT',
      url: `/api/auth/reset-password/${token}`,
      payload: { password: 'short' },
    });
    expect(failed.statusCode).toBe(400);
    expect(logged).toContain('/api/auth/reset-password/[redacted]');
    expect(logged).not.toContain(token);
  });

  it('holds no payment session id from the payment page or the verify call', async () => {
    const sessionId = await startCheckout(testApp);
    await testApp.app.inject({ method: 'GET', url: `/pay/${sessionId}` });
    await testApp.app.inject({ method: 'GET', url: `/api/orders/verify-stripe/${sessionId}` });
    await testApp.app.inject({ method: 'GET', url: `/api/orders/verify-stripe/${sessionId}?session_id=${sessionId}` });
    expect(logged).toContain('/api/orders/verify-stripe/[redacted]');
    expect(logged).not.toContain(sessionId);
  });
});
