/**
 * One of the shop's public GETs as shipped against a bare Fastify server answering the same bytes from memory
 * (scripts/bench-reference-server.mjs): the same body and the same headers (security headers, ETag, caching), so
 * the ratio is what the shop's own work costs, not the size of what it must send. Each in a process of its own, as browsers ask (`br, gzip`) and without
 * compression, in alternating rounds: median and spread of both, and the ratio against its target.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { load, type Round, root, stop, waitFor } from './shop.ts';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
export const RATIO_TARGET = 0.8;

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
export const spread = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;

export interface Comparison {
  /** The running shop's origin, e.g. http://127.0.0.1:3300. */
  shopOrigin: string;
  /** The path to measure, e.g. /api/products. */
  path: string;
  referencePort: number;
  /** A folder the reference server's bytes are written to. */
  workDir: string;
  /** Sent with the requests that read the shop's bytes, e.g. the owner's authorization for an admin GET. */
  headers?: Record<string, string>;
}

/**
 * The bytes exactly as sent. NOTE: Node's fetch decodes brotli whatever it is told (`decompress: false` is not
 * undici's), which once had the reference serve the uncompressed catalog labelled as brotli.
 */
function getRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number | undefined; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
          );
          response.on('error', reject);
        })
        .on('error', reject);
    },
  );
}

/** The headers the reference sends as they are; Node writes its own framing ones. */
function replayable(headers: http.IncomingHttpHeaders): Record<string, string> {
  const framing = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      framing.has(name) || value === undefined ? [] : [[name, String(value)]],
    ),
  );
}

export interface Reference {
  /** The reference's URL for the same path. */
  url: string;
  /** The shop's answer, uncompressed and in brotli, as the reference sends them. */
  bytes: Buffer;
  brotli: Buffer;
  stop(): Promise<void>;
}

/** A bare Fastify in a process of its own, answering `path` (its query too) with the shop's bytes and headers for it. */
export async function startReference({ shopOrigin, path: urlPath, referencePort, workDir, headers }: Comparison) {
  const url = `${shopOrigin}${urlPath}`;
  const identity = await getRaw(url, { ...headers, 'accept-encoding': 'identity' });
  if (identity.status !== 200) throw new Error(`${url} answered ${identity.status}: ${identity.body}`);
  const bytes = identity.body;
  const brotliResponse = await getRaw(url, { ...headers, 'accept-encoding': 'br' });
  const compressed = brotliResponse.headers['content-encoding'] === 'br';
  // The shop sends an answer under its compression threshold as it is; then so does the reference, to everyone.
  if (!compressed && !(brotliResponse.body.equals(bytes) && bytes.length < 1024)) {
    throw new Error(`${url} was not sent in brotli`);
  }
  const brotli = brotliResponse.body;
  if (compressed && brotli.length >= bytes.length) {
    throw new Error(`${url}: the brotli answer is no smaller than the bytes`);
  }

  const bytesFile = path.join(workDir, `reference-${referencePort}`);
  await writeFile(bytesFile, bytes);
  await writeFile(`${bytesFile}.br`, brotli);
  await writeFile(
    `${bytesFile}.headers.json`,
    JSON.stringify({ identity: replayable(identity.headers), br: replayable(brotliResponse.headers) }),
  );
  const reference: ChildProcess = spawn(
    process.execPath,
    // The reference answers the path whatever the query: the bytes are the shop's answer to this one.
    [path.join(root, 'scripts/bench-reference-server.mjs'), bytesFile, String(referencePort), urlPath.split('?')[0]!],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const referenceUrl = `http://127.0.0.1:${referencePort}${urlPath}`;
  try {
    await waitFor(referenceUrl, reference);
  } catch (error) {
    await stop(reference);
    throw error;
  }
  return { url: referenceUrl, bytes, brotli, stop: () => stop(reference) } satisfies Reference;
}

/** Runs both encodings; true when both ratios meet the target. */
export async function compareWithBareFastify(comparison: Comparison) {
  const url = `${comparison.shopOrigin}${comparison.path}`;
  const urlPath = comparison.path;
  const reference = await startReference(comparison);
  const { bytes, brotli } = reference;
  const referenceUrl = reference.url;
  try {
    let allMet = true;
    for (const [label, headers] of [
      ['as browsers ask (accept-encoding: br, gzip)', { 'accept-encoding': 'br, gzip' }],
      ['uncompressed', {}],
    ] as const) {
      console.log(
        `\nGET ${urlPath} ${label}: ${(label === 'uncompressed' ? bytes : brotli).length} bytes, ` +
          `${rounds} alternating rounds of ${durationSeconds}s`,
      );
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
      const ratios = shopRounds.map(
        (shopRound, index) => shopRound.requestsPerSecond / bareRounds[index]!.requestsPerSecond,
      );
      const ratio = median(ratios);
      const met = ratio >= RATIO_TARGET;
      allMet &&= met;
      console.log(
        `  ratio median ${ratio.toFixed(2)} (rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; target ≥ ${RATIO_TARGET}) ${met ? 'met' : 'MISSED'}`,
      );
    }
    return allMet;
  } finally {
    await reference.stop();
  }
}
