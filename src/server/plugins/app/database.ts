/**
 * Adds `app.db`: the shop's database, migrated (and its catalog, and with DEMO_DATA the sample reviews, seeded)
 * before the server takes requests, and `app.pingDatabase()` for the health check (routes hold no queries, decision 087).
 */
import type { PGlite } from '@electric-sql/pglite';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { openDatabase, ping } from '../../db/client.ts';
import type { Database } from '../../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Resolves once the database answers a trivial query; rejects while it does not (the health check asks). */
    pingDatabase(): Promise<void>;
  }
}

export interface DatabasePluginOptions {
  config: Config;
  pglite?: PGlite | undefined;
}

export default fp<DatabasePluginOptions>(
  async (app, { config, pglite }) => {
    const handle = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      pglite,
      // The pool drops the broken connection and opens another when next needed: a warning, not a failure.
      onPoolError: (error) => app.log.warn({ err: error }, 'idle database connection lost'),
    });
    app.addHook('onClose', () => handle.close());
    try {
      const seeded = await handle.prepare({ demoData: config.demoData });
      if (seeded.products > 0) app.log.info({ products: seeded.products }, 'seeded the catalog into an empty database');
      if (seeded.demoReviews > 0) {
        // Made-up reviews on a live shop would mislead shoppers (and UK law forbids it): say so loudly there.
        const level = config.nodeEnv === 'production' ? 'warn' : 'info';
        app.log[level](
          { reviews: seeded.demoReviews },
          'seeded sample reviews into an empty reviews table (DEMO_DATA; set DEMO_DATA=0 on a live shop)',
        );
      }
    } catch (error) {
      await handle.close();
      throw error;
    }
    app.log.info({ database: handle.kind }, 'database ready');
    app.decorate('db', handle.db);
    app.decorate('pingDatabase', () => ping(handle.db));
  },
  { name: 'database' },
);
