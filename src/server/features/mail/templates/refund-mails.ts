/**
 * The mails that tell a customer or guest their money is coming back (docs/api.md, Refunds and cancellations): one
 * for a cancellation, saying what it refunded, and one for each other refund, saying how much and what for.
 */
import { formatPence } from '#shared/money';
import { SHOP_NAME } from '#shared/constants';
import { SHOP_CONTACT } from '#shared/shop-contact';
import { escapeHtml } from '../../../lib/html.ts';
import { greeting, layout, type OutgoingMail, textFooter } from './layout.ts';

const CARD_TIME = 'It should reach the card you paid with within 5-10 days, depending on your bank.';
const QUESTIONS = `If you have any questions, reply to this e-mail or write to ${SHOP_CONTACT.email}.`;

function mail(to: string, subject: string, name: string | null, paragraphs: string[]): OutgoingMail {
  const opening = name ? [greeting(name)] : [];
  const all = [...opening, ...paragraphs, QUESTIONS];
  const html = layout(
    subject,
    all.map((paragraph) => `<p style="margin:0 0 16px;">${escapeHtml(paragraph)}</p>`).join('\n'),
  );
  const text = [...all.flatMap((paragraph) => [paragraph, '']), textFooter].join('\n');
  return { to, subject, html, text };
}

export interface CancellationMailDetails {
  to: string;
  name: string | null;
  orderNumber: string;
  reason: string;
  /** What the cancellation refunds: what was left of the order after any earlier refunds. */
  refundPence: number;
}

export function cancellationMail({
  to,
  name,
  orderNumber,
  reason,
  refundPence,
}: CancellationMailDetails): OutgoingMail {
  return mail(to, `Your ${SHOP_NAME} order ${orderNumber} has been cancelled`, name, [
    `We have cancelled your order ${orderNumber}. Reason: ${reason}`,
    refundPence > 0
      ? `We are refunding ${formatPence(refundPence)}, everything you paid that had not been refunded already. ${CARD_TIME}`
      : 'Everything you paid for it has been refunded already, so nothing more is coming back.',
    'Nothing will be sent.',
  ]);
}

export interface RefundMailDetails {
  to: string;
  name: string | null;
  orderNumber: string;
  reason: string;
  amountPence: number;
}

export function refundMail({ to, name, orderNumber, reason, amountPence }: RefundMailDetails): OutgoingMail {
  return mail(to, `Your ${SHOP_NAME} refund for order ${orderNumber}`, name, [
    `We have refunded ${formatPence(amountPence)} on your order ${orderNumber}. What it is for: ${reason}`,
    CARD_TIME,
  ]);
}
