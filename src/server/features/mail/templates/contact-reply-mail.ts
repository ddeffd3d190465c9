/** The shop's answer to a contact message, sent from /admin: the reply, then the sender's own message quoted. */
import { SHOP_NAME } from '#shared/constants';
import { escapeHtml } from '../../../lib/html.ts';
import { colours, greeting, layout, type OutgoingMail, textFooter } from './layout.ts';

export interface ContactReplyDetails {
  to: string;
  name: string;
  reply: string;
  original: string;
  sentAt: Date;
  /** Where the sender's answer should go: the shop's own address (SHOP_EMAIL). */
  replyTo: string;
}

const lines = (text: string) => text.split(/\r?\n|\r/);
const londonDate = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

export function contactReplyMail({ to, name, reply, original, sentAt, replyTo }: ContactReplyDetails): OutgoingMail {
  const subject = `Re: your message to ${SHOP_NAME}`;
  const wrote = `On ${londonDate(sentAt)} you wrote:`;
  const html = layout(
    subject,
    `<p style="margin:0 0 16px;">${escapeHtml(greeting(name))}</p>
<p style="margin:0 0 16px;">${lines(reply).map(escapeHtml).join('<br>')}</p>
<p style="margin:24px 0 8px;color:${colours.muted};">${escapeHtml(wrote)}</p>
<blockquote style="margin:0 0 16px;padding:0 0 0 12px;border-left:3px solid ${colours.border};color:${colours.muted};">${lines(original).map(escapeHtml).join('<br>')}</blockquote>`,
  );
  const text = [
    greeting(name),
    '',
    reply,
    '',
    wrote,
    ...lines(original).map((line) => `> ${line}`),
    '',
    textFooter,
  ].join('\n');
  return { to, subject, html, text, replyTo };
}
