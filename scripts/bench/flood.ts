/**
 * `npm run bench flood`: pages asked for with query strings no two alike beside the catalog (decision 107). Ten
 * steady clients read `GET /api/products` while 40 others ask for `/` with a random `utm_source` and `gclid` and for
 * `/search?query=<random>`, half each, as a tagged marketing link and a search flood would. `/api/products`' p99 with
 * the flood is compared with its p99 alone, in `BENCH_ROUNDS` alternating rounds of `BENCH_FLOOD_SECONDS`; the
 * median of the per-round ratios must stay within FLOOD_P99_BUDGET. Without the renderer's bound each random query
 * string was a render of its own and the catalog's p99 grew with the flood.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { median } from './against-bare-fastify.ts';
import { freePort, startShop, stop, waitFor } from './shop.ts';

const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const STEADY_CONNECTIONS = 10;
const FLOOD_CONNECTIONS = 40;
/**
 * `/api/products`' p99 under the flood, at most this many times its p99 alone. Alone it is 1 to 2 ms (autocannon
 * counts whole milliseconds); a render holds the event loop for tens of them, and one at a time is the bound
 * (decision 107), so the p99 beside a flood is about one render: 20 to 40 ms. Rendering per random query string, as
 * before, made it seconds.
 */
export const FLOOD_P99_BUDGET = 30;

const browser = { 'accept-encoding': 'br, gzip', accept: 'text/html' };
const random = () => randomBytes(6).toString('base64url');

interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

function run(options: autocannon.Options): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => {
      if (error) reject(error);
      else
        resolve({
          requestsPerSecond: result.requests.average,
          p99Ms: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors,
        });
    });
  });
}

const steady = (origin: string) =>
  run({
    url: `${origin}/api/products`,
    connections: STEADY_CONNECTIONS,
    duration: SECONDS,
    headers: { 'accept-encoding': 'br, gzip' },
  });

/** The same 40 clients on `/` with no query string: what serving the flood costs when nothing is rendered. */
const plainFlood = (origin: string) =>
  run({ url: `${origin}/`, connections: FLOOD_CONNECTIONS, duration: SECONDS, headers: browser });

const flood = (origin: string) =>
  run({
    url: origin,
    connections: FLOOD_CONNECTIONS,
    duration: SECONDS,
    headers: browser,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path:
            Math.random() < 0.5
              ? `/?utm_source=${random()}&utm_campaign=${random()}&gclid=${random()}`
              : `/search?query=${random()}`,
        }),
      },
    ],
  });

export async function benchFlood(): Promise<boolean> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-bench-flood-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const shop = startShop(port, { DATA_DIR: dataDir });
  try {
    await waitFor(`${origin}/healthz`, shop);
    // Warm: the home page kept, the catalog's answers prepared, the JIT past its first calls.
    await run({ url: `${origin}/`, connections: 4, amount: 200, headers: browser });
    await steady(origin);

    const alone: Figures[] = [];
    const flooded: { steady: Figures; flood: Figures }[] = [];
    const plain: { steady: Figures; flood: Figures }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      alone.push(await steady(origin));
      const [steadyFigures, floodFigures] = await Promise.all([steady(origin), flood(origin)]);
      flooded.push({ steady: steadyFigures, flood: floodFigures });
      const [steadyBesidePlain, plainFigures] = await Promise.all([steady(origin), plainFlood(origin)]);
      plain.push({ steady: steadyBesidePlain, flood: plainFigures });
    }
    const plainRatio = median(plain.map(({ steady: s }, index) => s.p99Ms / Math.max(alone[index]!.p99Ms, 1)));
    const ratios = flooded.map(({ steady: withFlood }, index) => withFlood.p99Ms / Math.max(alone[index]!.p99Ms, 1));
    const ratio = median(ratios);
    const row = (name: string, figures: Figures[]) =>
      `  ${name.padEnd(44)}${median(figures.map((f) => f.requestsPerSecond))
        .toFixed(0)
        .padStart(8)} req/s` +
      `  p99 ${median(figures.map((f) => f.p99Ms))
        .toFixed(0)
        .padStart(5)} ms` +
      `  non-2xx ${figures.reduce((sum, f) => sum + f.non2xx, 0)}  errors ${figures.reduce((sum, f) => sum + f.errors, 0)}`;
    console.log(
      `\nFlood: ${FLOOD_CONNECTIONS} clients on random query strings of / and /search beside ${STEADY_CONNECTIONS} on ` +
        `/api/products, ${ROUNDS} rounds of ${SECONDS} s (medians)`,
    );
    console.log(row('/api/products alone', alone));
    console.log(
      row(
        '/api/products beside the flood',
        flooded.map((f) => f.steady),
      ),
    );
    console.log(
      row(
        'the flood (/?utm_…, /search?query=…)',
        flooded.map((f) => f.flood),
      ),
    );
    console.log(
      row(
        '/api/products beside 40 on plain /',
        plain.map((f) => f.steady),
      ),
    );
    console.log(
      row(
        'plain / (kept, nothing rendered)',
        plain.map((f) => f.flood),
      ),
    );
    const met = ratio <= FLOOD_P99_BUDGET;
    console.log(
      `  /api/products p99 with the flood / without: ${ratio.toFixed(2)}× (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}; ` +
        `budget ${FLOOD_P99_BUDGET}×) ${met ? 'met' : 'NOT MET'}; beside 40 on plain /: ${plainRatio.toFixed(2)}×`,
    );
    return met;
  } finally {
    await stop(shop);
    await rm(dataDir, { recursive: true, force: true });
  }
}
