/** Opens the shop's database: PostgreSQL when a URL is given, otherwise embedded PGlite in the data folder. */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './database.ts';
import { lockFolder, type FolderLock } from './folder-lock.ts';
import * as schema from './schema.ts';
import { seedDemoReviews } from './seed/demo-reviews.ts';
import { seedCatalog } from './seed/index.ts';

export interface PrepareOptions {
  /** Seed the sample reviews into an empty reviews table (DEMO_DATA). Off unless given. */
  demoData?: boolean;
}

/** What `prepare` seeded: 0 for whatever was there already (or, for reviews, not asked for). */
export interface PrepareResult {
  products: number;
  demoReviews: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the committed migrations that have not run yet, then seeds the catalog into an empty database and,
   * with `demoData`, the sample reviews into an empty reviews table.
   */
  prepare(options?: PrepareOptions): Promise<PrepareResult>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Key of the PostgreSQL advisory lock that servers take turns on to migrate and seed (decision 016). */
const SETUP_LOCK_KEY = 7304215;

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** An already open PGlite (tests load one from a migrated snapshot); closed with the handle. */
  pglite?: PGlite;
  onPoolError?: (error: Error) => void;
}

/**
 * A pool that gets back the client of a transaction whose BEGIN failed. drizzle-orm 0.45's node-postgres
 * `transaction()` sends BEGIN before the try/finally that releases its client (drizzle-team/drizzle-orm#6241, open):
 * when the connection has died, BEGIN fails and the client is never released, so each such failure costs the pool a
 * connection for good, and after ten the shop could not reach its database even once PostgreSQL was back
 * (tests/server/app/database-outage.test.ts). Only a client checked out as a promise (drizzle's transaction) whose
 * first query is BEGIN is watched; the pool's own `query()` checks out by callback and releases by itself.
 */
class TransactionSafePool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool's connect is overloaded (promise or callback)
  override connect(...args: any[]): any {
    if (args.length > 0) return super.connect(...(args as [never]));
    return super.connect().then((client) => {
      const query = client.query;
      // biome-ignore lint/suspicious/noExplicitAny: forwarded to pg's overloaded query unchanged
      client.query = function firstQuery(this: pg.PoolClient, ...queryArgs: any[]): any {
        client.query = query;
        const result: unknown = query.apply(this, queryArgs as never);
        const text = typeof queryArgs[0] === 'string' ? queryArgs[0] : (queryArgs[0] as { text?: unknown })?.text;
        if (typeof text === 'string' && /^begin\b/i.test(text) && result instanceof Promise) {
          // With the error, the pool destroys the client rather than hand it out again.
          result.catch((error: Error) => client.release(error));
        }
        return result;
      } as typeof query;
      return client;
    });
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // A server that does not answer (stopped, or the network to it gone) fails a request in 5 s rather than holding it
    // until the operating system gives up on the connection.
    const pool = new TransactionSafePool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
    });
    // NOTE: an idle client losing its connection emits on the pool; unhandled, it would kill the process.
    pool.on('error', (error) => options.onPoolError?.(error));
    // NOTE: a client the pool has handed out (a transaction's) has no listener of the pool's: its connection failing
    // would be an uncaught error that ends the process. The failure reaches the query that uses the client (a 503),
    // and the pool discards the client when it comes back, so nothing more is needed here.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzleNodePostgres(pool, { schema });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      prepare: (prepareOptions = {}) => prepareUnderSetupLock(pool, prepareOptions),
      close: () => pool.end(),
    };
  }

  let client = options.pglite;
  let folderLock: FolderLock | undefined;
  if (!client) {
    const folder = path.join(options.dataDir, 'pglite');
    await mkdir(folder, { recursive: true });
    // NOTE: PGlite does not guard its folder: a second process would open it too and their writes would clobber
    // each other's. The lock makes the second one refuse to start.
    folderLock = await lockFolder(folder);
    try {
      client = await PGlite.create(folder);
    } catch (error) {
      await folderLock.release();
      throw error;
    }
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    // The folder lock (or an in-memory engine) means no other process can be migrating this database.
    prepare: async (prepareOptions = {}) => {
      await migratePglite(db, { migrationsFolder });
      return seed(db as unknown as Database, prepareOptions);
    },
    close: async () => {
      try {
        await pglite.close();
      } finally {
        await folderLock?.release();
      }
    },
  };
}

async function seed(db: Database, { demoData = false }: PrepareOptions): Promise<PrepareResult> {
  const products = await seedCatalog(db);
  const demoReviews = demoData ? await seedDemoReviews(db) : 0;
  return { products, demoReviews };
}

/**
 * Migrates and seeds while holding a session-level advisory lock, so servers starting together on one database
 * take turns: `CREATE SCHEMA IF NOT EXISTS` and friends are not safe when run concurrently.
 */
async function prepareUnderSetupLock(pool: pg.Pool, options: PrepareOptions): Promise<PrepareResult> {
  // The connection holding the lock does the work, so if it is lost the lock and the work end together.
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
    const db = drizzleNodePostgres(connection, { schema });
    await migrateNodePostgres(db, { migrationsFolder });
    const seeded = await seed(db as unknown as Database, options);
    await connection.query('select pg_advisory_unlock($1)', [SETUP_LOCK_KEY]);
    connection.release();
    return seeded;
  } catch (error) {
    // Closing the connection ends its session, which releases the lock whatever state the failure left it in.
    connection.release(true);
    throw error;
  }
}

/** Resolves once the database answers a trivial query; rejects while it does not (the health check asks). */
export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
