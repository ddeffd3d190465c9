/**
 * `npm run bench`: builds the shop fresh for production, then
 * 1. GET /api/products on the shop exactly as shipped (`npm start`, NODE_ENV=production, LOG_LEVEL at its
 *    default) against a bare Fastify server answering the same bytes from memory, each in a process of its
 *    own, as browsers ask (`br, gzip`) and without compression, in alternating rounds, median and spread;
 * 2. the home page's first-load JS in that build against its 120 KB gzip budget.
 * The load generator shares the machine's two cores, so only ratios within one run mean anything.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { reportHomeFirstLoadJs } from './lib/home-js.mjs';

const root = path.resolve(import.meta.dirname, '..');
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = 50;
const RATIO_TARGET = 0.8;

async function waitFor(url: string, child: ChildProcess) {
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

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

interface Round {
  requestsPerSecond: number;
  p99Ms: number;
}

async function load(url: string, headers: Record<string, string>, duration: number): Promise<Round> {
  const result = await autocannon({ url, connections, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const spread = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;

async function benchCatalog(): Promise<boolean> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-bench-'));
  const port = 3300;
  const referencePort = port + 1;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' };
  delete env.LOG_LEVEL;
  // Logs go to a pipe that is drained, as under a process manager, so writing them costs what it costs live.
  const shop = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  shop.stdout?.resume();
  let reference: ChildProcess | undefined;
  try {
    const url = `http://127.0.0.1:${port}/api/products`;
    await waitFor(`http://127.0.0.1:${port}/healthz`, shop);
    const bytes = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    const brotliResponse = await fetch(url, { headers: { 'accept-encoding': 'br' }, decompress: false } as RequestInit);
    const brotli = Buffer.from(await brotliResponse.arrayBuffer());

    const bytesFile = path.join(dataDir, 'products.json');
    await writeFile(bytesFile, bytes);
    await writeFile(`${bytesFile}.br`, brotli);
    reference = spawn(process.execPath, [path.join(root, 'scripts/bench-reference-server.mjs'), bytesFile, String(referencePort)], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const referenceUrl = `http://127.0.0.1:${referencePort}/api/products`;
    await waitFor(referenceUrl, reference);

    let allMet = true;
    for (const [label, headers] of [
      ['as browsers ask (accept-encoding: br, gzip)', { 'accept-encoding': 'br, gzip' }],
      ['uncompressed', {}],
    ] as const) {
      console.log(`\nGET /api/products ${label}: ${connections} connections, ${rounds} alternating rounds of ${durationSeconds}s`);
      // A short warm-up so JIT and caches settle before the measured rounds.
      await load(url, headers, 2);
      await load(referenceUrl, headers, 2);
      const shopRounds: Round[] = [];
      const bareRounds: Round[] = [];
      // Alternating rounds, so a passing disturbance on the machine lands on both sides alike.
      for (let round = 0; round < rounds; round++) {
        shopRounds.push(await load(url, headers, durationSeconds));
        bareRounds.push(await load(referenceUrl, headers, durationSeconds));
      }
      const row = (name: string, figures: Round[]) => {
        const rps = figures.map((figure) => figure.requestsPerSecond);
        const p99 = figures.map((figure) => figure.p99Ms);
        console.log(
          `  ${name.padEnd(38)} median ${median(rps).toFixed(0).padStart(6)} req/s (spread ${spread(rps)})   p99 median ${median(p99).toFixed(0)} ms`,
        );
      };
      row('Roast & Co. server, as shipped', shopRounds);
      row('bare Fastify, same bytes (reference)', bareRounds);
      const ratios = shopRounds.map((shopRound, index) => shopRound.requestsPerSecond / bareRounds[index]!.requestsPerSecond);
      const ratio = median(ratios);
      const met = ratio >= RATIO_TARGET;
      allMet &&= met;
      console.log(
        `  ratio median ${ratio.toFixed(2)} (rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; target ≥ ${RATIO_TARGET}) ${met ? 'met' : 'MISSED'}`,
      );
    }
    return allMet;
  } finally {
    await stop(shop);
    await stop(reference);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const catalogMet = await benchCatalog();
console.log('');
const jsMet = reportHomeFirstLoadJs();
process.exitCode = catalogMet && jsMet ? 0 : 1;
