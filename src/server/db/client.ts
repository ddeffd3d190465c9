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

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // NOTE: an idle client losing its connection emits on the pool; unhandled, it would kill the process.
    pool.on('error', (error) => options.onPoolError?.(error));
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
