/**
 * Adds `app.orderRepository`: pending checkouts and the orders made from them. Exactly one order per checkout is
 * the database's promise (a unique index on `orders.checkout_id`): whoever inserts first makes the order, and
 * everyone after finds it.
 */
import {
  and,
  count,
  desc,
  eq,
  exists,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { VatRate } from '#shared/constants';
import type { AdminOrdersQuery, OrderStatus } from '#shared/schemas/admin';
import type { ShippingAddress } from '#shared/schemas/shipping-address';
import type { PaymentProviderName } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { deleteInBatches } from '../../db/delete-in-batches.ts';
import { checkouts, orderLines, orderStatusChanges, orders } from '../../db/schema.ts';

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
  /** Whether making it took its lines' stock (contract §8). */
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

/** Why an order could not be moved: gone (or anonymised), or already at or past the status asked for. */
export type MoveRefusal = { refused: 'not-found' } | { refused: 'not-forward'; order: OrderRecord };

const STATUS_ORDER: readonly OrderStatus[] = ['processing', 'dispatched', 'delivered'];
export const isForward = (from: OrderStatus, to: OrderStatus) => STATUS_ORDER.indexOf(to) > STATUS_ORDER.indexOf(from);

/** A checkout as the service records it: the database gives it its id; the session and payment come later. */
export type NewCheckout = Omit<CheckoutRecord, 'id' | 'sessionId' | 'paidAt' | 'stockReleasedAt'>;

/** Whether `placeOrder` made the order or found the one made before. */
export interface PlacedOrder {
  order: OrderRecord;
  created: boolean;
}

export interface OrderRepository {
  /** Records a new checkout, inside `tx` when given (the stock it takes is taken in the same transaction). */
  createCheckout(checkout: NewCheckout, tx?: Database): Promise<CheckoutRecord>;
  /**
   * Marks an unpaid checkout that holds stock as having given it back, inside `tx`, and answers its lines for the
   * caller to return; undefined when it holds none (paid, given back already, or from before stock was counted).
   */
  releaseStock(checkoutId: string, tx: Database): Promise<CheckoutLine[] | undefined>;
  /**
   * Up to `limit` unpaid checkouts made before `before` that still hold stock, locked for `tx`; rows another
   * process's sweep holds are skipped, so several processes can sweep at once.
   */
  abandonedHoldingStock(before: Date, limit: number, tx: Database): Promise<string[]>;
  /** The packs unpaid checkouts hold now, by product and weight (for the owner's stock figures). */
  reservedStock(): Promise<{ productId: string; label: string; qty: number }[]>;
  /** Records the provider's session id once the provider has made the session. */
  attachSession(checkoutId: string, sessionId: string): Promise<void>;
  findCheckoutBySession(sessionId: string): Promise<CheckoutRecord | undefined>;
  findOrderByCheckout(checkoutId: string, db?: Database): Promise<OrderRecord | undefined>;
  /**
   * Marks the checkout paid and makes its order, unless the order exists already, inside the caller's transaction
   * `tx` (the checkout service's unit of work, which queues the confirmation mail with the order it made).
   * `stockGivenBack`: the order was made for a checkout that had given its stock back (paid after its hold ended).
   */
  placeOrder(checkoutId: string, tx: Database): Promise<PlacedOrder & { stockGivenBack: boolean }>;
  /**
   * A customer's orders, newest first: those placed while logged in, and guest orders placed with the
   * customer's address (which they have proved is theirs by verifying it).
   */
  listForCustomer(customer: { id: string; email: string }): Promise<OrderRecord[]>;
  /**
   * The owner's order list, newest first: a page of `limit` from `offset`, and how many match. `q` is an order
   * number (with or without `RC-`), or part of the buyer's name or e-mail address. Anonymised orders are left out.
   */
  listForAdmin(query: AdminOrdersQuery): Promise<{ orders: OrderRecord[]; total: number }>;
  /**
   * The books' view of the orders placed on London days `from` to `to` (both included), oldest first: up to `limit`
   * after order number `afterNumber`, anonymised ones included (their e-mail is null; the figures stay).
   */
  ordersForBooks(query: {
    from: string;
    to: string;
    afterNumber: number;
    limit: number;
  }): Promise<
    { orderNumber: number; createdAt: Date; email: string | null; totalPence: number; lines: CheckoutLine[] }[]
  >;
  /** For the owner's dashboard: orders waiting to be dispatched, and the takings of today and this month in London. */
  dashboardFigures(): Promise<{ toDispatch: number; todayPence: number; thisMonthPence: number }>;
  /** One order and its moves, oldest first; undefined when there is no such order or it was anonymised. */
  findForAdmin(id: string): Promise<{ order: OrderRecord; history: OrderStatusChangeRecord[] } | undefined>;
  /**
   * Moves an order on inside `tx`, holding its row until the transaction ends, so two admins pressing at once make
   * one move: the order before and after, or why not.
   */
  moveOrder(
    id: string,
    move: { to: OrderStatus; trackingNumber: string | undefined; actor: { id: string; email: string } },
    tx: Database,
  ): Promise<{ before: OrderRecord; after: OrderRecord } | MoveRefusal>;
  /** Whether `listForCustomer` would list anything, in one cheap query (a review's 'Verified customer' badge). */
  hasOrders(customer: { id: string; email: string }): Promise<boolean>;
  /**
   * The customer is deleting their account (decision 061): their orders (those `listForCustomer` lists) and
   * checkouts lose the customer, the e-mails and the address, and are marked anonymised; the lines, amounts and
   * dates stay for the books. An anonymised checkout is unknown to `findCheckoutBySession` from then on.
   */
  anonymiseCustomer(customer: { id: string; email: string }, tx: Database): Promise<void>;
  /**
   * Deletes checkouts made before `before` that can never become an order: unpaid, with no order, holding no stock
   * (given back, or never taken). `before` must lie well past any payment's reach (decision 082). Answers how many.
   */
  deleteUnpaidCheckouts(before: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    orderRepository: OrderRepository;
  }
}

type CheckoutRow = typeof checkouts.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** The personal data of a row that is not anonymised; every read path leaves anonymised rows out. */
function personalData(row: { id: string; email: string | null; shippingAddress: ShippingAddress | null }) {
  if (row.email === null || row.shippingAddress === null) throw new Error(`row ${row.id} is anonymised`);
  return { email: row.email, shippingAddress: row.shippingAddress };
}

const toCheckoutRecord = (row: CheckoutRow): CheckoutRecord => ({
  ...personalData(row),
  id: row.id,
  sessionId: row.sessionId,
  provider: row.provider,
  userId: row.userId,
  guestEmail: row.guestEmail,
  // NOTE: the column is JSON to the schema; this repository is its only writer (createCheckout), so the lines are
  // CheckoutLines as written.
  lines: row.lines as CheckoutLine[],
  amountPence: row.amountPence,
  paidAt: row.paidAt,
  stockReserved: row.stockReserved,
  stockReleasedAt: row.stockReleasedAt,
});

/** A customer's orders: placed while logged in, or as a guest with the address they have since verified. */
const customersOrders = (customer: { id: string; email: string }) =>
  or(eq(orders.userId, customer.id), and(isNull(orders.userId), eq(orders.guestEmail, customer.email)));

/** An order number ('1042', 'RC-1042'), or a part of the buyer's name or e-mail address, any case. */
function searchOrders(q: string): SQL {
  const number = /^(?:rc-?)?(\d{1,15})$/i.exec(q)?.[1];
  // LIKE's own wildcards in what the owner typed are matched as themselves.
  const pattern = `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const text = or(ilike(orders.email, pattern), ilike(sql`${orders.shippingAddress}->>'name'`, pattern));
  return number === undefined ? (text as SQL) : (or(eq(orders.orderNumber, Number(number)), text) as SQL);
}

/** The lines of these orders, read in one query, by order id, each order's in their position. */
async function linesByOrderId(db: Database, orderIds: string[]): Promise<Map<string, CheckoutLine[]>> {
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
async function withLines(db: Database, rows: OrderRow[]): Promise<OrderRecord[]> {
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

function createOrderRepository(appDb: Database): OrderRepository {
  async function findOrderByCheckout(checkoutId: string, db: Database = appDb) {
    const rows = await db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    const [order] = await withLines(db, rows);
    return order;
  }

  return {
    async createCheckout(checkout, db = appDb) {
      const [row] = await db.insert(checkouts).values(checkout).returning();
      if (!row) throw new Error('checkout insert returned no row');
      return toCheckoutRecord(row);
    },

    async releaseStock(checkoutId, tx) {
      const [row] = await tx
        .update(checkouts)
        .set({ stockReleasedAt: sql`now()` })
        .where(
          and(
            eq(checkouts.id, checkoutId),
            eq(checkouts.stockReserved, true),
            isNull(checkouts.paidAt),
            isNull(checkouts.stockReleasedAt),
          ),
        )
        .returning();
      return row ? toCheckoutRecord(row).lines : undefined;
    },

    async reservedStock() {
      // NOTE: both drivers answer raw SQL as `{ rows }`; a line-per-row view of the JSON lines has no query-builder form.
      const result = (await appDb.execute(sql`
        select line->>'productId' as product_id, line->>'selectedWeight' as label, sum((line->>'qty')::int)::int as qty
        from ${checkouts}, jsonb_array_elements(${checkouts.lines}) as line
        where ${checkouts.stockReserved} and ${checkouts.paidAt} is null and ${checkouts.stockReleasedAt} is null
        group by 1, 2`)) as unknown as { rows: { product_id: string; label: string; qty: number }[] };
      return result.rows.map((row) => ({ productId: row.product_id, label: row.label, qty: row.qty }));
    },

    async abandonedHoldingStock(before, limit, tx) {
      const rows = await tx
        .select({ id: checkouts.id })
        .from(checkouts)
        .where(
          and(
            eq(checkouts.stockReserved, true),
            isNull(checkouts.paidAt),
            isNull(checkouts.stockReleasedAt),
            lt(checkouts.createdAt, before),
          ),
        )
        .orderBy(checkouts.createdAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return rows.map((row) => row.id);
    },

    async attachSession(checkoutId, sessionId) {
      await appDb.update(checkouts).set({ sessionId }).where(eq(checkouts.id, checkoutId));
    },

    async findCheckoutBySession(sessionId) {
      const [row] = await appDb
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.sessionId, sessionId), isNull(checkouts.anonymisedAt)));
      return row && toCheckoutRecord(row);
    },

    findOrderByCheckout,

    async placeOrder(checkoutId, tx) {
      const [checkoutRow] = await tx
        .update(checkouts)
        .set({ paidAt: sql`coalesce(${checkouts.paidAt}, now())` })
        .where(and(eq(checkouts.id, checkoutId), isNull(checkouts.anonymisedAt)))
        .returning();
      if (!checkoutRow) throw new Error(`no checkout ${checkoutId}`);
      const checkout = toCheckoutRecord(checkoutRow);
      // NOTE: on PostgreSQL a second transaction placing the same order waits here for the first to commit,
      // then inserts nothing and reads the first one's order below.
      const [inserted] = await tx
        .insert(orders)
        .values({
          checkoutId: checkout.id,
          userId: checkout.userId,
          guestEmail: checkout.guestEmail,
          email: checkout.email,
          shippingAddress: checkout.shippingAddress,
          totalPence: checkout.amountPence,
        })
        .onConflictDoNothing({ target: orders.checkoutId })
        .returning();
      if (!inserted) {
        const existing = await findOrderByCheckout(checkout.id, tx);
        if (!existing) throw new Error(`order for checkout ${checkout.id} neither inserted nor found`);
        return { order: existing, created: false, stockGivenBack: false };
      }
      await tx.insert(orderLines).values(
        checkout.lines.map((line, position) => ({
          orderId: inserted.id,
          position,
          productId: line.productId,
          name: line.name,
          selectedWeight: line.selectedWeight,
          qty: line.qty,
          unitPricePence: line.unitPricePence,
          vatRate: line.vatRate,
        })),
      );
      const [order] = await withLines(tx, [inserted]);
      if (!order) throw new Error('order lost its row');
      return { order, created: true, stockGivenBack: checkout.stockReleasedAt !== null };
    },

    async listForCustomer(customer) {
      const rows = await appDb
        .select()
        .from(orders)
        .where(customersOrders(customer))
        .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
      return withLines(appDb, rows);
    },

    async listForAdmin({ status, q, limit, offset }) {
      const conditions: SQL[] = [isNull(orders.anonymisedAt)];
      if (status) conditions.push(eq(orders.status, status));
      if (q) conditions.push(searchOrders(q));
      const where = and(...conditions);
      const [rows, [counted]] = await Promise.all([
        appDb
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
          .limit(limit)
          .offset(offset),
        appDb.select({ total: count() }).from(orders).where(where),
      ]);
      return { orders: await withLines(appDb, rows), total: counted?.total ?? 0 };
    },

    async ordersForBooks({ from, to, afterNumber, limit }) {
      const londonDay = sql`(${orders.createdAt} at time zone 'Europe/London')::date`;
      const rows = await appDb
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          createdAt: orders.createdAt,
          email: orders.email,
          totalPence: orders.totalPence,
        })
        .from(orders)
        .where(and(sql`${londonDay} between ${from}::date and ${to}::date`, gt(orders.orderNumber, afterNumber)))
        .orderBy(orders.orderNumber)
        .limit(limit);
      const linesByOrder = await linesByOrderId(
        appDb,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ ...row, lines: linesByOrder.get(row.id) ?? [] }));
    },

    async dashboardFigures() {
      const londonNow = sql`(now() at time zone 'Europe/London')`;
      const londonCreated = sql`(${orders.createdAt} at time zone 'Europe/London')`;
      const [row] = await appDb
        .select({
          toDispatch: sql<number>`count(*) filter (where ${orders.status} = 'processing')::int`,
          todayPence: sql<number>`coalesce(sum(${orders.totalPence}) filter (where ${londonCreated}::date = ${londonNow}::date), 0)::int`,
          thisMonthPence: sql<number>`coalesce(sum(${orders.totalPence}) filter (where date_trunc('month', ${londonCreated}) = date_trunc('month', ${londonNow})), 0)::int`,
        })
        .from(orders);
      return row ?? { toDispatch: 0, todayPence: 0, thisMonthPence: 0 };
    },

    async findForAdmin(id) {
      const rows = await appDb
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), isNull(orders.anonymisedAt)));
      const [order] = await withLines(appDb, rows);
      if (!order) return undefined;
      const history = await appDb
        .select({
          toStatus: orderStatusChanges.toStatus,
          trackingNumber: orderStatusChanges.trackingNumber,
          actorEmail: orderStatusChanges.actorEmail,
          changedAt: orderStatusChanges.changedAt,
        })
        .from(orderStatusChanges)
        .where(eq(orderStatusChanges.orderId, id))
        .orderBy(orderStatusChanges.changedAt);
      // NOTE: written only by moveOrder, with a status from the schema's three.
      return { order, history: history.map((change) => ({ ...change, toStatus: change.toStatus as OrderStatus })) };
    },

    async moveOrder(id, { to, trackingNumber, actor }, tx) {
      const rows = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), isNull(orders.anonymisedAt)))
        .for('update');
      const [before] = await withLines(tx, rows);
      if (!before) return { refused: 'not-found' };
      if (!isForward(before.status, to)) return { refused: 'not-forward', order: before };
      const keptTracking = trackingNumber ?? before.trackingNumber;
      const [updated] = await tx
        .update(orders)
        .set({
          status: to,
          isDelivered: to === 'delivered',
          trackingNumber: keptTracking,
          ...(to === 'dispatched' ? { dispatchedAt: sql`now()` } : { deliveredAt: sql`now()` }),
        })
        .where(eq(orders.id, id))
        .returning();
      await tx.insert(orderStatusChanges).values({
        orderId: id,
        fromStatus: before.status,
        toStatus: to,
        trackingNumber: keptTracking,
        actorId: actor.id,
        actorEmail: actor.email,
      });
      const [after] = await withLines(tx, updated ? [updated] : []);
      if (!after) throw new Error('order lost its row');
      return { before, after };
    },

    async hasOrders(customer) {
      const [row] = await appDb.select({ id: orders.id }).from(orders).where(customersOrders(customer)).limit(1);
      return row !== undefined;
    },

    async anonymiseCustomer(customer, tx) {
      const anonymised = {
        userId: null,
        guestEmail: null,
        email: null,
        shippingAddress: null,
        anonymisedAt: sql`now()`,
      };
      await tx.update(orders).set(anonymised).where(customersOrders(customer));
      await tx
        .update(checkouts)
        .set(anonymised)
        .where(
          or(
            eq(checkouts.userId, customer.id),
            and(isNull(checkouts.userId), eq(checkouts.guestEmail, customer.email)),
          ),
        );
    },

    deleteUnpaidCheckouts: (before) =>
      deleteInBatches(appDb, {
        table: checkouts,
        key: checkouts.id,
        where: and(
          isNull(checkouts.paidAt),
          lt(checkouts.createdAt, before),
          // Stock still held is the stock sweep's to give back first; deleting the row would lose it for good.
          or(eq(checkouts.stockReserved, false), isNotNull(checkouts.stockReleasedAt)),
          // Paid checkouts all have orders; this guards the books should a row ever say otherwise.
          not(exists(appDb.select({ one: sql`1` }).from(orders).where(eq(orders.checkoutId, checkouts.id)))),
        ),
      }),
  };
}

export default fp(
  async (app) => {
    app.decorate('orderRepository', createOrderRepository(app.db));
  },
  { name: 'order-repository', dependencies: ['database'] },
);
