/**
 * The shop's own alerts (decision 098), to SHOP_EMAIL: a new paid order to pack, and weights whose stock has fallen to
 * the owner's threshold. Plain and short: read on a phone between other things.
 */
import { SHOP_NAME } from '#shared/constants';
import { formatPence } from '#shared/money';
import type { ShippingAddress } from '#shared/schemas/shipping-address';
import { escapeHtml } from '../../../lib/html.ts';
import { layout, type OutgoingMail, textFooter } from './layout.ts';

export function newOrderShopMail({
  to,
  orderNumber,
  lines,
  totalPence,
  shippingAddress,
  buyer,
}: {
  to: string;
  orderNumber: string;
  lines: readonly { name: string; selectedWeight: string; qty: number }[];
  totalPence: number;
  shippingAddress: ShippingAddress;
  buyer: string;
}): OutgoingMail {
  const subject = `New order ${orderNumber}: ${formatPence(totalPence)}`;
  const lineTexts = lines.map((line) => `${line.qty} × ${line.name} (${line.selectedWeight})`);
  const address = [
    shippingAddress.name,
    shippingAddress.address,
    shippingAddress.landmark,
    shippingAddress.city,
    shippingAddress.postalCode,
  ].filter((part) => part !== '');
  const html = layout(
    subject,
    `<p style="margin:0 0 16px;">A new order is paid and waiting to be packed.</p>
<ul style="margin:0 0 16px;padding-left:20px;">${lineTexts.map((text) => `<li>${escapeHtml(text)}</li>`).join('')}</ul>
<p style="margin:0 0 16px;"><strong>Total ${escapeHtml(formatPence(totalPence))}</strong>, from ${escapeHtml(buyer)}</p>
<p style="margin:0 0 16px;">To: ${address.map(escapeHtml).join(', ')}</p>`,
  );
  const text = [
    'A new order is paid and waiting to be packed.',
    '',
    ...lineTexts,
    '',
    `Total ${formatPence(totalPence)}, from ${buyer}`,
    `To: ${address.join(', ')}`,
    '',
    textFooter,
  ].join('\n');
  return { to, subject, html, text };
}

export function lowStockShopMail({
  to,
  weights,
}: {
  to: string;
  weights: readonly { name: string; label: string; stock: number; lowStockAt: number }[];
}): OutgoingMail {
  const subject =
    weights.length === 1
      ? `Low stock at ${SHOP_NAME}: ${weights[0]?.name} ${weights[0]?.label}`
      : `Low stock at ${SHOP_NAME}: ${weights.length} weights`;
  const lineTexts = weights.map(
    (weight) => `${weight.name} ${weight.label}: ${weight.stock} left (alert at ${weight.lowStockAt})`,
  );
  const html = layout(
    subject,
    `<p style="margin:0 0 16px;">These have fallen to their low-stock alert:</p>
<ul style="margin:0 0 16px;padding-left:20px;">${lineTexts.map((text) => `<li>${escapeHtml(text)}</li>`).join('')}</ul>`,
  );
  const text = ['These have fallen to their low-stock alert:', '', ...lineTexts, '', textFooter].join('\n');
  return { to, subject, html, text };
}
