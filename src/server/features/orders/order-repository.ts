/**
 * `app.orderRepository`: the orders made from paid checkouts, from placing one to the owner's search and moves, and
 * a customer's orders until they delete their account. Exactly one order per checkout is the database's promise (a
 * unique index on `orders.checkout_id`): whoever inserts first makes the order, and everyone after finds it.
 */
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Carrier } from '#shared/carriers';
import type { AdminOrdersQuery, OrderStatus } from '#shared/schemas/admin';
import type { Database } from '../../db/database.ts';
import { checkouts, orderLines, orderStatusChanges, orders } from '../../db/schema.ts';
import {
  customersOrders,
  type OrderRecord,
  type OrderStatusChangeRecord,
  type PlacedOrder,
  toCheckoutRecord,
  withLines,
} from './order-records.ts';

/** Why an order could not be moved: gone (or anonymised), or already at or past the status asked for. */
export type MoveRefusal = { refused: 'not-found' } | { refused: 'not-forward'; order: OrderRecord };

const STATUS_ORDER: readonly OrderStatus[] = ['processing', 'dispatched', 'delivered'];
/** Cancelled is the end of the road: nothing moves a cancelled order on (decision 093). */
export const isForward = (from: OrderStatus, to: OrderStatus) =>
  from !== 'cancelled' && STATUS_ORDER.indexOf(to) > STATUS_ORDER.indexOf(from);

export interface OrderRepository {
  findOrderByCheckout(checkoutId: string, db?: Database): Promise<OrderRecord | undefined>;
  /**
   * Marks the checkout paid and makes its order, unless the order exists already, inside the caller's transaction
   * `tx` (the checkout service's unit of work, which queues the confirmation mail with the order it made).
   * `stockGivenBack`: the order was made for a checkout that had given its stock back (paid after its hold ended).
   * `onlyWhileHeld`: a checkout that has given its stock back is refused instead (the test page's payment and a
   * cancel of the same checkout at once: one update of the checkout's row decides, and only one of them wins).
   */
  placeOrder(
    checkoutId: string,
    tx: Database,
    options?: { onlyWhileHeld?: boolean },
  ): Promise<(PlacedOrder & { stockGivenBack: boolean }) | { refused: 'stock-given-back' }>;
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
   * One of the customer's own orders (one `listForCustomer` would list) and its moves, oldest first; undefined for
   * anyone else's, so another's order and no order read the same.
   */
  findForCustomer(
    customer: { id: string; email: string },
    id: string,
  ): Promise<{ order: OrderRecord; history: OrderStatusChangeRecord[] } | undefined>;
  /** One order and its moves, oldest first; undefined when there is no such order or it was anonymised. */
  findForAdmin(id: string): Promise<{ order: OrderRecord; history: OrderStatusChangeRecord[] } | undefined>;
  /**
   * Moves an order on inside `tx`, holding its row until the transaction ends, so two admins pressing at once make
   * one move: the order before and after, or why not.
   */
  moveOrder(
    id: string,
    move: {
      to: OrderStatus;
      trackingNumber: string | undefined;
      carrier?: Carrier | undefined;
      actor: { id: string; email: string };
    },
    tx: Database,
  ): Promise<{ before: OrderRecord; after: OrderRecord } | MoveRefusal>;
  /** Whether `listForCustomer` would list anything, in one cheap query (a review's 'Verified customer' badge). */
  hasOrders(customer: { id: string; email: string }): Promise<boolean>;
  /**
   * The customer is deleting their account (decision 061): their orders (those `listForCustomer` lists) and
   * checkouts lose the customer, the e-mails and the address, and are marked anonymised; the lines, amounts and
   * dates stay for the books. An anonymised checkout is unknown to `app.checkoutRepository` from then on.
   */
  anonymiseCustomer(customer: { id: string; email: string }, tx: Database): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    orderRepository: OrderRepository;
  }
}

/** An order number ('1042', 'RC-1042'), or a part of the buyer's name or e-mail address, any case. */
function searchOrders(q: string): SQL {
  const number = /^(?:rc-?)?(\d{1,15})$/i.exec(q)?.[1];
  // LIKE's own wildcards in what the owner typed are matched as themselves.
  const pattern = `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const text = or(ilike(orders.email, pattern), ilike(sql`${orders.shippingAddress}->>'name'`, pattern));
  return number === undefined ? (text as SQL) : (or(eq(orders.orderNumber, Number(number)), text) as SQL);
}

export function createOrderRepository(appDb: Database): OrderRepository {
  async function findOrderByCheckout(checkoutId: string, db: Database = appDb) {
    const rows = await db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    const [order] = await withLines(db, rows);
    return order;
  }

  async function historyOf(id: string): Promise<OrderStatusChangeRecord[]> {
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
    // NOTE: written only by moveOrder and cancellations, with a status from the schema's four.
    return history.map((change) => ({ ...change, toStatus: change.toStatus as OrderStatus }));
  }

  return {
    findOrderByCheckout,

    async placeOrder(checkoutId, tx, { onlyWhileHeld = false } = {}) {
      const held = or(isNull(checkouts.stockReleasedAt), isNotNull(checkouts.paidAt));
      const [checkoutRow] = await tx
        .update(checkouts)
        .set({ paidAt: sql`coalesce(${checkouts.paidAt}, now())`, clientAddress: null })
        .where(and(eq(checkouts.id, checkoutId), isNull(checkouts.anonymisedAt), onlyWhileHeld ? held : undefined))
        .returning();
      if (!checkoutRow && onlyWhileHeld) return { refused: 'stock-given-back' };
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
          subtotalPence: checkout.subtotalPence,
          discountPence: checkout.discountPence,
          deliveryPence: checkout.deliveryPence,
          promoCode: checkout.promoCode,
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
          discountPence: line.discountPence ?? 0,
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

    async findForCustomer(customer, id) {
      const rows = await appDb
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), customersOrders(customer)));
      const [order] = await withLines(appDb, rows);
      return order ? { order, history: await historyOf(id) } : undefined;
    },

    async findForAdmin(id) {
      const rows = await appDb
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), isNull(orders.anonymisedAt)));
      const [order] = await withLines(appDb, rows);
      return order ? { order, history: await historyOf(id) } : undefined;
    },

    async moveOrder(id, { to, trackingNumber, carrier, actor }, tx) {
      const rows = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), isNull(orders.anonymisedAt)))
        .for('update');
      const [before] = await withLines(tx, rows);
      if (!before) return { refused: 'not-found' };
      if (!isForward(before.status, to)) return { refused: 'not-forward', order: before };
      const keptTracking = trackingNumber ?? before.trackingNumber;
      const keptCarrier = carrier ?? before.carrier;
      const [updated] = await tx
        .update(orders)
        .set({
          status: to,
          isDelivered: to === 'delivered',
          trackingNumber: keptTracking,
          carrier: keptCarrier,
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
  };
}
