/**
 * Where mail goes: an SMTP server when SMTP_URL is set, otherwise the outbox, one .eml file per mail in
 * DATA_DIR/outbox, announced in the log, so a shop without a mail server still shows what it would send.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { OutgoingMail } from './templates/layout.ts';

/**
 * Mails one process sends at once (claimed together from the queue, over as many pooled SMTP connections). A delivery
 * spends most of its time waiting on the mail server, so a few in flight keep up with a burst of checkouts.
 */
export const MAIL_SENDS_IN_FLIGHT = 4;

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the mail is handed over; rejects when it was not (the queue retries). */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}

function messageFields(from: string, mail: OutgoingMail) {
  return {
    from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
  };
}

export function createMailTransport({ smtpUrl, from, dataDir, log }: MailTransportOptions): MailTransport {
  if (smtpUrl) {
    // NOTE: the timeouts bound how long one unreachable server holds the sender (and a shutdown) up.
    // Pooled: the queue's sends in flight reuse a few connections rather than open one per mail.
    const transporter = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: MAIL_SENDS_IN_FLIGHT,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      kind: 'smtp',
      async send(mail) {
        await transporter.sendMail(messageFields(from, mail));
      },
      close: () => transporter.close(),
    };
  }

  const outbox = path.join(dataDir, 'outbox');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await composer.sendMail(messageFields(from, mail));
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail saved to the outbox (SMTP_URL is not set)');
    },
    close: () => composer.close(),
  };
}
