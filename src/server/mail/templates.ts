/**
 * The shop's mails, each as an HTML part in the shop's look (inline styles, as mail clients need) and a
 * plain-text part. Every value put into the HTML is escaped.
 */
import { DELIVERY_ESTIMATE, SHOP_CONTACT, SHOP_NAME, type VatRate } from '#shared/constants';
import { formatPence } from '#shared/money';
import type { ShippingAddress } from '#shared/schemas/shipping-address';
import { vatBreakdown } from '#shared/vat';

/** A mail ready for the queue; the sender adds the shop's From address. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string | undefined;
}

const colours = {
  paper: '#fdfbf7',
  card: '#ffffff',
  border: '#efe4d2',
  ink: '#292524',
  muted: '#57534e',
  roast: '#71391a',
  button: '#0f766e',
};

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The frame every mail shares; `bodyHtml` must already be escaped. */
function layout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:${colours.paper};font-family:-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:${colours.ink};">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:${colours.paper};padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:${colours.card};border:1px solid ${colours.border};border-radius:12px;">
<tr><td style="padding:20px 28px;border-bottom:1px solid ${colours.border};font-size:20px;font-weight:700;color:${colours.roast};">${escapeHtml(SHOP_NAME)}</td></tr>
<tr><td style="padding:24px 28px;font-size:16px;line-height:1.5;">${bodyHtml}</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid ${colours.border};font-size:12px;line-height:1.5;color:${colours.muted};">${escapeHtml(SHOP_NAME)} · Unit 4, 18 Roastery Lane, London E1 6AN · hello@roastandco.example</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

const textFooter = `--\n${SHOP_NAME} · Unit 4, 18 Roastery Lane, London E1 6AN · hello@roastandco.example`;

function greeting(name: string): string {
  return `Hello ${name},`;
}

/**
 * The signup code. The address has not proven itself yet, so nothing typed into the signup form goes in (not
 * even the name): the shop must not carry a stranger's words to any address they like (decision 043).
 */
export function signupCodeMail({
  to,
  code,
  validForMinutes,
}: {
  to: string;
  code: string;
  validForMinutes: number;
}): OutgoingMail {
  const subject = `Your ${SHOP_NAME} sign-up code`;
  const html = layout(
    subject,
    `<p style="margin:0 0 16px;">Hello,</p>
<p style="margin:0 0 16px;">Enter this code to confirm your e-mail address and finish creating your account:</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:6px;color:${colours.roast};">${escapeHtml(code)}</p>
<p style="margin:0 0 16px;color:${colours.muted};">The code is valid for ${validForMinutes} minutes. If you did not sign up at ${escapeHtml(SHOP_NAME)}, you can ignore this e-mail.</p>`,
  );
  const text = [
    'Hello,',
    '',
    'Enter this code to confirm your e-mail address and finish creating your account:',
    '',
    `    ${code}`,
    '',
    `The code is valid for ${validForMinutes} minutes. If you did not sign up at ${SHOP_NAME}, you can ignore this e-mail.`,
    '',
    textFooter,
  ].join('\n');
  return { to, subject, html, text };
}

/**
 * To the owner of an account when someone signs up with its address: no code, nothing from the signup form,
 * and the ways in (log in, reset the password). `name` is the account's own.
 */
export function signupNoticeMail({
  to,
  name,
  loginLink,
  resetLink,
}: {
  to: string;
  name: string;
  loginLink: string;
  resetLink: string;
}): OutgoingMail {
  const subject = `Someone tried to sign up at ${SHOP_NAME} with your e-mail address`;
  const intro = `Someone, perhaps you, tried to create a new ${SHOP_NAME} account with this e-mail address. You already have an account, so no new one was made and your password has not changed.`;
  const button = `display:inline-block;background:${colours.button};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px;`;
  const html = layout(
    subject,
    `<p style="margin:0 0 16px;">${escapeHtml(greeting(name))}</p>
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px;">If it was you, log in with your password:</p>
<p style="margin:0 0 24px;"><a href="${escapeHtml(loginLink)}" style="${button}">Log in</a></p>
<p style="margin:0 0 16px;">Forgotten your password? Choose a new one:</p>
<p style="margin:0 0 24px;"><a href="${escapeHtml(resetLink)}" style="${button}">Reset your password</a></p>
<p style="margin:0 0 16px;color:${colours.muted};">If it was not you, you can ignore this e-mail: nobody can use your address at ${escapeHtml(SHOP_NAME)} without reading your mail.</p>`,
  );
  const text = [
    greeting(name),
    '',
    intro,
    '',
    'If it was you, log in with your password:',
    loginLink,
    '',
    'Forgotten your password? Choose a new one:',
    resetLink,
    '',
    `If it was not you, you can ignore this e-mail: nobody can use your address at ${SHOP_NAME} without reading your mail.`,
    '',
    textFooter,
  ].join('\n');
  return { to, subject, html, text };
}

export function passwordResetMail({
  to,
  name,
  link,
  validForMinutes,
}: {
  to: string;
  name: string;
  link: string;
  validForMinutes: number;
}): OutgoingMail {
  const subject = `Reset your ${SHOP_NAME} password`;
  const html = layout(
    subject,
    `<p style="margin:0 0 16px;">${escapeHtml(greeting(name))}</p>
<p style="margin:0 0 16px;">We received a request to reset the password of your account. Choose a new password here:</p>
<p style="margin:0 0 24px;"><a href="${escapeHtml(link)}" style="display:inline-block;background:${colours.button};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px;">Reset your password</a></p>
<p style="margin:0 0 16px;color:${colours.muted};">Or paste this address into your browser: <br><a href="${escapeHtml(link)}" style="color:${colours.button};word-break:break-all;">${escapeHtml(link)}</a></p>
<p style="margin:0 0 16px;color:${colours.muted};">The link works once and for ${validForMinutes} minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.</p>`,
  );
  const text = [
    greeting(name),
    '',
    'We received a request to reset the password of your account. Choose a new password here:',
    '',
    link,
    '',
    `The link works once and for ${validForMinutes} minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.`,
    '',
    textFooter,
  ].join('\n');
  return { to, subject, html, text };
}

export interface OrderConfirmationDetails {
  to: string;
  orderNumber: string;
  lines: readonly { name: string; selectedWeight: string; qty: number; unitPricePence: number; vatRate: VatRate }[];
  totalPence: number;
  shippingAddress: ShippingAddress;
}

/** The shop's confirmation of a contract on a durable medium (UK distance-selling rules): lines, VAT, total, address. */
export function orderConfirmationMail({
  to,
  orderNumber,
  lines,
  totalPence,
  shippingAddress,
}: OrderConfirmationDetails): OutgoingMail {
  const subject = `Your ${SHOP_NAME} order ${orderNumber} is confirmed`;
  const vat = vatBreakdown(lines);
  const addressLines = [
    shippingAddress.name,
    shippingAddress.address,
    shippingAddress.landmark,
    shippingAddress.city,
    shippingAddress.postalCode,
    shippingAddress.country,
  ].filter((line) => line !== '');
  const lineText = (line: OrderConfirmationDetails['lines'][number]) =>
    `${line.qty} × ${line.name} (${line.selectedWeight}) at ${formatPence(line.unitPricePence)}`;
  const vatText = (entry: (typeof vat)[number]) =>
    `VAT at ${entry.rate}% included: ${formatPence(entry.vatPence)} (on ${formatPence(entry.grossPence)})`;

  const cell = `padding:8px 0;border-bottom:1px solid ${colours.border};`;
  const html = layout(
    subject,
    `<p style="margin:0 0 16px;">${escapeHtml(greeting(shippingAddress.name))}</p>
<p style="margin:0 0 16px;">Thank you for your order. We have received your payment and your order <strong>${escapeHtml(orderNumber)}</strong> is confirmed.</p>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="margin:0 0 16px;font-size:15px;">
${lines
  .map(
    (line) =>
      `<tr><td style="${cell}">${escapeHtml(`${line.qty} × ${line.name} (${line.selectedWeight})`)}</td><td align="right" style="${cell}white-space:nowrap;">${escapeHtml(formatPence(line.unitPricePence * line.qty))}</td></tr>`,
  )
  .join('\n')}
<tr><td style="padding:12px 0 4px;font-weight:700;">Total paid</td><td align="right" style="padding:12px 0 4px;font-weight:700;">${escapeHtml(formatPence(totalPence))}</td></tr>
${vat
  .map(
    (entry) =>
      `<tr><td style="padding:2px 0;color:${colours.muted};">VAT at ${entry.rate}% included</td><td align="right" style="padding:2px 0;color:${colours.muted};">${escapeHtml(formatPence(entry.vatPence))}</td></tr>`,
  )
  .join('\n')}
</table>
<p style="margin:0 0 4px;font-weight:700;">Delivering to</p>
<p style="margin:0 0 16px;">${addressLines.map(escapeHtml).join('<br>')}</p>
<p style="margin:0 0 16px;">Estimated delivery: ${escapeHtml(DELIVERY_ESTIMATE)}.</p>
<p style="margin:0 0 16px;color:${colours.muted};">Prices include VAT. Keep this e-mail as your receipt. You may cancel your order within 14 days of receiving it; reply to this e-mail or write to ${escapeHtml(SHOP_CONTACT.email)}.</p>`,
  );
  const text = [
    greeting(shippingAddress.name),
    '',
    `Thank you for your order. We have received your payment and your order ${orderNumber} is confirmed.`,
    '',
    ...lines.map((line) => `${lineText(line)}: ${formatPence(line.unitPricePence * line.qty)}`),
    '',
    `Total paid: ${formatPence(totalPence)}`,
    ...vat.map(vatText),
    '',
    'Delivering to:',
    ...addressLines,
    '',
    `Estimated delivery: ${DELIVERY_ESTIMATE}.`,
    '',
    `Prices include VAT. Keep this e-mail as your receipt. You may cancel your order within 14 days of receiving it; reply to this e-mail or write to ${SHOP_CONTACT.email}.`,
    '',
    textFooter,
  ].join('\n');
  return { to, subject, html, text };
}

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
