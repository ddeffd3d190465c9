/**
 * Several servers starting at once on one empty PostgreSQL database migrate and seed it once (the catalog, and the
 * sample reviews with DEMO_DATA=1), and all start.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { migrationsFolder } from '#server/db/client';
import { catalog } from '#server/db/seed/catalog';
import { demoReviews } from '#server/db/seed/demo-reviews';
import { createTestDatabase, testConfig, type TestDatabase } from '#tests/build-test-app';

const SERVERS = 4;
type App = Awaited<ReturnType<typeof buildApp>>;

async function committedMigrationCount(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function query<Row extends pg.QueryResultRow>(databaseUrl: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

async function countRows(databaseUrl: string, table: string): Promise<number> {
  const [row] = await query<{ count: number }>(databaseUrl, `select count(*)::int as count from ${table}`);
  return row?.count ?? 0;
}

async function heldAdvisoryLocks(databaseUrl: string): Promise<number> {
  const [row] = await query<{ count: number }>(
    databaseUrl,
    `select count(*)::int as count from pg_locks
      where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`,
  );
  return row?.count ?? 0;
}

// PGlite is one engine in one process: only a PostgreSQL server can see servers race each other.
describe.runIf(process.env.TEST_DATABASE_URL)(
  `${SERVERS} servers starting at once on one empty PostgreSQL database`,
  () => {
    let database: TestDatabase;
    const started: App[] = [];
    let failures: unknown[] = [];

    beforeAll(async () => {
      database = await createTestDatabase(process.env.TEST_DATABASE_URL ?? '');
      // DEMO_DATA=1, which a PostgreSQL shop must ask for: the sample reviews must be seeded once too.
      const config = testConfig({ databaseUrl: database.url, demoData: true });
      // Each buildApp opens a pool of its own, so the servers race over separate connections as processes would.
      const results = await Promise.allSettled(
        Array.from({ length: SERVERS }, () => buildApp(config, { logger: false })),
      );
      for (const result of results) {
        if (result.status === 'fulfilled') started.push(result.value);
      }
      failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    });

    afterAll(async () => {
      await Promise.all(started.map((app) => app.close()));
      await database?.drop();
    });

    it('all start and answer their health check', async () => {
      expect(failures).toEqual([]);
      expect(started).toHaveLength(SERVERS);
      for (const app of started) {
        const response = await app.inject({ method: 'GET', url: '/healthz' });
        expect(response.statusCode).toBe(200);
      }
    });

    it('share one catalog, seeded once, with each migration applied once', async () => {
      for (const app of started) {
        const response = await app.inject({ method: 'GET', url: '/api/products' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toHaveLength(catalog.length);
      }
      expect(catalog).toHaveLength(25);
      expect(await countRows(database.url, 'products')).toBe(catalog.length);
      expect(await countRows(database.url, 'drizzle.__drizzle_migrations')).toBe(await committedMigrationCount());
    });

    it('share one set of sample reviews, seeded once', async () => {
      expect(await countRows(database.url, 'reviews')).toBe(demoReviews.length);
      for (const app of started) {
        const response = await app.inject({ method: 'GET', url: '/api/reviews' });
        expect(response.json().total).toBe(demoReviews.length);
      }
    });

    it('leave no setup lock held once started', async () => {
      expect(await heldAdvisoryLocks(database.url)).toBe(0);
    });
  },
);

describe.runIf(process.env.TEST_DATABASE_URL)('a server whose migrations fail on PostgreSQL', () => {
  let database: TestDatabase;
  let app: App | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(process.env.TEST_DATABASE_URL ?? '');
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('fails without keeping the setup lock, so the next server starts', async () => {
    const config = testConfig({ databaseUrl: database.url });
    // A table in the way makes the first migration fail half-way through.
    await query(database.url, 'create table products (id integer)');
    await expect(buildApp(config, { logger: false })).rejects.toThrow();
    expect(await heldAdvisoryLocks(database.url)).toBe(0);

    await query(database.url, 'drop table products');
    app = await buildApp(config, { logger: false });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
