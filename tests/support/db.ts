/** Raw SQL for tests that look into or arrange the database; both drivers answer `{ rows }`. */
import type { SQL } from 'drizzle-orm';
import type { TestApp } from '#tests/build-test-app';

export async function queryRows<Row>({ app }: TestApp, query: SQL): Promise<Row[]> {
  const result = (await app.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
