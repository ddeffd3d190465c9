/**
 * Migration 0006 on a database that already has accounts: proven ones stay as they are; unverified ones become
 * signup attempts keeping their id, password and live code, so a browser holding the id from its signup still
 * verifies with the mailed code (decision 043). The server started on the older database applies it.
 */
import { createHmac } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { hash as argon2Hash } from '@node-rs/argon2';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { migrationsFolder } from '#server/db/client';
import { createTestDatabase, TEST_JWT_SECRET, type TestDatabase, testConfig } from '#tests/build-test-app';

const FIRST_NEW_MIGRATION = '0006_signup_attempts';

/** A copy of the migrations folder that ends before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'roast-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

/** The signup code's keyed hash as the server made it before 0006: keyed by the account's id (decision 023). */
function oldCodeHash(userId: string, code: string): string {
  const codeKey = createHmac('sha256', TEST_JWT_SECRET).update('signup-code-key').digest();
  return createHmac('sha256', codeKey).update(`${userId}:${code}`).digest('hex');
}

const waitingPassword = 'waiting-password-1';
const noCodePassword = 'no-code-password-1';

async function accountsBefore0006(): Promise<string> {
  const [waitingHash, noCodeHash, provenHash] = await Promise.all([
    argon2Hash(waitingPassword),
    argon2Hash(noCodePassword),
    argon2Hash('proven-password-1'),
  ]);
  return `
    insert into users (id, name, email, password_hash, verified_at, created_at) values
      ('u-proven', 'Proven Person', 'proven@example.com', '${provenHash}', '2026-01-02T03:04:05Z', now() - interval '3 days'),
      ('u-waiting', 'Waiting Person', 'waiting@example.com', '${waitingHash}', null, now() - interval '5 minutes'),
      ('u-no-code', 'No Code', 'no-code@example.com', '${noCodeHash}', null, now() - interval '2 days');
    insert into signup_codes (user_id, code_hash, expires_at, attempts, sent_at) values
      ('u-waiting', '${oldCodeHash('u-waiting', '123456')}', now() + interval '5 minutes', 1, now() - interval '5 minutes');
    insert into cart_lines (user_id, product_id, selected_weight, qty, product_name) values
      ('u-proven', 'almonds', '250g', 2, 'Almonds');
    insert into password_reset_tokens (token_hash, user_id, expires_at) values
      ('${'a'.repeat(64)}', 'u-no-code', now() + interval '1 hour');
  `;
}

type App = Awaited<ReturnType<typeof buildApp>>;

describe('migration 0006: unverified accounts become signup attempts', () => {
  let app: App;
  let database: TestDatabase | undefined;
  let olderMigrations: string;
  const config = testConfig();

  beforeAll(async () => {
    olderMigrations = await migrationsBefore(FIRST_NEW_MIGRATION);
    const seedSql = await accountsBefore0006();
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      database = await createTestDatabase(serverUrl);
      const pool = new pg.Pool({ connectionString: database.url });
      try {
        await migrateNodePostgres(drizzleNodePostgres(pool), { migrationsFolder: olderMigrations });
        await pool.query(seedSql);
      } finally {
        await pool.end();
      }
      app = await buildApp({ ...config, databaseUrl: database.url }, { logger: false });
    } else {
      const pglite = await PGlite.create();
      await migratePglite(drizzlePglite(pglite), { migrationsFolder: olderMigrations });
      await pglite.exec(seedSql);
      app = await buildApp(config, { logger: false, pglite });
    }
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await rm(olderMigrations, { recursive: true, force: true });
    await rm(config.dataDir, { recursive: true, force: true });
  });

  async function rows<Row>(text: string): Promise<Row[]> {
    const result = (await app.db.execute(text)) as unknown as { rows: Row[] };
    return result.rows;
  }

  function post(url: string, payload: object) {
    return app.inject({ method: 'POST', url, payload });
  }

  it('keeps proven accounts and what they hold, and moves the unverified ones out of users', async () => {
    expect(await rows(`select id, verified_at = '2026-01-02T03:04:05Z' as kept_time from users order by id`)).toEqual([
      { id: 'u-proven', kept_time: true },
    ]);
    expect(await rows('select user_id, qty from cart_lines')).toEqual([{ user_id: 'u-proven', qty: 2 }]);
    expect(await rows('select user_id from password_reset_tokens')).toEqual([]);
    expect(
      await rows(
        `select id, email, name, code_hash is not null as has_code, tries, verified_at from signup_attempts order by id`,
      ),
    ).toEqual([
      { id: 'u-no-code', email: 'no-code@example.com', name: 'No Code', has_code: false, tries: 0, verified_at: null },
      {
        id: 'u-waiting',
        email: 'waiting@example.com',
        name: 'Waiting Person',
        has_code: true,
        tries: 1,
        verified_at: null,
      },
    ]);
    expect(
      await rows(
        `select is_nullable from information_schema.columns where table_name = 'users' and column_name = 'verified_at'`,
      ),
    ).toEqual([{ is_nullable: 'NO' }]);
  });

  it('lets a browser holding its signup id verify with the code mailed before, and log in with its password', async () => {
    expect((await post('/api/auth/verify-otp', { userId: 'u-waiting', otp: '654321' })).json()).toEqual({
      message: 'That code is not right. You have 3 tries left.',
    });
    expect((await post('/api/auth/verify-otp', { userId: 'u-waiting', otp: '123456' })).json()).toEqual({
      message: 'Email verified! You can now log in.',
    });
    const login = await post('/api/auth/login', { email: 'waiting@example.com', password: waitingPassword });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ name: 'Waiting Person', email: 'waiting@example.com' });
  });

  it('sends an unverified account that had no code to the code step at login', async () => {
    const login = await post('/api/auth/login', { email: 'no-code@example.com', password: noCodePassword });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ userId: 'u-no-code' });
  });
});
