/**
 * A summary's money rows, for a two-column <dl> grid: subtotal, the discount on its own line when a code applies,
 * delivery ('Free' while it is nothing) with the shop's delivery estimate, and the total. The figures are the
 * server's (a quote's or an order's, docs/api.md, Delivery and promotions); until they arrive the rows say they
 * are being worked out rather than show a sum that may be wrong.
 */
import { DELIVERY_ESTIMATE } from '#shared/constants';
import { formatPounds } from '#shared/money';

export const CALCULATING = 'Calculating…';

/** 'Free' for nothing, otherwise the charge: '£2.95'. */
export function deliveryText(delivery: number): string {
  return delivery === 0 ? 'Free' : formatPounds(delivery);
}

/** 'Discount (WINTER10)', or 'Discount' when the code is not known. */
export function discountLabel(promoCode: string | undefined): string {
  return promoCode ? `Discount (${promoCode})` : 'Discount';
}

/** An amount taken off, with a minus sign: '−£2.04'. */
export function discountText(discount: number): string {
  return `−${formatPounds(discount)}`;
}

/** '£11.63 more for free delivery'. */
export function moreForFreeDeliveryText(more: number): string {
  return `${formatPounds(more)} more for free delivery`;
}

/** Pounds, as the server answered them. */
export interface PriceFigures {
  subtotal: number;
  discount: number;
  delivery: number;
  total: number;
  promoCode?: string | undefined;
}

const calculating = <span className="font-normal text-stone-600">{CALCULATING}</span>;

export function DeliveryLine({ delivery, estimate = true }: { delivery: number | undefined; estimate?: boolean }) {
  return (
    <>
      <dt>Delivery</dt>
      <dd className="text-right font-semibold tabular-nums">
        {delivery === undefined ? calculating : deliveryText(delivery)}
      </dd>
      {estimate && (
        <dd className="col-span-2 -mt-1.5 text-sm text-stone-600">Estimated delivery: {DELIVERY_ESTIMATE}</dd>
      )}
    </>
  );
}

/**
 * Subtotal, discount, delivery and total. `figures` undefined: still being worked out (`subtotal` may then be shown
 * from what is at hand, as it does not depend on the code or the address).
 */
export function PriceLines({
  figures,
  subtotal = figures?.subtotal,
  estimate = true,
}: {
  figures: PriceFigures | undefined;
  subtotal?: number | undefined;
  estimate?: boolean;
}) {
  return (
    <>
      <dt>Subtotal</dt>
      <dd className="text-right tabular-nums">{subtotal === undefined ? calculating : formatPounds(subtotal)}</dd>
      {figures && figures.discount > 0 && (
        <>
          <dt>{discountLabel(figures.promoCode)}</dt>
          <dd className="text-right font-semibold text-offer tabular-nums">{discountText(figures.discount)}</dd>
        </>
      )}
      <DeliveryLine delivery={figures?.delivery} estimate={estimate} />
      <dt className="text-lg font-bold">Total</dt>
      <dd className="text-right text-lg font-bold tabular-nums" aria-busy={figures ? undefined : true}>
        {figures ? formatPounds(figures.total) : calculating}
      </dd>
    </>
  );
}
