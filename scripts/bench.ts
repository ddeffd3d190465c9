/**
 * `npm run bench`: the catalog endpoint on the real server against a bare Fastify server answering the same
 * bytes from memory, measured in the same run; then the production build's first-load JS for the home page.
 * The load generator shares the machine's cores, so only the ratio is meaningful.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const root = path.resolve(import.meta.dirname, '..');
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const HOME_JS_BUDGET_KB = 120;
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

async function load(url: string) {
  // A short warm-up so JIT and caches settle before the measured run.
  await autocannon({ url, connections, duration: 2 });
  const result = await autocannon({ url, connections, duration: durationSeconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

async function benchCatalog() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-bench-'));
  const port = 3300;
  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const url = `http://127.0.0.1:${port}/api/products`;
    await waitFor(`http://127.0.0.1:${port}/healthz`, server);
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());

    const bare = Fastify({ logger: false });
    bare.get('/api/products', (_request, reply) => reply.type('application/json; charset=utf-8').send(bytes));
    const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/api/products`;

    console.log(`GET /api/products (${bytes.length} bytes), ${connections} connections, ${durationSeconds}s each`);
    const shop = await load(url);
    const reference = await load(bareUrl);
    await bare.close();

    const ratio = shop.requestsPerSecond / reference.requestsPerSecond;
    const row = (name: string, figures: { requestsPerSecond: number; p99Ms: number }) =>
      console.log(`  ${name.padEnd(34)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${figures.p99Ms} ms`);
    row('Roast & Co. server', shop);
    row('bare Fastify, same bytes (reference)', reference);
    console.log(`  ratio ${ratio.toFixed(2)} (target ≥ ${RATIO_TARGET}) ${ratio >= RATIO_TARGET ? 'met' : 'MISSED'}`);
    return ratio >= RATIO_TARGET;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

async function benchHomeJs() {
  const manifestPath = path.join(root, 'dist/web/.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const manifest: Record<string, ManifestChunk> = JSON.parse(await readFile(manifestPath, 'utf8'));
  const files = new Set<string>();
  const collect = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(collect);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const homeKey = Object.keys(manifest).find((key) => key.endsWith('app/routes/home.tsx'));
  if (!entryKey || !homeKey) throw new Error('manifest lacks the entry or the home route chunk');
  collect(entryKey);
  collect(homeKey);

  let totalGzip = 0;
  console.log('\nFirst-load JS for the home page (gzip):');
  for (const file of [...files].filter((name) => name.endsWith('.js'))) {
    const gzipBytes = gzipSync(await readFile(path.join(root, 'dist/web', file)), { level: 9 }).length;
    totalGzip += gzipBytes;
    console.log(`  ${file.padEnd(44)} ${(gzipBytes / 1024).toFixed(1).padStart(6)} KB`);
  }
  const totalKb = totalGzip / 1024;
  console.log(`  total ${totalKb.toFixed(1)} KB (budget < ${HOME_JS_BUDGET_KB} KB, ratio ${(totalKb / HOME_JS_BUDGET_KB).toFixed(2)}) ${totalKb < HOME_JS_BUDGET_KB ? 'met' : 'MISSED'}`);
  return totalKb < HOME_JS_BUDGET_KB;
}

const catalogMet = await benchCatalog();
const jsMet = await benchHomeJs();
process.exitCode = catalogMet && jsMet ? 0 : 1;
