// `npm test`: the production build first (the browser tests and the JS budget check judge that same build; the
// browser tests' server and the Lighthouse pass find it current and do not build again), then every suite,
// independent ones in parallel. Suites that need something this machine lacks (PostgreSQL, Redis, Chromium) are
// skipped with a plain reason, unless REQUIRE_POSTGRES=1, REQUIRE_REDIS=1 or REQUIRE_E2E=1 demands them (CI), and so
// are test files that skip for a reason of their own (tests/support/skips.ts). The long fuzz is not here: CI runs it
// once, `npm run fuzz` (.ci/run); `npm run test:quick` is the loop to run while changing code (decision 091).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { redisReachable } from './lib/redis-reachable.mjs';
import { createSkipReport } from './lib/skip-report.mjs';

const defaultPostgresUrl = 'postgres://root@127.0.0.1:5432/test';
// Database 15 of the local Redis is the tests' own; each test file removes only the keys it wrote (tests/support/test-redis.ts).
const defaultRedisUrl = 'redis://127.0.0.1:6379/15';
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const VITEST_WORKERS = process.env.VITEST_WORKERS ?? '2';

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const skipReport = createSkipReport();
const runStarted = Date.now();

function run(name, command, args, env = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? 'passed' : 'FAILED';
      // Whole outputs, one suite at a time, so parallel suites never interleave their lines.
      console.log(`\n===== ${name}: ${status} in ${seconds}s =====\n${output.trimEnd()}\n`);
      const skips = env.TEST_SKIP_REPORT ? skipReport.reasons(env).map((reason) => `${reason} (${name})`) : [];
      resolve({ name, status, seconds, output, skips });
    });
  });
}

const npx = (args) => [`node_modules/.bin/${args[0]}`, args.slice(1)];
const suites = [];
const skipped = [];

const build = await run('production build', process.execPath, ['scripts/build.mjs']);
if (build.status !== 'passed') process.exit(1);
suites.push(run('home page first-load JS budget', process.execPath, ['scripts/check-home-js.mjs']));

// Browser, server and shared code each have their own config (no Node types in the browser, no DOM on the server).
suites.push(run('typecheck', 'npm', ['run', '--silent', 'typecheck']));
suites.push(run('lint (import zones, hooks) and format', ...npx(['biome', 'ci', '.'])));
// The rate limits shared in Redis run in both API suites; the two-process tests in the PostgreSQL one. Both use the
// tests' own database of the local Redis and remove what they write (tests/support/test-redis.ts).
const redisUrl = process.env.TEST_REDIS_URL || defaultRedisUrl;
const withRedis = await redisReachable(redisUrl);
if (!withRedis && process.env.REQUIRE_REDIS === '1') {
  console.error(`REQUIRE_REDIS=1 but ${redisUrl} does not answer.`);
  suites.push(Promise.resolve({ name: 'tests with Redis', status: 'FAILED', seconds: '0' }));
} else if (!withRedis) {
  skipped.push(`tests with Redis: no Redis answers at ${redisUrl} (set TEST_REDIS_URL to run them)`);
}
const redisEnv = { TEST_REDIS_URL: withRedis ? redisUrl : '' };
// Two vitest workers each: on two cores one worker (vitest's default there) left a core idle while tests wait on
// mail, timers and the other processes (measured in decision 091).
const vitest = (...args) => npx(['vitest', 'run', '--maxWorkers', VITEST_WORKERS, ...args]);
const pgliteSuite = run('unit and API tests on PGlite', ...vitest(), {
  TEST_DATABASE_URL: '',
  ...redisEnv,
  ...skipReport.env(),
});
suites.push(pgliteSuite);

const explicitUrl = process.env.TEST_DATABASE_URL;
const postgresUrl = explicitUrl || defaultPostgresUrl;
if (await postgresReachable(postgresUrl)) {
  suites.push(
    run('API tests on PostgreSQL', ...vitest('--project', 'server'), {
      TEST_DATABASE_URL: postgresUrl,
      ...redisEnv,
      ...skipReport.env(),
    }),
  );
} else if (explicitUrl || process.env.REQUIRE_POSTGRES === '1') {
  console.error(
    `${explicitUrl ? 'TEST_DATABASE_URL is set' : 'REQUIRE_POSTGRES=1'} but ${postgresUrl} does not answer.`,
  );
  suites.push(Promise.resolve({ name: 'API tests on PostgreSQL', status: 'FAILED', seconds: '0' }));
} else {
  skipped.push(
    `API tests on PostgreSQL: no server answers at ${defaultPostgresUrl} (set TEST_DATABASE_URL to run them)`,
  );
}

if (existsSync(chromePath)) {
  // NOTE: the browser journeys run once the other suites are done: their steps have time limits, and on two cores the
  // API suites (the fuzz, photo decoding, argon2) starved them past those limits when all ran at once.
  const othersSettled = Promise.all([...suites]);
  const browserTests = othersSettled.then(() =>
    run('end-to-end tests in Chromium', ...npx(['playwright', 'test']), { CHROME_PATH: chromePath }),
  );
  suites.push(browserTests);
  // Lighthouse's quick pass after the journeys, alone on the machine: mobile, one run per page, binding only the
  // scores a busy machine cannot move (accessibility, best practices, SEO, layout shift); `npm run bench:web` binds all.
  suites.push(
    browserTests.then(() =>
      run('Lighthouse quick pass (mobile, one run)', ...npx(['tsx', 'scripts/bench-web.ts', '--quick']), {
        CHROME_PATH: chromePath,
      }),
    ),
  );
} else if (process.env.REQUIRE_E2E === '1') {
  console.error(
    `REQUIRE_E2E=1 but no Chromium at ${chromePath} (install it: apt-get install -y chromium, or set CHROME_PATH).`,
  );
  suites.push(Promise.resolve({ name: 'end-to-end tests in Chromium', status: 'FAILED', seconds: '0' }));
} else {
  skipped.push(
    `end-to-end tests and the Lighthouse pass: no Chromium at ${chromePath} (apt-get install -y chromium, or set CHROME_PATH)`,
  );
}

const results = await Promise.all(suites);
console.log('===== summary =====');
for (const result of [build, ...results]) console.log(`${result.status.padEnd(7)} ${result.name} (${result.seconds}s)`);
for (const reason of [...skipped, ...results.flatMap((result) => result.skips ?? [])]) console.log(`SKIPPED ${reason}`);
skipReport.remove();
console.log(`All in ${((Date.now() - runStarted) / 1000).toFixed(0)}s.`);
// CI shows only the end of a long log: the failing tests' names are repeated here, where they are seen first.
for (const result of results.filter((each) => each.status !== 'passed' && each.output)) {
  const failureLines = result.output.split('\n').filter((line) => /✘|\bFAIL\b|^\s+\d+\) /.test(line));
  console.log(`\n${result.name}, what failed:\n${failureLines.slice(0, 30).join('\n') || '(see its output above)'}`);
}
process.exit(results.every((result) => result.status === 'passed') ? 0 : 1);
