/**
 * The type of the shop's database handle, or of a transaction open on it: what repositories and the seed take.
 * Apart from client.ts, which opens the database and seeds it, so the seed can name the type without a cycle.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
