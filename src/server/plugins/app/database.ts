/** Adds `app.db`: the shop's database, migrated (and its catalog seeded) before the server takes requests. */
import type { PGlite } from '@electric-sql/pglite';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
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
      onPoolError: (error) => app.log.error({ err: error }, 'idle database connection failed'),
    });
    app.addHook('onClose', () => handle.close());
    try {
      const seeded = await handle.prepare();
      if (seeded > 0) app.log.info({ products: seeded }, 'seeded the catalog into an empty database');
    } catch (error) {
      await handle.close();
      throw error;
    }
    app.log.info({ database: handle.kind }, 'database ready');
    app.decorate('db', handle.db);
  },
  { name: 'database' },
);
