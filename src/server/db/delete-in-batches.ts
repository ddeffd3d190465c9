/**
 * Deletes the rows a condition matches, a batch at a time, for the sweeps that remove what has outlived its
 * retention period. Each batch is its own short transaction that locks its rows with SKIP LOCKED before deleting
 * them, so several processes sweeping one table at once never wait on each other (no deadlock) and each row is
 * deleted, and counted, by exactly one of them.
 */
import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './database.ts';

/** Small enough that a batch holds its locks for milliseconds, large enough that a backlog goes in few trips. */
export const DELETE_BATCH_SIZE = 500;

export interface BatchDelete {
  table: PgTable;
  /** The table's primary key. */
  key: PgColumn;
  where: SQL | undefined;
  batchSize?: number;
}

/** Answers how many rows this call deleted; rows another process held while it ran are that process's to count. */
export async function deleteInBatches(
  db: Database,
  { table, key, where, batchSize = DELETE_BATCH_SIZE }: BatchDelete,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const locked = await tx
        .select({ key })
        .from(table)
        .where(where)
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (locked.length === 0) return 0;
      const gone = await tx
        .delete(table)
        .where(
          inArray(
            key,
            locked.map((row) => row.key),
          ),
        )
        .returning({ key });
      return gone.length;
    });
    deleted += batch;
    // A short batch: what matched and was free is gone; rows another process held are deleted by it.
    if (batch < batchSize) return deleted;
  }
}
