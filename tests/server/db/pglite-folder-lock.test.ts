/** One server per PGlite folder, checked with real server processes: a second refuses, a killed one's lock is no bar. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  stderr(): string;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServer(dataDir: string, webDistDir: string): Promise<ServerProcess> {
  const port = await freePort();
  // Only what the server needs: a DATABASE_URL inherited from a PostgreSQL test run would bypass PGlite.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? '')),
  );
  return { child, port, exited, stderr: () => stderr };
}

/** Polls /healthz until it answers 200; fails at once if the process exits first. */
async function waitUntilHealthy(server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  let exitedWith: number | string | undefined;
  void server.exited.then((code) => (exitedWith = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitedWith !== undefined)
      throw new Error(`server exited (${exitedWith}) before it was healthy:\n${server.stderr()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/healthz`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.stderr()}`);
}

// About PGlite folders whatever TEST_DATABASE_URL says: the PGlite run covers it, and the PostgreSQL run of the
// server suite, which runs beside it, need not start these server processes a second time.
describe.skipIf(process.env.TEST_DATABASE_URL)('one server per PGlite folder', () => {
  let dataDir: string;
  let webDistDir: string;
  const servers: ServerProcess[] = [];
  const start = async () => {
    const server = await startServer(dataDir, webDistDir);
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

    const response = await fetch(`http://127.0.0.1:${first.port}/api/products`);
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
    const response = await fetch(`http://127.0.0.1:${restarted.port}/api/products`);
    expect(await response.json()).toHaveLength(25);

    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 240_000);
});
