/** A contact form message, mailed to the shop. */
import { escapeHtml } from '../../../lib/html.ts';
import { colours, layout, type OutgoingMail, textFooter } from './layout.ts';

export interface ContactMessageDetails {
  /** The shop's own address (SHOP_EMAIL). */
  to: string;
  name: string;
  email: string;
  /** '' when the sender gave none. */
  phone: string;
  message: string;
  /** The stored message's id, to find it again. */
  reference: string;
}

/**
 * A message from the contact form, to the shop. Reply-To is the sender, so answering the mail answers them.
 * Every value is the sender's own text: escaped in the HTML part, where the message's line breaks become `<br>`
 * (mail clients do not all honour `white-space`).
 */
export function contactMessageMail({
  to,
  name,
  email,
  phone,
  message,
  reference,
}: ContactMessageDetails): OutgoingMail {
  const subject = `Contact form: ${name}`;
  const messageHtml = message
    .split(/\r?\n|\r/)
    .map(escapeHtml)
    .join('<br>');
  const fields: [string, string][] = [
    ['Name', name],
    ['Email', email],
    ['Phone', phone === '' ? 'not given' : phone],
  ];
  const cell = `padding:6px 0;border-bottom:1px solid ${colours.border};vertical-align:top;`;
  const html = layout(
    subject,
    `<p style="margin:0 0 16px;">A new message has come in through the contact form. Reply to this e-mail to answer ${escapeHtml(name)}.</p>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="margin:0 0 16px;font-size:15px;">
${fields
  .map(
    ([label, value]) =>
      `<tr><td style="${cell}width:80px;font-weight:700;">${escapeHtml(label)}</td><td style="${cell}word-break:break-word;">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>
<p style="margin:0 0 4px;font-weight:700;">Message</p>
<div style="margin:0 0 16px;padding:12px 16px;background:${colours.paper};border-radius:8px;word-break:break-word;">${messageHtml}</div>
<p style="margin:0;font-size:12px;color:${colours.muted};">Reference: ${escapeHtml(reference)}</p>`,
  );
  const text = [
    `A new message has come in through the contact form. Reply to this e-mail to answer ${name}.`,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    'Message:',
    message,
    '',
    `Reference: ${reference}`,
    '',
    textFooter,
  ].join('\n');
  return { to, subject, html, text, replyTo: email };
}
