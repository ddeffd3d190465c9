import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { e2eAdmin } from '#tests/e2e/admin';

/**
 * A port free at this moment, asked of the system by a short child process (the config is read synchronously). Chosen
 * once, in the main process, and kept in E2E_PORT, which the workers inherit: they must browse the server it started.
 */
function freePort(): string {
  const script =
    "const server = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(server.address().port); server.close(); });";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}
process.env.E2E_PORT ||= freePort();
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
// Set once in the main process; workers inherit it, so every part of a run shares one fresh database.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'roast-e2e-'));

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // Each step waits at most the expect timeout, which is what catches a screen that never comes; the test's own
  // limit only bounds a whole journey (two logins, a payment, a second device) on a slow or busy machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // Recording a trace for every test cost a third of the run's time; debug a failure with `--trace on`.
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  outputDir: 'test-results',
  webServer: {
    // The real server on the built shop: the same process `npm start` runs, on a database of its own.
    command: 'node scripts/start.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // The payment pages send the browser back to PUBLIC_URL: it must be the origin the tests browse, or the
      // session and guest cart in local storage would be another origin's.
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      RATE_LIMIT_FACTOR: '100',
      // The owner's account, made at start-up (docs/api.md, The owner's API), for the /admin journeys.
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
    },
  },
});
