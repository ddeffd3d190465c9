/**
 * The database schema, one for PGlite and PostgreSQL: one file per domain under schema/, gathered here for
 * drizzle-kit (which turns changes into migrations) and for the query builder's types.
 */
export * from './schema/catalog.ts';
export * from './schema/accounts.ts';
export * from './schema/mail.ts';
export * from './schema/cart.ts';
export * from './schema/orders.ts';
export * from './schema/contact.ts';
export * from './schema/reviews.ts';
export * from './schema/admin.ts';
export * from './schema/promotions.ts';
export * from './schema/batches.ts';
