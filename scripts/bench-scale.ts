/**
 * `npm run bench:scale`: bench:load's browsing and shopping scenarios at once (half the connections each), against
 * 1 and then 2 server processes sharing one PostgreSQL database (fresh for each), one Redis (REDIS_URL, for the rate
 * limits) and one data folder, both behind the same round-robin TCP proxy (scripts/bench/round-robin-proxy.mjs) so
 * autocannon hits one address: req/s and p99 of each, and the ratio 2/1. The invariants of bench:load are checked
 * after each (a session paid on one process and verified on the other must still make one order and one mail).
 * On a 2-core machine the load generator, the proxy and PostgreSQL share the cores with the servers, so the ratio is
 * bounded.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client.ts';
import { checkInvariants } from './bench/invariants.ts';
import {
  FIGURES_HEADING,
  figuresRow,
  LOAD_SHOP_SETTINGS,
  type LoadFigures,
  type LoadFixture,
  LoadRun,
  seedLoadDatabase,
} from './bench/load.ts';
import { redisReachable } from './lib/redis-reachable.mjs';
import { createBenchTarget, ensureBuilt, freePort, root, startShop, stop, waitFor } from './bench/shop.ts';

const seconds = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
const connections = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 100);
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
const warmUpSeconds = Math.min(2, seconds);

interface Mix {
  browsing: LoadFigures;
  shopping: LoadFigures;
  ok: boolean;
}

/** The mix against `processes` servers behind the proxy, then the invariants on their database. */
async function mixWith(processes: number): Promise<Mix | undefined> {
  const target = await createBenchTarget('scale', 'PostgreSQL');
  if (!target?.databaseUrl) return undefined;
  const children: ChildProcess[] = [];
  try {
    const seedHandle = await openDatabase(target);
    let fixture: LoadFixture;
    try {
      fixture = await seedLoadDatabase(seedHandle, { customers: 200, orders: 0, stockPerWeight: 40 });
    } finally {
      await seedHandle.close();
    }
    // One JWT secret for all, so a token from one process is good on the other, as behind any load balancer.
    const settings = {
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl,
      REDIS_URL: redisUrl,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ...LOAD_SHOP_SETTINGS,
    };
    const ports: number[] = [];
    for (let index = 0; index < processes; index++) ports.push(await freePort(ports));
    for (const port of ports) children.push(startShop(port, settings));
    await Promise.all(ports.map((port, index) => waitFor(`http://127.0.0.1:${port}/healthz`, children[index]!)));
    const proxyPort = await freePort(ports);
    const proxy = spawn(
      process.execPath,
      [path.join(root, 'scripts/bench/round-robin-proxy.mjs'), String(proxyPort), ...ports.map(String)],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    children.push(proxy);
    const baseUrl = `http://127.0.0.1:${proxyPort}`;
    await waitFor(`${baseUrl}/healthz`, proxy);
    const run = await LoadRun.open(baseUrl, fixture);
    const half = Math.max(1, Math.round(connections / 2));
    await Promise.all([run.browsing(half, warmUpSeconds), run.shopping(half, warmUpSeconds)]);
    const [browsing, shopping] = await Promise.all([run.browsing(half, seconds), run.shopping(half, seconds)]);
    for (const child of children.reverse()) await stop(child);
    console.log(
      `\n  ${processes} process${processes > 1 ? 'es' : ''} behind the proxy`.padEnd(46) + FIGURES_HEADING.trimStart(),
    );
    console.log(figuresRow(`browsing (${half} connections)`, browsing));
    console.log(figuresRow(`shopping (${half} connections)`, shopping.figures));
    for (const step of shopping.steps) console.log(`      ${step}`);
    console.log(`  Invariants, the servers stopped:`);
    const checkHandle = await openDatabase(target);
    try {
      return { browsing, shopping: shopping.figures, ok: await checkInvariants(checkHandle, run) };
    } finally {
      await checkHandle.close();
    }
  } finally {
    for (const child of children) await stop(child);
    await target.remove();
  }
}

if (!(await redisReachable(redisUrl))) {
  console.error(`Redis at ${redisUrl} did not answer: bench:scale needs it (BENCH_REDIS_URL) for two processes.`);
  process.exit(1);
}
ensureBuilt();
console.log(
  `Scale: bench:load's browsing and shopping at once, ${connections} connections in all, ${seconds}s after a ${warmUpSeconds}s warm-up, against 1 and then 2 server processes on one PostgreSQL, one Redis and one data folder, behind the same round-robin TCP proxy; RATE_LIMIT_FACTOR=${LOAD_SHOP_SETTINGS.RATE_LIMIT_FACTOR}`,
);
const one = await mixWith(1);
const two = one && (await mixWith(2));
if (!one || !two) process.exit(1);
const ratio = (name: string, pick: (mix: Mix) => LoadFigures) =>
  console.log(
    `  ${name.padEnd(10)} req/s ${pick(one).requestsPerSecond.toFixed(0)} → ${pick(two).requestsPerSecond.toFixed(0)} (×${(pick(two).requestsPerSecond / pick(one).requestsPerSecond).toFixed(2)}), p99 ${pick(one).p99Ms.toFixed(0)} → ${pick(two).p99Ms.toFixed(0)} ms (×${(pick(two).p99Ms / Math.max(pick(one).p99Ms, 1)).toFixed(2)})`,
  );
console.log('\n2 processes / 1 process:');
ratio('browsing', (mix) => mix.browsing);
ratio('shopping', (mix) => mix.shopping);
const total = (mix: Mix) => mix.browsing.requestsPerSecond + mix.shopping.requestsPerSecond;
console.log(
  `  ${'together'.padEnd(10)} req/s ${total(one).toFixed(0)} → ${total(two).toFixed(0)} (×${(total(two) / total(one)).toFixed(2)})`,
);
console.log(
  `NOTE: this machine has ${os.availableParallelism()} cores, and the load generator, the proxy and PostgreSQL share them with the servers, so the ratio is bounded (on 2 cores it cannot show two servers with a core each): it says whether a second process adds capacity without breaking anything, not how the shop scales on machines of its own.`,
);
process.exitCode = one.ok && two.ok ? 0 : 1;
