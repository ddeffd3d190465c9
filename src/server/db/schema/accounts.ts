/** Customer accounts' tables: proven accounts, signup attempts waiting for their code, password-reset links. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
    /**
     * `customer`; `admin`, the owner (decision 070: set at start-up or by `npm run admin:create`, or invited); or
     * `staff`, invited to work orders, packing, messages and reviews (decision 097).
     */
    role: text('role', { enum: ['customer', 'staff', 'admin'] })
      .notNull()
      .default('customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    check('users_email_lower_check', sql`${table.email} = lower(${table.email})`),
    check('users_role_check', sql`${table.role} in ('customer', 'staff', 'admin')`),
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
    /** A keyed hash of the code and this attempt's id (features/accounts/auth.ts). */
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
 * Invitations to work in the shop (decision 097): a single-use link mailed to the address, kept only as a SHA-256
 * hash, valid 72 hours. Accepting sets the account's password and role (an existing customer account keeps its
 * orders); the row stays, marked accepted, as the record of who invited whom.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['staff', 'admin'] }).notNull(),
    invitedById: text('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    invitedByEmail: text('invited_by_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Set when the owner removed the person before the link was used: the link no longer works. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('staff_invites_email_idx').on(table.email, table.createdAt),
    check('staff_invites_email_lower_check', sql`${table.email} = lower(${table.email})`),
    check('staff_invites_role_check', sql`${table.role} in ('staff', 'admin')`),
  ],
);

/**
 * A staff or admin account's second login step (decision 103): its TOTP secret, sealed with a key the database does
 * not hold, and the last time step a code was accepted for, so a code works once. `enabled_at` is null while the
 * account is setting it up: the secret has been shown but no code from it has been confirmed yet.
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes for the second step, kept only as keyed hashes; a code's row is deleted when used. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

/**
 * Live sessions (decision 101): one row per login, named by the session token's `jti`. Logging out deletes the row,
 * so that token is refused while others of the same account stay live. `last_seen_at` moves (at most once a minute)
 * for staff and admin sessions, which end after 30 minutes without a request and 12 hours after login.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** Random (24 bytes, base64url), carried in the token as `jti`. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The token's own expiry; the account's later logins delete rows past it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId, table.expiresAt)],
);

/**
 * The networks an account has logged in from (decision 102), kept as keyed hashes: failed logins from other networks
 * are refused past a count, while the owner's own network is never refused for them. Entries unused for 90 days go
 * at the account's next login.
 */
export const loginNetworks = pgTable(
  'login_networks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** HMAC of the address (IPv4) or its /64 (IPv6): the table holds no addresses. */
    network: text('network').notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.network] })],
);

/**
 * A customer's address book (decision 112): UK delivery addresses kept for their next checkouts, at most
 * `SAVED_ADDRESSES_MAX` each. They go with the account (the foreign key deletes them with it).
 */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address as the shared schema keeps it (phone in E.164, postcode upper case, United Kingdom). */
    address: jsonb('address').$type<ShippingAddress>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('customer_addresses_user_idx').on(table.userId, table.createdAt)],
);
