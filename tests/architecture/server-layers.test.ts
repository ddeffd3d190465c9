/**
 * The server's layers as decision 087 keeps them: a route parses, calls its domain's service and answers, so no route
 * file reaches the database or opens a transaction; and no source file grows past what a reader takes in at once.
 * Biome's import zones (import-zones.test.ts) keep the arrows between folders; these read the files themselves.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Every file under `folder` (a path from the repo's root), as paths from the repo's root with forward slashes. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** A route file: a domain's routes and owner's routes, a sub-feature's routes, and the routes no domain owns. */
const ROUTE_FILE =
  /^src\/server\/(features\/[^/]+\/(admin-)?routes\.ts|features\/[^/]+\/[^/]+\/routes\.ts|routes\/[^/]+\.ts)$/;

/** What a route may not hold: the database handle, a transaction, a unit of work, or the query builder and schema. */
const DATABASE_USES: { what: string; pattern: RegExp }[] = [
  { what: 'app.db', pattern: /\bapp\.db\b/ },
  { what: '.transaction(', pattern: /\.transaction\(/ },
  { what: 'unitOfWork(', pattern: /\bunitOfWork\(/ },
  { what: 'an import of drizzle-orm', pattern: /from\s+['"]drizzle-orm(\/[^'"]*)?['"]/ },
  { what: 'an import of db/', pattern: /from\s+['"](\.\.?\/)+(\.\.\/)*db\/[^'"]*['"]|from\s+['"]#server\/db\// },
];

/** What a route file holds of `DATABASE_USES`, as `what` names it. */
function databaseUsesIn(source: string): string[] {
  return DATABASE_USES.filter(({ pattern }) => pattern.test(source)).map(({ what }) => what);
}

const MAX_LINES = 300;

/** Files allowed past MAX_LINES, each with why: data and text, not code anyone reasons through. */
const LONG_FILES_ALLOWED: { pattern: RegExp; why: string }[] = [
  {
    pattern: /^src\/server\/db\/seed\/(catalog|food-information|demo-reviews|made-up-products)\.ts$/,
    why: 'the seeded catalog, its food information and the sample reviews: rows of data, one product or review each',
  },
  { pattern: /^src\/server\/db\/seed\/images\//, why: 'the catalog illustrations: drawings, not code' },
  {
    pattern: /^src\/server\/db\/migrations\//,
    why: 'drizzle-kit writes the migrations and their snapshots, and an applied migration is never edited',
  },
  { pattern: /^src\/web\/app\/routes\/legal\.tsx$/, why: 'the legal pages: the texts of the privacy notice and terms' },
];

/** Pictures are not read as lines. */
const BINARY = /\.(webp|png|jpe?g|gif|ico|woff2?)$/;

describe('server layers', () => {
  it('finds the route files it checks', async () => {
    const routes = (await filesUnder('src/server')).filter((file) => ROUTE_FILE.test(file));
    // The list is read from the tree; these make sure the pattern still matches where the routes live.
    expect(routes).toEqual(
      expect.arrayContaining([
        'src/server/features/catalog/routes.ts',
        'src/server/features/catalog/admin-routes.ts',
        'src/server/features/contact/admin-routes.ts',
        'src/server/features/reviews/admin-routes.ts',
        'src/server/features/orders/pay-page/routes.ts',
        'src/server/routes/health.ts',
      ]),
    );
  });

  it('keeps queries and transactions out of every route file', async () => {
    const routes = (await filesUnder('src/server')).filter((file) => ROUTE_FILE.test(file));
    const offending: Record<string, string[]> = {};
    for (const file of routes) {
      const uses = databaseUsesIn(await readFile(path.join(root, file), 'utf8'));
      if (uses.length > 0) offending[file] = uses;
    }
    expect(offending).toEqual({});
  });

  it('recognises each way a route could reach the database', () => {
    expect(databaseUsesIn('const rows = await app.db.select().from(products);')).toEqual(['app.db']);
    expect(databaseUsesIn('await tx.transaction(async () => {});')).toEqual(['.transaction(']);
    expect(databaseUsesIn('await app.unitOfWork(async (tx) => tx);')).toEqual(['unitOfWork(']);
    expect(databaseUsesIn("import { eq } from 'drizzle-orm';")).toEqual(['an import of drizzle-orm']);
    expect(databaseUsesIn("import { products } from '../../db/schema.ts';")).toEqual(['an import of db/']);
    expect(databaseUsesIn("import { ping } from '../db/client.ts';")).toEqual(['an import of db/']);
    expect(databaseUsesIn("import { products } from '#server/db/schema';")).toEqual(['an import of db/']);
    expect(databaseUsesIn('const list = await app.catalogAdmin.list();')).toEqual([]);
  });

  it(`keeps every file under src/ to ${MAX_LINES} lines, but data, migrations and legal text`, async () => {
    const tooLong: Record<string, number> = {};
    for (const file of await filesUnder('src')) {
      if (BINARY.test(file) || LONG_FILES_ALLOWED.some(({ pattern }) => pattern.test(file))) continue;
      const text = await readFile(path.join(root, file), 'utf8');
      const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      if (lines > MAX_LINES) tooLong[file] = lines;
    }
    expect(tooLong).toEqual({});
  });

  it('names no exception that matches nothing any more', async () => {
    const files = await filesUnder('src');
    const stale = LONG_FILES_ALLOWED.filter(({ pattern }) => !files.some((file) => pattern.test(file)));
    expect(stale.map(({ why }) => why)).toEqual([]);
  });
});
