/**
 * Counts the rows written to the shop's tables, for tests that must show a request wrote nothing (the fuzz: a refused
 * request leaves the database as it was). Installed in a test's own database only: a row trigger on every table of
 * the `public` schema adds one to that table's counter inside the writing transaction, so a write rolled back counts
 * nothing, and neither does an update that leaves every value as it was. Reading the counters is one small query, cheap
 * enough to run after each of thousands of requests.
 */
import { sql } from 'drizzle-orm';
import type { TestApp } from '#tests/build-test-app';
import { queryRows } from '#tests/db';

/** Columns an update may change without counting as a write; each entry says why that is by design. */
export interface AllowedChange {
  table: string;
  columns: readonly string[];
  why: string;
}

/** Rows written so far, by `table operation` (`orders insert`, `cart_lines update`). */
export type WriteCounts = ReadonlyMap<string, number>;

export interface WriteWatch {
  counts(): Promise<WriteCounts>;
}

const identifier = /^[a-z_][a-z0-9_]*$/;

function quoted(name: string): string {
  // Table and column names come from the catalog or from the test's own list; anything odd is a mistake there.
  if (!identifier.test(name)) throw new Error(`write watch: unexpected name ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** Installs the counters and triggers; again on the same database, it replaces the triggers. */
export async function watchWrites(testApp: TestApp, allowed: readonly AllowedChange[] = []): Promise<WriteWatch> {
  const { db } = testApp.app;
  await db.execute(sql.raw('create schema if not exists write_watch'));
  await db.execute(
    sql.raw('create table if not exists write_watch.writes (what text primary key, rows bigint not null)'),
  );
  // The trigger's arguments are the columns an update may change uncounted: the row as JSON without them is compared.
  await db.execute(
    sql.raw(`
      create or replace function write_watch.count_row() returns trigger language plpgsql as $$
      declare
        -- NOTE: tg_argv is null, not empty, for a trigger given no arguments.
        uncounted text[] := coalesce(tg_argv, '{}');
      begin
        if tg_op = 'UPDATE' and (to_jsonb(old) - uncounted) = (to_jsonb(new) - uncounted) then
          return null;
        end if;
        insert into write_watch.writes as w (what, rows) values (tg_table_name || ' ' || lower(tg_op), 1)
          on conflict (what) do update set rows = w.rows + 1;
        return null;
      end
      $$`),
  );
  const tables = await queryRows<{ name: string }>(
    testApp,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const names = new Set(tables.map((table) => table.name));
  for (const entry of allowed)
    if (!names.has(entry.table)) throw new Error(`write watch: no table ${entry.table} to allow changes in`);
  for (const { name } of tables) {
    const columns = allowed.filter((entry) => entry.table === name).flatMap((entry) => entry.columns);
    const args = columns.map((column) => `'${quoted(column).slice(1, -1)}'`).join(', ');
    await db.execute(sql.raw(`drop trigger if exists write_watch on public.${quoted(name)}`));
    await db.execute(
      sql.raw(
        `create trigger write_watch after insert or update or delete on public.${quoted(name)} ` +
          `for each row execute function write_watch.count_row(${args})`,
      ),
    );
  }
  return {
    async counts() {
      const rows = await queryRows<{ what: string; rows: string | number }>(
        testApp,
        sql`select what, rows from write_watch.writes`,
      );
      return new Map(rows.map((row) => [row.what, Number(row.rows)]));
    },
  };
}

/** What was written between two readings, as `orders insert ×1` lines; empty when nothing was. */
export function writesBetween(before: WriteCounts, after: WriteCounts): string[] {
  const written: string[] = [];
  for (const [what, rows] of after) {
    const more = rows - (before.get(what) ?? 0);
    if (more > 0) written.push(`${what} ×${more}`);
  }
  return written.sort();
}
