/**
 * What the orders domain's three repositories share: the records they answer (checkouts, orders, their lines), and
 * the row readers that turn the tables into them, so a checkout or an order reads the same from whichever repository.
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { VatRate } from '#shared/constants';
import type { OrderStatus } from '#shared/schemas/admin';
import type { ShippingAddress } from '#shared/schemas/shipping-address';
import type { PaymentProviderName } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { type checkouts, orderLines, orders } from '../../db/schema.ts';

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
}

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
  amountPence: number;
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
  isDelivered: boolean;
  status: OrderStatus;
  trackingNumber: string | null;
  dispatchedAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
  lines: CheckoutLine[];
}

/** One move of an order, as its history shows it. */
export interface OrderStatusChangeRecord {
  toStatus: OrderStatus;
  trackingNumber: string | null;
  actorEmail: string;
  changedAt: Date;
}

/** A checkout as the service records it: the database gives it its id; the session and payment come later. */
export type NewCheckout = Omit<CheckoutRecord, 'id' | 'sessionId' | 'paidAt' | 'stockReleasedAt'>;

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
    });
    linesByOrder.set(line.orderId, lines);
  }
  return linesByOrder;
}

/** Reads the lines of `rows` in one query and joins them on. */
export async function withLines(db: Database, rows: OrderRow[]): Promise<OrderRecord[]> {
  if (rows.length === 0) return [];
  const linesByOrder = await linesByOrderId(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...personalData(row),
    id: row.id,
    orderNumber: row.orderNumber,
    checkoutId: row.checkoutId,
    userId: row.userId,
    guestEmail: row.guestEmail,
    totalPence: row.totalPence,
    isDelivered: row.isDelivered,
    status: row.status,
    trackingNumber: row.trackingNumber,
    dispatchedAt: row.dispatchedAt,
    deliveredAt: row.deliveredAt,
    createdAt: row.createdAt,
    lines: linesByOrder.get(row.id) ?? [],
  }));
}
