// `npm run fuzz -- --runs N [--seed S] [--path P] [--stats]`: the API fuzz (tests/server/app/fuzz.test.ts), longer
// than `npm test` runs it and with a new random seed each time unless one is given, so each long run tries requests
// no earlier run tried. The seed is printed first; on a failure, the command that replays it (fast-check's seed and
// path) is printed last. TEST_DATABASE_URL runs it on PostgreSQL, as for the other API tests.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';

const usage = 'usage: npm run fuzz -- [--runs N] [--seed S] [--path P] [--stats]';
let options;
try {
  ({ values: options } = parseArgs({
    options: {
      runs: { type: 'string', default: '10000' },
      seed: { type: 'string' },
      path: { type: 'string' },
      stats: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}

const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a whole number above 0, not ${options.runs}\n${usage}`);
  process.exit(2);
}
// fast-check takes any 32-bit integer; it prints negative ones too, so a replayed seed may be negative.
const seed = options.seed ?? String(randomInt(-(2 ** 31), 2 ** 31));
if (!/^-?\d+$/.test(seed)) {
  console.error(`--seed must be a whole number, not ${seed}\n${usage}`);
  process.exit(2);
}

console.log(`fuzz: ${runs} requests per app, seed ${seed}${options.path ? `, path ${options.path}` : ''}`);
const child = spawn('node_modules/.bin/vitest', ['run', '--project', 'server', 'tests/server/app/fuzz.test.ts'], {
  env: {
    ...process.env,
    FUZZ_RUNS: String(runs),
    FUZZ_SEED: seed,
    FUZZ_PATH: options.path ?? '',
    FUZZ_STATS: options.stats ? '1' : '',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
// Passed through as it comes, and kept: vitest reports a failure (fast-check's seed and path in it) on stderr.
let output = '';
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  output += chunk;
});
child.stderr.on('data', (chunk) => {
  process.stderr.write(chunk);
  output += chunk;
});
child.on('close', (code) => {
  if (code !== 0) {
    // fast-check's own report: `{ seed: 42, path: "967:1:2", endOnFailure: true }`, one per failed app.
    const failures = [...output.matchAll(/\{ seed: (-?\d+), path: "([\d:]+)"/g)];
    for (const failure of failures) {
      const [, failedSeed, path] = failure;
      // The describe block vitest names just before the report: which app failed.
      const named = output.lastIndexOf('every route, fuzzed (', failure.index);
      const app = named === -1 ? '' : ` (${output.slice(named + 21, output.indexOf(')', named))})`;
      console.log(
        `\nfuzz failed${app} with seed ${failedSeed}; replay it with: npm run fuzz -- --runs ${runs} --seed ${failedSeed} --path ${path}`,
      );
    }
    if (failures.length === 0) console.log(`\nfuzz failed (seed ${seed}); see the output above`);
  }
  process.exit(code ?? 1);
});
