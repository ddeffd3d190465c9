/**
 * A shop of a journey's own: its own server and database, prepared before start-up, for journeys whose settings
 * (delivery charges, promotions) would change the totals every other journey in the shared shop checks. One per
 * Playwright worker; `baseURL`, `outbox` and `customer` are this shop's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '#server/db/client';
import type { Database } from '#server/db/database';
import { type E2eCustomer, signUpVerifiedCustomer } from '#tests/e2e/accounts';
import { e2eAdmin } from '#tests/e2e/admin';
import { test as base } from '#tests/e2e/base-test';
import { Outbox } from '#tests/e2e/outbox';
import { freePort, killServer, startServer, waitUntilHealthy } from '#tests/server-process';

// The shop as built for the other journeys (npm run build).
const webDistDir = path.resolve('dist/web');

export interface OwnShop {
  url: string;
  dataDir: string;
}

/** A test whose shop is its own, its database given `prepare` (rows written straight in) before the server starts. */
export function ownShopTest(prepare: (db: Database) => Promise<void> = async () => undefined) {
  return base.extend<{ outbox: Outbox; customer: E2eCustomer }, { shop: OwnShop }>({
    shop: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright passes fixtures as the first argument
      async ({}, use) => {
        const dataDir = await mkdtemp(path.join(os.tmpdir(), 'roast-e2e-own-shop-'));
        const handle = await openDatabase({ dataDir });
        await handle.prepare();
        await prepare(handle.db);
        await handle.close();
        // The payment page sends the browser back to PUBLIC_URL: the origin the tests browse, or local storage is lost.
        const port = await freePort();
        const url = `http://127.0.0.1:${port}`;
        const server = await startServer({
          DATA_DIR: dataDir,
          WEB_DIST_DIR: webDistDir,
          PORT: String(port),
          PUBLIC_URL: url,
          RATE_LIMIT_FACTOR: '100',
          ADMIN_EMAIL: e2eAdmin.email,
          ADMIN_PASSWORD: e2eAdmin.password,
        });
        try {
          await waitUntilHealthy({ ...server, port, url });
          await use({ url, dataDir });
        } finally {
          await killServer(server, 'SIGTERM');
          await rm(dataDir, { recursive: true, force: true });
        }
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    baseURL: async ({ shop }, use) => use(shop.url),
    outbox: async ({ shop }, use) => use(new Outbox(path.join(shop.dataDir, 'outbox'))),
    customer: async ({ request, outbox }, use) => use(await signUpVerifiedCustomer(request, outbox)),
  });
}
