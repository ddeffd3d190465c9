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

  it('let shared code import only zod and shared files', async () => {
    expect(
      await refusedImports('src/shared/probe.ts', [
        '#server/config',
        '#web/lib/api-client.ts',
        'node:crypto',
        'react',
        'zod',
        './money.ts',
      ]),
    ).toEqual(['#server/config', '#web/lib/api-client.ts', 'node:crypto', 'react']);
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

  it('keep route folders apart, and routes out of plugins', async () => {
    expect(
      await refusedImports('src/server/routes/api/cart/probe.ts', [
        '../products/index.ts',
        '../../../lib/prepared-json.ts',
        './schemas.ts',
      ]),
    ).toEqual(['../products/index.ts']);
    expect(await refusedImports('src/server/plugins/app/probe.ts', ['../../routes/api/products/index.ts'])).toEqual([
      '../../routes/api/products/index.ts',
    ]);
  });
});
