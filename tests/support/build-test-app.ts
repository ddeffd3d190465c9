/**
 * Builds the real app for one test file, on a database of its own: a copy of the migrated PGlite snapshot,
 * or, when TEST_DATABASE_URL is set, a fresh database created on that PostgreSQL server and dropped after.
 * `buildTestAppsOnOneDatabase` builds several, as several server processes on one database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '#server/app';
import { loadConfig, type Config } from '#server/config';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  config: Config;
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-only-jwt-secret-0123456789abcdef';

/**
 * Quiet, fast settings: a data folder of its own (so outboxes do not mix; buildTestApp removes it), a fixed
 * signing secret, mail retries in milliseconds, rate limits high enough that only the tests about
 * them meet them, and no sample reviews.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: overrides.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'roast-app-')),
      JWT_SECRET: TEST_JWT_SECRET,
      RATE_LIMIT_FACTOR: '100',
      // No sample reviews: tests that count reviews start from an empty table (a test about DEMO_DATA turns it on).
      DEMO_DATA: '0',
    }),
    // API tests run without the built SPA unless a test asks for it.
    webDistDir: undefined,
    mailRetry: { firstDelayMs: 20, maxDelayMs: 200, maxAttempts: 10, pollIntervalMs: 1_000 },
    shopAlerts: false,
    ...overrides,
  };
}

async function withAdminClient<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  /** The new, empty database's URL. */
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database on the PostgreSQL server at serverUrl; drop() removes it, closing what still uses it. */
export async function createTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const databaseName = `roast_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${databaseName}`));
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return {
    url: url.toString(),
    async drop() {
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${databaseName} with (force)`),
      );
    },
  };
}

export async function buildTestApp(overrides: Partial<Config> = {}, options: BuildAppOptions = {}): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const database = await createTestDatabase(serverUrl);
    const config = testConfig({ databaseUrl: database.url, ...overrides });
    const app = await buildApp(config, { logger: false, ...options });
    return {
      app,
      config,
      async close() {
        await app.close();
        await database.drop();
        await removeDataDir(config);
      },
    };
  }

  const snapshot = await readFile(inject('pgliteSnapshotPath'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
  const config = testConfig(overrides);
  const app = await buildApp(config, { logger: false, pglite, ...options });
  return {
    app,
    config,
    async close() {
      await app.close();
      await removeDataDir(config);
    },
  };
}

/**
 * An app on a PostgreSQL database the test made itself (shared with server processes, or reached through a proxy);
 * `close()` closes the app and its data folder, and leaves the database to its maker.
 */
export async function buildTestAppOnDatabase(databaseUrl: string, overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = testConfig({ databaseUrl, ...overrides });
  const app = await buildApp(config, { logger: false });
  return { app, config, close: () => app.close().then(() => removeDataDir(config)) };
}

async function removeDataDir(config: Config) {
  // Only the folders testConfig made; a test that names its own keeps it.
  if (path.basename(config.dataDir).startsWith('roast-app-'))
    await rm(config.dataDir, { recursive: true, force: true });
}

/**
 * Several apps on ONE database, as several server processes with their own settings (one on the test checkout,
 * one on Stripe): on PostgreSQL they share the URL; on PGlite they share one engine, which only the last close
 * shuts. `close()` closes every app and then the database.
 */
export async function buildTestAppsOnOneDatabase(
  overridesEach: readonly Partial<Config>[],
): Promise<{ apps: TestApp[]; close(): Promise<void> }> {
  const built: TestApp[] = [];
  const closeApps = async () => {
    for (const testApp of built.reverse()) await testApp.close();
  };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const database = await createTestDatabase(serverUrl);
    const close = async () => {
      await closeApps();
      await database.drop();
    };
    try {
      for (const overrides of overridesEach) built.push(await buildTestAppOnDatabase(database.url, overrides));
    } catch (error) {
      await close();
      throw error;
    }
    return { apps: [...built], close };
  }

  const snapshot = await readFile(inject('pgliteSnapshotPath'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
  // Each app closes the PGlite it is given when it closes; each gets a view of the one engine whose close does
  // nothing, and the engine is closed once, after them all.
  const shared = new Proxy(pglite, {
    get(target, property) {
      if (property === 'close') return async () => undefined;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const close = async () => {
    await closeApps();
    await pglite.close();
  };
  try {
    for (const overrides of overridesEach) {
      const config = testConfig(overrides);
      const app = await buildApp(config, { logger: false, pglite: shared });
      built.push({ app, config, close: () => app.close().then(() => removeDataDir(config)) });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { apps: [...built], close };
}
