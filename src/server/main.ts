/** Process entry: read the config, build the app, listen, and close cleanly on SIGINT/SIGTERM. */
import { existsSync } from 'node:fs';
import { pageRoutes } from '#shared/page-routes';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { FolderInUseError } from './db/folder-lock.ts';

async function main() {
  // An operator's .env in the working folder fills in what the environment leaves unset (never overrides it).
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // NOTE: PGlite keeps the process alive until closed; app.close() closes it through the onClose hook.
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Roast & Co. is open at ${config.publicUrl}`);
  // The first visitor of each would otherwise wait about 0.2 s while the page is rendered and compressed.
  const { home, products, bestsellers, newLaunches, reviews, about, contact, cart } = pageRoutes;
  await app.preparePages([home, products, bestsellers, newLaunches, reviews, about, contact, cart]);
}

main().catch((error: unknown) => {
  // Refusals the operator can act on print as they are, without a stack trace.
  if (error instanceof ConfigError || error instanceof FolderInUseError) {
    console.error(error.message);
  } else {
    console.error('Roast & Co. failed to start:', error);
  }
  process.exit(1);
});
