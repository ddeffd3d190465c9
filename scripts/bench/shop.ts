/**
 * What the bench sections share: the shop as shipped in a process of its own, an autocannon load, and a fresh
 * PostgreSQL database per section.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { readBuildInfo, sourceHash } from '../lib/build-state.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
/** autocannon's connections unless a section names its own. */
export const connections = 50;
const postgresServerUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/test';

/**
 * Builds the shop for production unless dist/ holds a build of the current sources, as `npm start` would, but once
 * and before any server starts, so that servers started together never build at once.
 */
export function ensureBuilt() {
  if (readBuildInfo()?.sourceHash === sourceHash()) return;
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/**
 * The shop as shipped, in a process of its own. Production refuses to start without JWT_SECRET, so each run
 * gets a fresh one. Logs go to a pipe that is drained, as under a process manager, so writing them costs what
 * it costs live.
 */
export function startShop(port: number, settings: NodeJS.ProcessEnv): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    PAYMENT_PROVIDER: 'local',
    ...settings,
  };
  delete env.LOG_LEVEL;
  const shop = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  shop.stdout?.resume();
  return shop;
}

/**
 * A port no one listens on now, from the system, other than those `taken`. Other benches (other checkouts of the shop on this machine too) use
 * fixed ports, and waitFor would take their server for ours.
 */
export async function freePort(taken: readonly number[] = []): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port: given } = server.address() as net.AddressInfo;
        server.close(() => resolve(given));
      });
    });
    // Not yet listened on by the servers about to start on the ones `taken`.
    if (!taken.includes(port)) return port;
  }
}

export async function waitFor(url: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} never answered`);
}

export async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

export interface Round {
  requestsPerSecond: number;
  p99Ms: number;
}

export async function load(
  url: string,
  headers: Record<string, string>,
  duration: number,
  connectionCount = connections,
): Promise<Round> {
  const result = await autocannon({ url, connections: connectionCount, duration, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

/** A fresh database on the PostgreSQL server for one section, or undefined (and said so) when nothing answers. */
export async function createBenchDatabase(
  section: string,
): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const admin = new pg.Client({ connectionString: postgresServerUrl, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(
      `\nPostgreSQL at ${postgresServerUrl} did not answer (${(error as Error).message}): ${section} on PostgreSQL skipped`,
    );
    return undefined;
  }
  const name = `roast_bench_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresServerUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: postgresServerUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Where a bench's shop keeps its data: a fresh data folder and, on PostgreSQL, a fresh database. */
export interface BenchTarget {
  dataDir: string;
  databaseUrl?: string;
  /** Drops the database and removes the folder. */
  remove(): Promise<void>;
}

/** A BenchTarget for `engine`, or undefined (and said so) when PostgreSQL does not answer. */
export async function createBenchTarget(
  section: string,
  engine: 'PGlite' | 'PostgreSQL',
): Promise<BenchTarget | undefined> {
  const database = engine === 'PostgreSQL' ? await createBenchDatabase(section) : undefined;
  if (engine === 'PostgreSQL' && !database) return undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `roast-bench-${section}-`));
  return {
    dataDir,
    ...(database ? { databaseUrl: database.url } : {}),
    async remove() {
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
