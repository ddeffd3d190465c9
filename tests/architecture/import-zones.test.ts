/**
 * The architecture's arrows are enforced by Biome's import zones (biome.jsonc). These cases lint small probe
 * files laid out like the repo, with the repo's own config, so a loosened zone fails here and not in review.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const biome = path.join(root, 'node_modules/.bin/biome');
let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'roast-zones-'));
  await copyFile(path.join(root, 'biome.jsonc'), path.join(workspace, 'biome.jsonc'));
});
afterAll(() => rm(workspace, { recursive: true, force: true }));

/** The import specifiers Biome refuses in a file at `file` (a path as in the repo) that imports `specifiers`. */
async function refusedImports(file: string, specifiers: string[]): Promise<string[]> {
  const full = path.join(workspace, file);
  await mkdir(path.dirname(full), { recursive: true });
  const lines = specifiers.map((specifier, index) => `import { x${index} } from '${specifier}';`);
  await writeFile(
    full,
    `${lines.join('\n')}\nexport const all = [${specifiers.map((_, index) => `x${index}`).join(', ')}];\n`,
  );
  const result = await promisify(execFile)(
    biome,
    [
      'lint',
      '--vcs-enabled=false',
      '--reporter=json',
      '--max-diagnostics=100',
      '--only=style/noRestrictedImports',
      file,
    ],
    { cwd: workspace },
  ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  await rm(full);
  const json = result.stdout.slice(result.stdout.indexOf('{'), result.stdout.lastIndexOf('}') + 1);
  const report = JSON.parse(json) as { diagnostics: { category: string; location: { start: { line: number } } }[] };
  // One import per line, so a diagnostic's line names the specifier it refused.
  return report.diagnostics
    .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
    .map((diagnostic) => specifiers[diagnostic.location.start.line - 1] ?? `line ${diagnostic.location.start.line}`);
}

describe('import zones', () => {
  it('keep the server and Node out of browser code', async () => {
    expect(
      await refusedImports('src/web/lib/probe.ts', [
        '#server/app',
        '../../server/app.ts',
        'node:fs',
        '#shared/money',
        './api-client.ts',
      ]),
    ).toEqual(['#server/app', '../../server/app.ts', 'node:fs']);
  });

  it('keep browser code out of the server', async () => {
    expect(
      await refusedImports('src/server/plugins/app/probe.ts', [
        '#web/config/paths.ts',
        'react',
        '../../db/client.ts',
        'fastify',
      ]),
    ).toEqual(['#web/config/paths.ts', 'react']);
  });

  // `postcode` as well: the UK postcode rule is that small, dependency-free library's (decision 095); and the
  // search's typo distance, `damerau-levenshtein` (decision 110).
  it('let shared code import only zod, postcode, damerau-levenshtein and shared files', async () => {
    expect(
      await refusedImports('src/shared/probe.ts', [
        '#server/config',
        '#web/lib/api-client.ts',
        'node:crypto',
        'react',
        'zod',
        'postcode',
        'damerau-levenshtein',
        './money.ts',
      ]),
    ).toEqual(['#server/config', '#web/lib/api-client.ts', 'node:crypto', 'react']);
  });

  it('let a shared unit test use the test fixtures, which shared code itself never imports', async () => {
    expect(
      await refusedImports('src/shared/probe.test.ts', ['#tests/fixtures/product', '#tests/accounts', 'node:crypto']),
    ).toEqual(['#tests/accounts', 'node:crypto']);
    expect(await refusedImports('src/shared/probe.ts', ['#tests/fixtures/product'])).toEqual([
      '#tests/fixtures/product',
    ]);
  });

  it('keep features apart: a feature imports its own files, never another feature or the app', async () => {
    expect(
      await refusedImports('src/web/features/cart/components/probe.ts', [
        '#web/features/catalog/api/get-products.ts',
        '../../catalog/api/get-products.ts',
        '#web/app/router.tsx',
        '../api/get-cart.ts',
        '#web/components/ui/button.tsx',
      ]),
    ).toEqual([
      '#web/features/catalog/api/get-products.ts',
      '../../catalog/api/get-products.ts',
      '#web/app/router.tsx',
    ]);
  });

  it('keep components, lib and config below features and the app', async () => {
    expect(
      await refusedImports('src/web/components/ui/probe.ts', [
        '#web/features/catalog/api/get-products.ts',
        '#web/app/router.tsx',
        '#web/lib/api-client.ts',
      ]),
    ).toEqual(['#web/features/catalog/api/get-products.ts', '#web/app/router.tsx']);
  });

  it('let a server domain use another only through its index.ts, from any of its folders', async () => {
    expect(
      await refusedImports('src/server/features/cart/probe.ts', [
        '../catalog/catalog.ts',
        '#server/features/catalog/product-repository',
        '../../routes/pages.ts',
        '../catalog/index.ts',
        '#server/features/catalog/index',
        './cart-repository.ts',
        '../../lib/prepared-answer.ts',
        '../../db/schema.ts',
        '../../errors.ts',
      ]),
    ).toEqual(['../catalog/catalog.ts', '#server/features/catalog/product-repository', '../../routes/pages.ts']);
    expect(
      await refusedImports('src/server/features/orders/payments/probe.ts', [
        '../../mail/transports.ts',
        '#server/features/mail/mailer',
        '../../mail/index.ts',
        '../order-repository.ts',
        '../pay-page/html.ts',
        '../../../config.ts',
      ]),
    ).toEqual(['../../mail/transports.ts', '#server/features/mail/mailer']);
  });

  it('keep plugins and db below the domains and routes', async () => {
    expect(
      await refusedImports('src/server/plugins/app/probe.ts', [
        '../../features/catalog/index.ts',
        '#server/features/mail/index',
        '../../routes/health.ts',
        '../../db/database.ts',
        '../../errors.ts',
      ]),
    ).toEqual(['../../features/catalog/index.ts', '#server/features/mail/index', '../../routes/health.ts']);
    expect(
      await refusedImports('src/server/db/seed/probe.ts', ['../../features/catalog/index.ts', '../schema.ts']),
    ).toEqual(['../../features/catalog/index.ts']);
  });

  it('keep lib free of shop knowledge: it imports no other server code', async () => {
    expect(
      await refusedImports('src/server/lib/probe.ts', [
        '../config.ts',
        '../plugins/app/database.ts',
        '#server/errors',
        './cache-control.ts',
        '#shared/money',
        'helmet',
      ]),
    ).toEqual(['../config.ts', '../plugins/app/database.ts', '#server/errors']);
  });

  it('keep config, errors and http-server under every plugin, domain and the database', async () => {
    expect(
      await refusedImports('src/server/config.ts', [
        './features/orders/payments/provider.ts',
        './plugins/external/security-headers.ts',
        './db/schema.ts',
        '#server/features/orders/index',
        './lib/security-headers.ts',
      ]),
    ).toEqual([
      './features/orders/payments/provider.ts',
      './plugins/external/security-headers.ts',
      './db/schema.ts',
      '#server/features/orders/index',
    ]);
  });

  it('let the app-wide routes use a domain only through its index.ts', async () => {
    expect(
      await refusedImports('src/server/routes/probe.ts', [
        '../features/catalog/catalog.ts',
        '#server/features/catalog/catalog',
        '../features/catalog/index.ts',
        '../lib/cache-control.ts',
      ]),
    ).toEqual(['../features/catalog/catalog.ts', '#server/features/catalog/catalog']);
  });
});
