// `npm run test:quick`: the loop to run while changing code. Unit and API tests on PGlite, with the short fuzz, and
// no build, browser, PostgreSQL or type check. The files that start whole server processes or wait out real clocks
// are left out and named at the end; `npm test` runs them all (docs/testing.md, decision 091).
import { spawn } from 'node:child_process';
import { createSkipReport } from './lib/skip-report.mjs';

/** Left out of the quick loop, each with why; `npm test` runs them. */
const leftOut = [
  ['tests/server/orders/crash-recovery.test.ts', 'builds and starts the real server, kills it and starts it again'],
  ['tests/server/batches/recall-crash.test.ts', 'starts the real server, kills it during a recall and starts it again'],
  ['tests/server/db/pglite-folder-lock.test.ts', 'starts server processes on one data folder'],
  ['tests/server/db/folder-lock-race.test.ts', 'starts processes racing for one stale lock'],
  ['tests/server/app/connection-limits.test.ts', 'waits out the server’s connection time-outs on the wall clock'],
  ['tests/server/mail/mail-queue.test.ts', 'waits on an SMTP server that refuses, then answers slowly'],
  ['tests/server/orders/pay-cancel-race.test.ts', 'runs 50 rounds of a payment racing a cancel, over a minute'],
];
const notRun = [
  'the production build, the type check and Biome (npm run typecheck, npm run lint)',
  'the API tests on PostgreSQL and the two-process tests with Redis',
  'the browser tests and the Lighthouse pass',
  'the long fuzz (npm run fuzz; the quick loop runs the short one)',
];

const skips = createSkipReport();
const skipEnv = skips.env();
const started = Date.now();
const child = spawn(
  'node_modules/.bin/vitest',
  [
    'run',
    '--maxWorkers',
    process.env.VITEST_WORKERS ?? '2',
    ...leftOut.flatMap(([file]) => ['--exclude', file]),
    ...process.argv.slice(2),
  ],
  { env: { ...process.env, TEST_DATABASE_URL: '', TEST_REDIS_URL: '', ...skipEnv }, stdio: 'inherit' },
);
child.on('close', (code) => {
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`\n===== quick loop: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds}s =====`);
  console.log('Left out (npm test runs them):');
  for (const [file, why] of leftOut) console.log(`  ${file}: ${why}`);
  for (const what of notRun) console.log(`  ${what}`);
  for (const reason of skips.reasons(skipEnv)) console.log(`SKIPPED ${reason}`);
  skips.remove();
  process.exit(code ?? 1);
});
