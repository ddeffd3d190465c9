/**
 * A food recall (docs/api.md, Batches and recalls): to each customer or guest who received packs of a recalled batch,
 * once, with the owner's message, the product, the batch code and best-before printed on the bag, and their orders.
 */
import { formatBestBefore } from '#shared/best-before';
import { SHOP_NAME } from '#shared/constants';
import { escapeHtml } from '../../../lib/html.ts';
import { colours, layout, type OutgoingMail, textFooter } from './layout.ts';

export interface RecallMailDetails {
  to: string;
  productName: string;
  weight: string;
  code: string;
  /** `YYYY-MM-DD`. */
  bestBefore: string;
  message: string;
  /** The recipient's orders that received the batch, as they quote them (RC-1042). */
  orderNumbers: readonly string[];
}

/** A best-before as printed for a UK reader: 14 March 2027. */
export const bestBeforeText = formatBestBefore;

const lines = (text: string) => text.split(/\r?\n|\r/);

export function recallMail(details: RecallMailDetails): OutgoingMail {
  const { to, productName, weight, code, bestBefore, message, orderNumbers } = details;
  const subject = `Product recall: ${productName} (${weight}), batch ${code}`;
  const intro = `You received ${productName} (${weight}) from batch ${code}, best before ${bestBeforeText(bestBefore)}, in your order${orderNumbers.length > 1 ? 's' : ''} ${orderNumbers.join(', ')}. ${SHOP_NAME} is recalling this batch. Please do not eat it.`;
  const html = layout(
    subject,
    `<p style="margin:0 0 16px;font-weight:700;color:${colours.roast};">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px;">${lines(message).map(escapeHtml).join('<br>')}</p>
<p style="margin:0 0 16px;color:${colours.muted};">${escapeHtml(`Batch code ${code} and the best-before date are printed on the bag.`)}</p>`,
  );
  const text = [
    intro,
    '',
    message,
    '',
    `Batch code ${code} and the best-before date are printed on the bag.`,
    '',
    textFooter,
  ].join('\n');
  return { to, subject, html, text };
}
