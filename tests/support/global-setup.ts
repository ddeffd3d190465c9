/**
 * Runs once before the server tests: migrates and seeds one PGlite database and snapshots it, so each
 * test file starts from its own copy in about half a second instead of running initdb and migrations.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
  }
}

export default async function setup(project: TestProject) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'roast-test-'));
  const snapshotPath = path.join(folder, 'template.tar.gz');
  if (!process.env.TEST_DATABASE_URL) {
    const pglite = await PGlite.create();
    const handle = await openDatabase({ dataDir: folder, pglite });
    // The catalog only: the snapshot holds no sample reviews, so review tests count from an empty table.
    await handle.prepare({ demoData: false });
    const snapshot = await pglite.dumpDataDir('gzip');
    await writeFile(snapshotPath, Buffer.from(await snapshot.arrayBuffer()));
    await handle.close();
  }
  project.provide('pgliteSnapshotPath', snapshotPath);
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
