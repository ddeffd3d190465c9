/** Raw SQL for tests that look into or arrange the database; both drivers answer `{ rows }`. */
import type { SQL } from 'drizzle-orm';
import type { TestApp } from './build-test-app.ts';

export async function queryRows<Row>({ app }: TestApp, query: SQL): Promise<Row[]> {
  const result = (await app.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
