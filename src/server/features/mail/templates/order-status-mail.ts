/** The mails that tell a customer or guest their order has moved on: dispatched (with tracking), delivered. */
import { DELIVERY_ESTIMATE, SHOP_NAME } from '#shared/constants';
import { SHOP_CONTACT } from '#shared/shop-contact';
import { escapeHtml } from '../../../lib/html.ts';
import { colours, greeting, layout, type OutgoingMail, textFooter } from './layout.ts';

const DETAILS_NOTE = 'The lines and the total of your order are in your confirmation e-mail.';

export interface OrderStatusMailDetails {
  to: string;
  name: string;
  orderNumber: string;
  status: 'dispatched' | 'delivered';
  trackingNumber?: string | undefined;
  /** The carrier's name, when the shop said who carries it. */
  carrier?: string | undefined;
  /** The carrier's tracking page for this parcel (decision 113); without one the number is plain text. */
  trackingUrl?: string | undefined;
}

export function orderStatusMail({
  to,
  name,
  orderNumber,
  status,
  trackingNumber,
  carrier,
  trackingUrl,
}: OrderStatusMailDetails): OutgoingMail {
  const subject =
    status === 'dispatched'
      ? `Your ${SHOP_NAME} order ${orderNumber} is on its way`
      : `Your ${SHOP_NAME} order ${orderNumber} has been delivered`;
  const paragraphs =
    status === 'dispatched'
      ? [
          `Good news: your order ${orderNumber} has left our roastery in London and is on its way to you.`,
          trackingNumber
            ? `Your ${carrier ? `${carrier} ` : ''}tracking number is ${trackingNumber}.`
            : `It travels${carrier ? ` with ${carrier}` : ''} without a tracking number; it should reach you soon.`,
          `Estimated delivery: ${DELIVERY_ESTIMATE} from when you ordered.`,
        ]
      : [
          `Your order ${orderNumber} has been delivered. We hope you enjoy it.`,
          `If anything is missing or not as it should be, reply to this e-mail or write to ${SHOP_CONTACT.email} and we will put it right.`,
        ];
  const trackLine = status === 'dispatched' && trackingNumber && trackingUrl ? `Track it: ${trackingUrl}` : undefined;
  const html = layout(
    subject,
    [greeting(name), ...paragraphs]
      .map((paragraph) => `<p style="margin:0 0 16px;">${escapeHtml(paragraph)}</p>`)
      .concat(
        trackLine && trackingUrl
          ? [
              `<p style="margin:0 0 16px;"><a href="${escapeHtml(trackingUrl)}" style="color:${colours.roast};font-weight:bold;">Track your parcel with ${escapeHtml(carrier ?? 'the carrier')}</a></p>`,
            ]
          : [],
      )
      .join('\n')
      .concat(`\n<p style="margin:0 0 16px;color:${colours.muted};">${escapeHtml(DETAILS_NOTE)}</p>`),
  );
  const text = [
    greeting(name),
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(trackLine ? [trackLine, ''] : []),
    DETAILS_NOTE,
    '',
    textFooter,
  ].join('\n');
  return { to, subject, html, text };
}
