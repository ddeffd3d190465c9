/** One server per PGlite folder, checked with real server processes: a second refuses, a killed one's lock is no bar. */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer, waitUntilHealthy } from '#tests/server-process';

// About PGlite folders whatever TEST_DATABASE_URL says: the PGlite run covers it, and the PostgreSQL run of the
// server suite, which runs beside it, need not start these server processes a second time.
describe.skipIf(process.env.TEST_DATABASE_URL)('one server per PGlite folder', () => {
  let dataDir: string;
  let webDistDir: string;
  const servers: ServerProcess[] = [];
  const start = async () => {
    const server = await startServer({ DATA_DIR: dataDir, WEB_DIST_DIR: webDistDir });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-lock-data-'));
    webDistDir = await mkdtemp(path.join(os.tmpdir(), 'roast-lock-web-'));
  });
  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      await server.exited;
    }
    await rm(dataDir, { recursive: true, force: true });
    await rm(webDistDir, { recursive: true, force: true });
  });

  it('refuses a second server on the same folder with one clear line, and leaves the first serving', async () => {
    const first = await start();
    await waitUntilHealthy(first);

    const second = await start();
    // Without the lock the second server would start: say so at once rather than wait for a timeout.
    const outcome = await Promise.race([
      second.exited,
      waitUntilHealthy(second).then(
        () => 'started and served',
        () => 'exited',
      ),
    ]);
    expect(outcome).toBe(1);
    const message = second.stderr().trim();
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain(path.join(dataDir, 'pglite'));
    expect(message).toContain(`pid ${first.child.pid}`);
    expect(message).toMatch(/stop that process, or set DATA_DIR to another folder/i);

    const response = await fetch(`${first.url}/api/products`);
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(25);
  }, 240_000);

  it('starts again after the holder was killed with SIGKILL, and frees the folder when stopped', async () => {
    const holder = servers[0];
    if (!holder) throw new Error('the first test did not start a server');
    holder.child.kill('SIGKILL');
    expect(await holder.exited).toBe('SIGKILL');
    // The killed server had no chance to clean up: its lock is still there.
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);

    const restarted = await start();
    await waitUntilHealthy(restarted);
    const response = await fetch(`${restarted.url}/api/products`);
    expect(await response.json()).toHaveLength(25);

    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 240_000);
});
