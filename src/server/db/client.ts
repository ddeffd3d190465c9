/** Opens the shop's database: PostgreSQL when a URL is given, otherwise embedded PGlite in the data folder. */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

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
      migrate: () => migrateNodePostgres(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }

  let client = options.pglite;
  if (!client) {
    const folder = path.join(options.dataDir, 'pglite');
    await mkdir(folder, { recursive: true });
    client = await PGlite.create(folder);
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => pglite.close(),
  };
}
