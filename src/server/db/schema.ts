/** The database schema, one for PGlite and PostgreSQL; drizzle-kit turns changes into migrations. */
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

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    category: text('category', { enum: ['Nuts', 'Dry Fruits', 'Seeds'] }).notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    allergens: text('allergens').array().notNull().default([]),
    vatRate: smallint('vat_rate').notNull(),
    isNewlyLaunched: boolean('is_newly_launched').notNull().default(false),
    isBestSeller: boolean('is_best_seller').notNull().default(false),
    /** The shop's chosen order on lists; ties break by name. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('products_category_check', sql`${table.category} in ('Nuts', 'Dry Fruits', 'Seeds')`),
    check('products_vat_rate_check', sql`${table.vatRate} in (0, 20)`),
  ],
);

export const productWeights = pgTable(
  'product_weights',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    grams: integer('grams').notNull(),
    pricePence: integer('price_pence').notNull(),
    mrpPence: integer('mrp_pence').notNull(),
    /** Order of the size buttons; the first weight is the product's headline price. */
    position: smallint('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.label] }),
    check('product_weights_grams_check', sql`${table.grams} > 0`),
    check('product_weights_price_check', sql`${table.pricePence} > 0 and ${table.pricePence} <= ${table.mrpPence}`),
  ],
);

/**
 * Customer accounts: only addresses that have proven themselves (a code from the mailbox). A signup waits in
 * `signup_attempts` until then (decision 043). `email` is stored trimmed and lower-cased, so the unique index
 * makes addresses case-blind.
 */
export const users = pgTable(
  'users',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** When the address was proven: the code of the signup attempt that made the account. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
    /** Goes up with every password change; a session token carrying an older number is refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    check('users_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);

/**
 * Signups waiting for their code (decision 043). Each attempt keeps the name and password typed with it and its
 * own code, so a code activates only the password of the attempt it was mailed for; `id` is the opaque `userId`
 * the signup answers. `code_hash` is null when the address already had an account: its owner was mailed a notice
 * instead, and no code exists. Attempts older than a day are deleted at the address's next signup.
 */
export const signupAttempts = pgTable(
  'signup_attempts',
  {
    /** Random, made by the repository before the insert: the code's hash is keyed by it. */
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** A keyed hash of the code and this attempt's id (plugins/app/auth.ts). */
    codeHash: text('code_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong or right, each check of the code counts; at the limit a new code must be asked for. */
    tries: smallint('tries').notNull().default(0),
    /** When the code (or the notice) was last mailed, for the resend cooldown. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when its code was entered; the account was made from this attempt unless one existed by then. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('signup_attempts_email_idx').on(table.email, table.createdAt),
    check('signup_attempts_tries_check', sql`${table.tries} >= 0`),
    check('signup_attempts_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);

/** Password-reset links, kept only as SHA-256 hashes; a row is deleted when used. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/**
 * The durable mail queue: a mail is written here (in the same transaction as whatever caused it) and a sender
 * delivers it, retrying with back-off. Sent mail keeps its envelope but loses its body (codes and links).
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html'),
    text: text('text'),
    /** Delivery tries so far, counted when a sender claims the mail. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender's claim; another process may take the mail once the lease has run out. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the tries ran out; the mail stays for an operator to look at. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mail_queue_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);

/**
 * Customers' carts: one row per customer and product, the primary key, so parallel adds of one product meet in
 * one row. `product_id` is deliberately not a foreign key: a product may leave the catalog while it sits in a
 * cart, and the line then shows as unavailable instead of vanishing (decision 032). Prices are never stored;
 * they come from the catalog whenever the cart is read.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    /** A label of the product's weights ("500g"); checked against the catalog when written, not by a key. */
    selectedWeight: text('selected_weight').notNull(),
    qty: smallint('qty').notNull(),
    /** The product's name when the line was last written, to name the line if the product leaves the catalog. */
    productName: text('product_name').notNull(),
    /**
     * The order lines were first added in, which the cart shows. A sequence rather than the time, as lines
     * written by one statement (a merge) share their timestamp.
     */
    addedSeq: bigint('added_seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    check('cart_lines_qty_check', sql`${table.qty} between 1 and 99`),
  ],
);

/**
 * A checkout waiting for its payment: the lines and amount the server priced from the catalog, the address,
 * and who it is for (a customer, or a guest by e-mail). An order is made from this row once the provider says
 * the session is paid, never from what a browser sends (contract §4).
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
    /** Where the confirmation goes: the customer's account address or the guest's. */
    email: text('email').notNull(),
    /** `CheckoutLine[]` as priced when the checkout was made. */
    lines: jsonb('lines').$type<CheckoutLine[]>().notNull(),
    amountPence: integer('amount_pence').notNull(),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    /** When the provider confirmed the payment. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('checkouts_session_id_unique').on(table.sessionId),
    check('checkouts_amount_check', sql`${table.amountPence} > 0`),
  ],
);

/** One line of a checkout as priced by the server; an order's lines are copied from these. */
export interface CheckoutLine {
  productId: string;
  name: string;
  selectedWeight: string;
  qty: number;
  unitPricePence: number;
  vatRate: 0 | 20;
}

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
    email: text('email').notNull(),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    totalPence: integer('total_pence').notNull(),
    isDelivered: boolean('is_delivered').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_checkout_id_unique').on(table.checkoutId),
    uniqueIndex('orders_order_number_unique').on(table.orderNumber),
    index('orders_user_idx').on(table.userId, table.createdAt),
    // Guest orders found by a customer who later verifies the same address.
    index('orders_guest_email_idx').on(table.guestEmail).where(sql`${table.userId} is null`),
    check('orders_total_check', sql`${table.totalPence} > 0`),
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
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    check('order_lines_qty_check', sql`${table.qty} between 1 and 99`),
    check('order_lines_price_check', sql`${table.unitPricePence} > 0`),
    check('order_lines_vat_rate_check', sql`${table.vatRate} in (0, 20)`),
  ],
);

/**
 * Messages sent through the contact form, kept as sent (trimmed) beside the mail to the shop that carries
 * them, which is queued in the same transaction. `phone` is null when the sender gave none.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contact_messages_created_idx').on(table.createdAt),
    // The API's limits (contract §6) again, so nothing longer gets in by another way.
    check(
      'contact_messages_lengths_check',
      sql`char_length(${table.name}) <= 100 and char_length(${table.email}) <= 254 and char_length(coalesce(${table.phone}, '')) <= 30 and char_length(${table.message}) <= 2000`,
    ),
  ],
);

/**
 * Customer reviews, kept as typed (trimmed); the browser shows them as text. `image` is the photo's URL path
 * (`/uploads/reviews/<random id>.webp`, re-encoded by the server) or null. `verified` is decided when the review
 * is posted: a logged-in customer with at least one order. `user_id` is kept only to know who wrote it and is
 * cleared if the account goes; the review and its badge stay.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    name: text('name').notNull(),
    location: text('location').notNull().default(''),
    rating: smallint('rating').notNull(),
    message: text('message').notNull(),
    image: text('image'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    verified: boolean('verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('reviews_created_idx').on(table.createdAt),
    check('reviews_rating_check', sql`${table.rating} between 1 and 5`),
    // The API's limits (contract §6) again, so nothing longer gets in by another way.
    check(
      'reviews_lengths_check',
      sql`char_length(${table.name}) between 1 and 100 and char_length(${table.location}) <= 100 and char_length(${table.message}) between 1 and 2000`,
    ),
  ],
);
