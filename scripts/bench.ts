/**
 * `npm run bench`: the catalog endpoint on the real server against a bare Fastify server answering the same
 * bytes from memory (each in a process of its own, as autocannon has this one), measured in the same run; then the production build's first-load JS for the home page.
 * The load generator shares the machine's cores, so only the ratio is meaningful.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

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

const ROUNDS = 2;

interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
}

function mean(rounds: LoadFigures[]): LoadFigures {
  const average = (pick: (figures: LoadFigures) => number) => rounds.reduce((sum, figures) => sum + pick(figures), 0) / rounds.length;
  return { requestsPerSecond: average((figures) => figures.requestsPerSecond), p99Ms: average((figures) => figures.p99Ms) };
}

async function load(url: string): Promise<LoadFigures> {
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
  let reference: ChildProcess | undefined;
  try {
    const url = `http://127.0.0.1:${port}/api/products`;
    await waitFor(`http://127.0.0.1:${port}/healthz`, server);
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());

    const bytesFile = path.join(dataDir, 'products.json');
    await writeFile(bytesFile, bytes);
    const referencePort = port + 1;
    reference = spawn(process.execPath, [path.join(root, 'scripts/bench-reference-server.mjs'), bytesFile, String(referencePort)], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const referenceUrl = `http://127.0.0.1:${referencePort}/api/products`;
    await waitFor(referenceUrl, reference);

    console.log(`GET /api/products (${bytes.length} bytes), ${connections} connections, ${ROUNDS} alternating rounds of ${durationSeconds}s each`);
    // Alternating rounds, so a passing disturbance on the machine lands on both sides alike.
    const shopRounds = [];
    const bareRounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      shopRounds.push(await load(url));
      bareRounds.push(await load(referenceUrl));
    }
    const shop = mean(shopRounds);
    const bare = mean(bareRounds);

    const ratio = shop.requestsPerSecond / bare.requestsPerSecond;
    const row = (name: string, figures: LoadFigures) =>
      console.log(`  ${name.padEnd(34)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${figures.p99Ms.toFixed(1)} ms`);
    row('Roast & Co. server', shop);
    row('bare Fastify, same bytes (reference)', bare);
    console.log(`  ratio ${ratio.toFixed(2)} (target ≥ ${RATIO_TARGET}) ${ratio >= RATIO_TARGET ? 'met' : 'MISSED'}`);
    return ratio >= RATIO_TARGET;
  } finally {
    for (const child of [server, reference]) {
      if (!child || child.exitCode !== null) continue;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
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
  // benchCatalog ran scripts/start.mjs first, which built the web app if it was missing or stale.
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

  // The sizes the server sends: the build's own .gz and .br files (vite.config.ts, precompress).
  const sizeOf = async (file: string) => (await readFile(path.join(root, 'dist/web', file))).length;
  let totalGzip = 0;
  let totalBrotli = 0;
  console.log('\nFirst-load JS for the home page (as sent; KB = 1,024 bytes):');
  console.log(`  ${'file'.padEnd(44)} ${'gzip'.padStart(8)} ${'brotli'.padStart(8)}`);
  for (const file of [...files].filter((name) => name.endsWith('.js'))) {
    const gzipBytes = existsSync(path.join(root, 'dist/web', `${file}.gz`)) ? await sizeOf(`${file}.gz`) : await sizeOf(file);
    const brotliBytes = existsSync(path.join(root, 'dist/web', `${file}.br`)) ? await sizeOf(`${file}.br`) : await sizeOf(file);
    totalGzip += gzipBytes;
    totalBrotli += brotliBytes;
    console.log(`  ${file.padEnd(44)} ${(gzipBytes / 1024).toFixed(1).padStart(8)} ${(brotliBytes / 1024).toFixed(1).padStart(8)}`);
  }
  const totalKb = totalGzip / 1024;
  console.log(
    `  total gzip ${totalKb.toFixed(1)} KB (budget < ${HOME_JS_BUDGET_KB} KB, ratio ${(totalKb / HOME_JS_BUDGET_KB).toFixed(2)}) ${totalKb < HOME_JS_BUDGET_KB ? 'met' : 'MISSED'}; brotli ${(totalBrotli / 1024).toFixed(1)} KB`,
  );
  return totalKb < HOME_JS_BUDGET_KB;
}

const catalogMet = await benchCatalog();
const jsMet = await benchHomeJs();
process.exitCode = catalogMet && jsMet ? 0 : 1;
