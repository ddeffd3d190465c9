/**
 * Browser code builds every API address from `#shared/api-paths` (decision 050), or the owner's from
 * `#shared/admin-api-paths`, so an address is spelt once for the browser and the server. This finds any address
 * typed out again in src/web.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const web = path.resolve(import.meta.dirname, '../../src/web');

// The reset-password page sits at the API's address (docs/api.md, Pages and caching); page links come from config/paths.ts.
const pageAddresses = new Set(['config/paths.ts']);

const sourceFiles = readdirSync(web, { recursive: true, encoding: 'utf8' }).filter(
  (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
);

describe('API addresses in browser code', () => {
  it('come from #shared/api-paths, never a string of their own', () => {
    const typedOut = sourceFiles
      .filter((file) => !pageAddresses.has(file.split(path.sep).join('/')))
      .filter((file) => /['"`]\/api[/'"`?]/.test(readFileSync(path.join(web, file), 'utf8')));
    expect(typedOut).toEqual([]);
  });
});
