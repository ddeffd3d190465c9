/**
 * What every mail of the shop shares: an HTML part in the shop's look (inline styles, as mail clients need) and a
 * plain-text part, with one frame and footer. Every value put into the HTML is escaped by the mail that writes it.
 */
import { SHOP_NAME } from '#shared/constants';
import { SHOP_CONTACT } from '#shared/shop-contact';
import { escapeHtml } from '../../../lib/html.ts';

/** A mail ready for the queue; the sender adds the shop's From address. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string | undefined;
}

export const colours = {
  paper: '#fdfbf7',
  card: '#ffffff',
  border: '#efe4d2',
  ink: '#292524',
  muted: '#57534e',
  roast: '#71391a',
  button: '#0f766e',
};

const signature = [SHOP_NAME, SHOP_CONTACT.addressLines.join(', '), SHOP_CONTACT.email].join(' · ');

/** The frame every mail shares; `bodyHtml` must already be escaped. */
export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:${colours.paper};font-family:-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:${colours.ink};">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:${colours.paper};padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:${colours.card};border:1px solid ${colours.border};border-radius:12px;">
<tr><td style="padding:20px 28px;border-bottom:1px solid ${colours.border};font-size:20px;font-weight:700;color:${colours.roast};">${escapeHtml(SHOP_NAME)}</td></tr>
<tr><td style="padding:24px 28px;font-size:16px;line-height:1.5;">${bodyHtml}</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid ${colours.border};font-size:12px;line-height:1.5;color:${colours.muted};">${escapeHtml(signature)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

export const textFooter = `--\n${signature}`;

export function greeting(name: string): string {
  return `Hello ${name},`;
}
