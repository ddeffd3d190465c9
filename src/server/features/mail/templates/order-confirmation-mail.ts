/**
 * The order confirmation: the contract on a durable medium, sent once per order. Its figures are the order's, priced
 * once by the server (decision 096): subtotal, discount with its code, delivery, total, and VAT by rate with
 * delivery's share.
 */
import { DELIVERY_ESTIMATE, SHOP_NAME, type VatRate } from '#shared/constants';
import { SHOP_CONTACT } from '#shared/shop-contact';
import { formatPence } from '#shared/money';
import type { ShippingAddress } from '#shared/schemas/shipping-address';
import { vatWithDelivery } from '#shared/vat';
import { escapeHtml } from '../../../lib/html.ts';
import { colours, greeting, layout, type OutgoingMail, textFooter } from './layout.ts';
import { bestBeforeText } from './recall-mail.ts';

/** 'Best before 14 March 2027', with each date's packs when they differ; empty for a line not kept in batches. */
function bestBeforeOf(line: OrderConfirmationDetails['lines'][number]): string {
  const batches = line.batches ?? [];
  if (batches.length === 0) return '';
  if (batches.length === 1) return `Best before ${bestBeforeText(batches[0]!.bestBefore)}`;
  return `Best before ${batches.map((batch) => `${bestBeforeText(batch.bestBefore)} (${batch.qty})`).join(', ')}`;
}

export interface OrderConfirmationDetails {
  to: string;
  orderNumber: string;
  lines: readonly {
    name: string;
    selectedWeight: string;
    qty: number;
    unitPricePence: number;
    vatRate: VatRate;
    /** The line's share of the discount. */
    discountPence?: number | undefined;
    /** Where its weight is kept in batches: the best-before of its packs (decision 116). */
    batches?: readonly { bestBefore: string; qty: number }[] | undefined;
  }[];
  /** The goods before the discount. */
  subtotalPence: number;
  discountPence: number;
  deliveryPence: number;
  promoCode: string | null;
  totalPence: number;
  shippingAddress: ShippingAddress;
}

/** The shop's confirmation of a contract on a durable medium (UK distance-selling rules): lines, VAT, total, address. */
export function orderConfirmationMail({
  to,
  orderNumber,
  lines,
  subtotalPence,
  discountPence,
  deliveryPence,
  promoCode,
  totalPence,
  shippingAddress,
}: OrderConfirmationDetails): OutgoingMail {
  const subject = `Your ${SHOP_NAME} order ${orderNumber} is confirmed`;
  const vat = vatWithDelivery(lines, deliveryPence);
  /** Subtotal, discount (when there is one) and delivery, before the total. */
  const sums: [string, string][] = [
    ['Subtotal', formatPence(subtotalPence)],
    ...(discountPence > 0
      ? [[promoCode ? `Discount (${promoCode})` : 'Discount', `−${formatPence(discountPence)}`] as [string, string]]
      : []),
    ['Delivery', deliveryPence === 0 ? 'Free' : formatPence(deliveryPence)],
  ];
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
      `<tr><td style="${cell}">${escapeHtml(`${line.qty} × ${line.name} (${line.selectedWeight})`)}${bestBeforeOf(line) && `<br><span style="font-size:13px;color:${colours.muted};">${escapeHtml(bestBeforeOf(line))}</span>`}</td><td align="right" style="${cell}white-space:nowrap;">${escapeHtml(formatPence(line.unitPricePence * line.qty))}</td></tr>`,
  )
  .join('\n')}
${sums
  .map(
    ([label, amount]) =>
      `<tr><td style="padding:4px 0;">${escapeHtml(label)}</td><td align="right" style="padding:4px 0;white-space:nowrap;">${escapeHtml(amount)}</td></tr>`,
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
    ...lines.flatMap((line) => [
      `${lineText(line)}: ${formatPence(line.unitPricePence * line.qty)}`,
      ...(bestBeforeOf(line) ? [`  ${bestBeforeOf(line)}`] : []),
    ]),
    '',
    ...sums.map(([label, amount]) => `${label}: ${amount}`),
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
