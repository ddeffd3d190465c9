/** The checkout domain's tables: checkouts waiting for their payment, and the orders made from them. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ShippingAddress } from '#shared/schemas/shipping-address';
import { CARRIERS } from '#shared/carriers';
import { users } from './accounts.ts';
import { promotions } from './promotions.ts';

/**
 * A checkout waiting for its payment: the lines and amount the server priced from the catalog, the address,
 * and who it is for (a customer, or a guest by e-mail). An order is made from this row once the provider says
 * the session is paid, never from what a browser sends (docs/api.md, Checkout and payment).
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    /** The provider's session id, which the browser brings back; set once the provider has made the session. */
    sessionId: text('session_id'),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    /** The customer who checked out; null for a guest. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A guest's address (null for a customer); the order's guestEmail. */
    guestEmail: text('guest_email'),
    /** Where the confirmation goes: the customer's account address or the guest's. Null once anonymised. */
    email: text('email'),
    /**
     * The lines as priced when the checkout was made: the checkout domain's `CheckoutLine[]`, whose shape is that
     * domain's to keep (its repository is the one writer and reader of this column).
     */
    lines: jsonb('lines').$type<unknown[]>().notNull(),
    amountPence: integer('amount_pence').notNull(),
    /** Null once anonymised. */
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    /** When the provider confirmed the payment. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * When the personal data (customer, e-mails, address) was removed because the customer deleted their account
     * (decision 061). An anonymised checkout is unknown to the payment calls.
     */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Whether making it took its lines' counted stock (decision 077); checkouts from before stock was counted did not. */
    stockReserved: boolean('stock_reserved').notNull().default(false),
    /** When an unpaid checkout gave its stock back (cancelled, expired or abandoned); it can no longer be paid here. */
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    /** The goods before any discount; `amount_pence` is what is charged: subtotal − discount + delivery. */
    subtotalPence: integer('subtotal_pence').notNull(),
    discountPence: integer('discount_pence').notNull().default(0),
    deliveryPence: integer('delivery_pence').notNull().default(0),
    /** The promotion it uses: a use held while the checkout holds its stock, and kept once paid (decision 096). */
    promotionId: text('promotion_id').references(() => promotions.id),
    /** The code as the promotion spells it. */
    promoCode: text('promo_code'),
    /**
     * The client address (a /64 for IPv6) it was made from, as the rate limits see it: what one client's unpaid
     * checkouts hold together is bounded (decision 104). Kept only while it holds stock; cleared once paid or given back.
     */
    clientAddress: text('client_address'),
  },
  (table) => [
    uniqueIndex('checkouts_session_id_unique').on(table.sessionId),
    // The abandoned-checkout sweep's question: unpaid, still holding stock, oldest first.
    index('checkouts_holding_stock_idx')
      .on(table.createdAt)
      .where(sql`${table.stockReserved} and ${table.paidAt} is null and ${table.stockReleasedAt} is null`),
    // What one client's unpaid checkouts hold (decision 104): by address, and by account for a customer.
    index('checkouts_holding_by_address_idx')
      .on(table.clientAddress)
      .where(sql`${table.stockReserved} and ${table.paidAt} is null and ${table.stockReleasedAt} is null`),
    index('checkouts_holding_by_user_idx')
      .on(table.userId)
      .where(sql`${table.stockReserved} and ${table.paidAt} is null and ${table.stockReleasedAt} is null`),
    // The housekeeping sweep's question: unpaid checkouts past their retention period (decision 082).
    index('checkouts_unpaid_idx').on(table.createdAt).where(sql`${table.paidAt} is null`),
    check('checkouts_amount_check', sql`${table.amountPence} > 0`),
    // A promotion's uses: the checkouts that name it, counted with the promotion's row locked.
    index('checkouts_promotion_idx').on(table.promotionId).where(sql`${table.promotionId} is not null`),
    check(
      'checkouts_personal_data_check',
      sql`${table.anonymisedAt} is not null or (${table.email} is not null and ${table.shippingAddress} is not null)`,
    ),
  ],
);

/**
 * Orders. `checkout_id` is unique: one paid checkout makes one order whichever of the verify call, the order
 * call and the webhook gets there first, and the database, not a check in code, turns the others away.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    /** The number the shopper quotes; from a sequence, so it never repeats. */
    orderNumber: bigint('order_number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity({ startWith: 1001 }),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => checkouts.id),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    guestEmail: text('guest_email'),
    /** Null once anonymised, as is the address: the order stays for the books (number, date, lines, VAT, total). */
    email: text('email'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    totalPence: integer('total_pence').notNull(),
    /** The goods before any discount; the total is subtotal − discount + delivery. */
    subtotalPence: integer('subtotal_pence').notNull(),
    discountPence: integer('discount_pence').notNull().default(0),
    deliveryPence: integer('delivery_pence').notNull().default(0),
    promoCode: text('promo_code'),
    isDelivered: boolean('is_delivered').notNull().default(false),
    /**
     * Where the order stands (decision 072): only ever forward; `is_delivered` says the same for the shopper's API. A
     * `processing` order may instead be cancelled (decision 093).
     */
    status: text('status', { enum: ['processing', 'dispatched', 'delivered', 'cancelled'] })
      .notNull()
      .default('processing'),
    trackingNumber: text('tracking_number'),
    /** Who carries the parcel (decision 113), chosen at dispatch: its tracking number links to that carrier's page. */
    carrier: text('carrier', { enum: CARRIERS }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the shop was mailed about this new order (decision 098); null until the alert sweep has queued it. */
    shopNotifiedAt: timestamp('shop_notified_at', { withTimezone: true }),
    /** When the customer's account was deleted and the order's personal data with it (decision 061). */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_checkout_id_unique').on(table.checkoutId),
    // The alert sweep's question: orders the shop has not been told of.
    index('orders_shop_unnotified_idx').on(table.createdAt).where(sql`${table.shopNotifiedAt} is null`),
    uniqueIndex('orders_order_number_unique').on(table.orderNumber),
    index('orders_user_idx').on(table.userId, table.createdAt),
    // Guest orders found by a customer who later verifies the same address.
    index('orders_guest_email_idx').on(table.guestEmail).where(sql`${table.userId} is null`),
    check('orders_total_check', sql`${table.totalPence} > 0`),
    check('orders_status_check', sql`${table.status} in ('processing', 'dispatched', 'delivered', 'cancelled')`),
    check('orders_delivered_check', sql`(${table.status} = 'delivered') = ${table.isDelivered}`),
    index('orders_status_idx').on(table.status, table.createdAt),
    check(
      'orders_carrier_check',
      sql`${table.carrier} is null or ${table.carrier} in ('royal-mail', 'dpd', 'evri', 'parcelforce', 'dhl')`,
    ),
    check(
      'orders_personal_data_check',
      sql`${table.anonymisedAt} is not null or (${table.email} is not null and ${table.shippingAddress} is not null)`,
    ),
  ],
);

/** An order's lines as bought: price and VAT rate kept, so later catalog changes never rewrite a receipt. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    productId: text('product_id').notNull(),
    name: text('name').notNull(),
    selectedWeight: text('selected_weight').notNull(),
    qty: smallint('qty').notNull(),
    unitPricePence: integer('unit_price_pence').notNull(),
    vatRate: smallint('vat_rate').notNull(),
    /** This line's share of the order's discount (decision 096): what it cost is unit price × qty − this. */
    discountPence: integer('discount_pence').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    check(
      'order_lines_discount_check',
      sql`${table.discountPence} between 0 and ${table.unitPricePence} * ${table.qty}`,
    ),
    check('order_lines_qty_check', sql`${table.qty} between 1 and 99`),
    check('order_lines_price_check', sql`${table.unitPricePence} > 0`),
    check('order_lines_vat_rate_check', sql`${table.vatRate} in (0, 20)`),
  ],
);

/** Each move of an order to its next status, by whom: the order's history on the owner's screen. */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    trackingNumber: text('tracking_number'),
    /** The admin who moved it; their e-mail is kept too, should the account later go. */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_status_changes_order_idx').on(table.orderId, table.changedAt)],
);

/**
 * Money given back on an order (decision 093). A row is written, `pending`, before the provider is asked, in the
 * same transaction that checks what is left to refund; the provider's call carries `refund-{id}-{attempt}` as its
 * idempotency key, so a retry after a crash asks for the same refund, never a second one.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    amountPence: integer('amount_pence').notNull(),
    reason: text('reason').notNull(),
    /** Whether `lines`' packs went back into counted stock when the refund was recorded. */
    restock: boolean('restock').notNull().default(false),
    /** Which packs it was for: `{ index, qty }[]`, index being the line's position; null for an amount alone. */
    lines: jsonb('lines').$type<{ index: number; qty: number }[]>(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    failureReason: text('failure_reason'),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    /** The provider's own id for it (Stripe's `re_…`), once known. */
    providerRefundId: text('provider_refund_id'),
    /** Raised by each retry of a failed refund, so the provider sees a new request rather than the failed one again. */
    attempt: smallint('attempt').notNull().default(1),
    /** The owner's `Idempotency-Key`: the same key on the same order is the same refund. */
    idempotencyKey: text('idempotency_key'),
    /** The refund a cancellation made: the cancellation's mail tells the buyer, so it sends none of its own. */
    cancellation: boolean('cancellation').notNull().default(false),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The admin's e-mail, or 'Stripe' for a refund made in Stripe's dashboard. */
    actorEmail: text('actor_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the current attempt was sent to the provider: the sweep leaves a pending refund alone for a while after. */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The day the books count it on. */
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
  },
  (table) => [
    index('refunds_order_idx').on(table.orderId, table.createdAt),
    uniqueIndex('refunds_idempotency_key_unique').on(table.orderId, table.idempotencyKey),
    uniqueIndex('refunds_provider_refund_id_unique').on(table.providerRefundId),
    index('refunds_pending_idx').on(table.attemptedAt).where(sql`${table.status} = 'pending'`),
    index('refunds_succeeded_idx').on(table.succeededAt).where(sql`${table.status} = 'succeeded'`),
    check('refunds_amount_check', sql`${table.amountPence} > 0`),
    check('refunds_status_check', sql`${table.status} in ('pending', 'succeeded', 'failed')`),
    check('refunds_succeeded_check', sql`(${table.status} = 'succeeded') = (${table.succeededAt} is not null)`),
  ],
);
