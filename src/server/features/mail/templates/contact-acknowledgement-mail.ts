/**
 * The receipt a contact form's sender gets: their message reached the shop, with its reference and when we answer.
 * NOTE: anyone may type anyone's address into the form, so this mail repeats nothing the sender wrote (not the
 * message, not the name): it cannot carry a stranger's text to an inbox, and says to ignore it if unexpected.
 */
import { SHOP_NAME } from '#shared/constants';
import { escapeHtml } from '../../../lib/html.ts';
import { colours, layout, type OutgoingMail, textFooter } from './layout.ts';

export interface ContactAcknowledgementDetails {
  /** The sender's address, as they typed it. */
  to: string;
  /** The stored message's id: the sender quotes it, the shop finds the message by it. */
  reference: string;
  /** The shop's own address (SHOP_EMAIL): answering this mail reaches the shop. */
  replyTo: string;
}

export function contactAcknowledgementMail({ to, reference, replyTo }: ContactAcknowledgementDetails): OutgoingMail {
  const subject = `We have your message: ${SHOP_NAME}`;
  const paragraphs = [
    `Thank you for writing to ${SHOP_NAME}. Your message has reached us, and we will answer it by e-mail to this address, Monday to Friday, 9am to 5pm.`,
    'If you want to add anything, reply to this e-mail and quote your reference.',
    `If you did not write to us, someone may have typed your address by mistake: you can ignore this e-mail.`,
  ];
  const html = layout(
    subject,
    `<p style="margin:0 0 16px;">Hello,</p>
${paragraphs.map((paragraph) => `<p style="margin:0 0 16px;">${escapeHtml(paragraph)}</p>`).join('\n')}
<p style="margin:0;font-size:12px;color:${colours.muted};">Your reference: ${escapeHtml(reference)}</p>`,
  );
  const text = [
    'Hello,',
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    `Your reference: ${reference}`,
    '',
    textFooter,
  ].join('\n');
  return { to, subject, html, text, replyTo };
}
