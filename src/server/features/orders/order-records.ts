/**
 * What the orders domain's three repositories share: the records they answer (checkouts, orders, their lines), and
 * the row readers that turn the tables into them, so a checkout or an order reads the same from whichever repository.
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Carrier } from '#shared/carriers';
import type { VatRate } from '#shared/constants';
import type { LineBatch } from '#shared/schemas/order';
import type { OrderStatus, RefundLine, RefundStatus } from '#shared/schemas/refund';
import type { ShippingAddress } from '#shared/schemas/shipping-address';
import type { PaymentProviderName } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { type checkouts, orderLines, orders, refunds } from '../../db/schema.ts';
import { batchesByOrderId } from './order-batches.ts';

/**
 * One line of a checkout as the server priced it, in pence; an order's lines are copied from these, and the payment
 * provider, the test payment page and the confirmation mail read them as they are.
 */
export interface CheckoutLine {
  productId: string;
  name: string;
  selectedWeight: string;
  qty: number;
  /** One pack, VAT included. */
  unitPricePence: number;
  vatRate: VatRate;
  /**
   * This line's share of the promotion's discount (decision 096): the line cost unit price × qty − this. Absent on
   * checkouts from before promotions, which had none.
   */
  discountPence?: number;
  /** An order's line from a weight kept in batches: the packs of each batch in it (read with the order, not stored). */
  batches?: LineBatch[];
}

/** What a line cost after its share of the discount. */
export const lineTotalPence = (line: Pick<CheckoutLine, 'unitPricePence' | 'qty' | 'discountPence'>) =>
  line.unitPricePence * line.qty - (line.discountPence ?? 0);

/**
 * What `qty` of a line's packs cost after the discount: the line's share pro-rated by packs, rounded down, so the
 * packs of a line never come to more than it cost and all of them come to exactly that.
 */
export const packsCostPence = (line: Pick<CheckoutLine, 'unitPricePence' | 'qty' | 'discountPence'>, qty: number) =>
  qty >= line.qty ? lineTotalPence(line) : Math.floor((lineTotalPence(line) * qty) / line.qty);

/** The order number a shopper quotes, e.g. "RC-1001". */
export const formatOrderNumber = (orderNumber: number) => `RC-${orderNumber}`;

export interface CheckoutRecord {
  id: string;
  sessionId: string | null;
  provider: PaymentProviderName;
  userId: string | null;
  guestEmail: string | null;
  email: string;
  lines: CheckoutLine[];
  /** What is charged: subtotal − discount + delivery. */
  amountPence: number;
  /** The goods before any discount. */
  subtotalPence: number;
  discountPence: number;
  deliveryPence: number;
  /** The promotion whose use it holds (decision 096), and its code as the promotion spells it. */
  promotionId: string | null;
  promoCode: string | null;
  shippingAddress: ShippingAddress;
  paidAt: Date | null;
  /** Whether making it took its lines' stock (docs/api.md, Stock). */
  stockReserved: boolean;
  /** When an unpaid checkout gave its stock back; it can no longer be paid on the test page. */
  stockReleasedAt: Date | null;
}

export interface OrderRecord {
  id: string;
  orderNumber: number;
  checkoutId: string;
  userId: string | null;
  guestEmail: string | null;
  email: string;
  shippingAddress: ShippingAddress;
  totalPence: number;
  /** The goods before any discount; total = subtotal − discount + delivery. */
  subtotalPence: number;
  discountPence: number;
  deliveryPence: number;
  promoCode: string | null;
  isDelivered: boolean;
  status: OrderStatus;
  trackingNumber: string | null;
  /** Who carries the parcel, when the owner said at dispatch (decision 113). */
  carrier: Carrier | null;
  dispatchedAt: Date | null;
  deliveredAt: Date | null;
  cancelledAt: Date | null;
  createdAt: Date;
  lines: CheckoutLine[];
  /** Oldest first. */
  refunds: RefundRecord[];
}

/** Money given back on an order (decision 093), in pence. */
export interface RefundRecord {
  id: string;
  orderId: string;
  amountPence: number;
  reason: string;
  restock: boolean;
  /** Which packs it was for, by the line's position; null for an amount alone. */
  lines: RefundLine[] | null;
  status: RefundStatus;
  failureReason: string | null;
  provider: PaymentProviderName;
  providerRefundId: string | null;
  attempt: number;
  idempotencyKey: string | null;
  /** The refund a cancellation made. */
  cancellation: boolean;
  actorEmail: string;
  createdAt: Date;
  succeededAt: Date | null;
}

/** What has been refunded, and what is still held back by refunds not yet settled: failed ones count for nothing. */
export const refundedPence = (order: Pick<OrderRecord, 'refunds'>) =>
  order.refunds.filter((refund) => refund.status === 'succeeded').reduce((sum, refund) => sum + refund.amountPence, 0);

/** What may still be refunded: the total less every refund that has not failed. */
export const refundablePence = (order: Pick<OrderRecord, 'refunds' | 'totalPence'>) =>
  order.totalPence -
  order.refunds.filter((refund) => refund.status !== 'failed').reduce((sum, refund) => sum + refund.amountPence, 0);

type RefundRow = typeof refunds.$inferSelect;

export const toRefundRecord = (row: RefundRow): RefundRecord => ({
  id: row.id,
  orderId: row.orderId,
  amountPence: row.amountPence,
  reason: row.reason,
  restock: row.restock,
  lines: row.lines,
  status: row.status,
  failureReason: row.failureReason,
  provider: row.provider,
  providerRefundId: row.providerRefundId,
  attempt: row.attempt,
  idempotencyKey: row.idempotencyKey,
  cancellation: row.cancellation,
  actorEmail: row.actorEmail,
  createdAt: row.createdAt,
  succeededAt: row.succeededAt,
});

/** The refunds of these orders, read in one query, by order id, oldest first. */
export async function refundsByOrderId(db: Database, orderIds: string[]): Promise<Map<string, RefundRecord[]>> {
  const byOrder = new Map<string, RefundRecord[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(refunds.createdAt, refunds.id);
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(toRefundRecord(row));
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** One move of an order, as its history shows it. */
export interface OrderStatusChangeRecord {
  toStatus: OrderStatus;
  trackingNumber: string | null;
  actorEmail: string;
  changedAt: Date;
}

/** A checkout as the service records it: the database gives it its id; the session and payment come later. */
export type NewCheckout = Omit<CheckoutRecord, 'id' | 'sessionId' | 'paidAt' | 'stockReleasedAt'> & {
  /** The client it comes from, kept while it holds stock (decision 104). */
  clientAddress: string | null;
};

/** Whether `placeOrder` made the order or found the one made before. */
export interface PlacedOrder {
  order: OrderRecord;
  created: boolean;
}

type CheckoutRow = typeof checkouts.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** The personal data of a row that is not anonymised; every read path leaves anonymised rows out. */
function personalData(row: { id: string; email: string | null; shippingAddress: ShippingAddress | null }) {
  if (row.email === null || row.shippingAddress === null) throw new Error(`row ${row.id} is anonymised`);
  return { email: row.email, shippingAddress: row.shippingAddress };
}

export const toCheckoutRecord = (row: CheckoutRow): CheckoutRecord => ({
  ...personalData(row),
  id: row.id,
  sessionId: row.sessionId,
  provider: row.provider,
  userId: row.userId,
  guestEmail: row.guestEmail,
  // NOTE: the column is JSON to the schema; the checkout repository is its only writer (createCheckout), so the lines
  // are CheckoutLines as written.
  lines: row.lines as CheckoutLine[],
  amountPence: row.amountPence,
  subtotalPence: row.subtotalPence,
  discountPence: row.discountPence,
  deliveryPence: row.deliveryPence,
  promotionId: row.promotionId,
  promoCode: row.promoCode,
  paidAt: row.paidAt,
  stockReserved: row.stockReserved,
  stockReleasedAt: row.stockReleasedAt,
});

/** A customer's orders: placed while logged in, or as a guest with the address they have since verified. */
export const customersOrders = (customer: { id: string; email: string }) =>
  or(eq(orders.userId, customer.id), and(isNull(orders.userId), eq(orders.guestEmail, customer.email)));

/** The lines of these orders, read in one query, by order id, each order's in their position. */
export async function linesByOrderId(db: Database, orderIds: string[]): Promise<Map<string, CheckoutLine[]>> {
  const linesByOrder = new Map<string, CheckoutLine[]>();
  if (orderIds.length === 0) return linesByOrder;
  const lineRows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(orderLines.orderId, orderLines.position);
  for (const line of lineRows) {
    const lines = linesByOrder.get(line.orderId) ?? [];
    lines.push({
      productId: line.productId,
      name: line.name,
      selectedWeight: line.selectedWeight,
      qty: line.qty,
      unitPricePence: line.unitPricePence,
      // NOTE: a smallint column; the table's check keeps it to 0 or 20.
      vatRate: line.vatRate as VatRate,
      discountPence: line.discountPence,
    });
    linesByOrder.set(line.orderId, lines);
  }
  const batches = await batchesByOrderId(db, orderIds);
  for (const [orderId, lines] of linesByOrder)
    for (const line of lines) {
      const taken = batches.get(`${orderId} ${line.productId} ${line.selectedWeight}`);
      if (taken) line.batches = taken;
    }
  return linesByOrder;
}

/** Reads the lines and refunds of `rows`, a query each, and joins them on. */
export async function withLines(db: Database, rows: OrderRow[]): Promise<OrderRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const linesByOrder = await linesByOrderId(db, ids);
  const refundsByOrder = await refundsByOrderId(db, ids);
  return rows.map((row) => ({
    ...personalData(row),
    id: row.id,
    orderNumber: row.orderNumber,
    checkoutId: row.checkoutId,
    userId: row.userId,
    guestEmail: row.guestEmail,
    totalPence: row.totalPence,
    subtotalPence: row.subtotalPence,
    discountPence: row.discountPence,
    deliveryPence: row.deliveryPence,
    promoCode: row.promoCode,
    isDelivered: row.isDelivered,
    status: row.status,
    trackingNumber: row.trackingNumber,
    carrier: row.carrier,
    dispatchedAt: row.dispatchedAt,
    deliveredAt: row.deliveredAt,
    cancelledAt: row.cancelledAt,
    createdAt: row.createdAt,
    lines: linesByOrder.get(row.id) ?? [],
    refunds: refundsByOrder.get(row.id) ?? [],
  }));
}
