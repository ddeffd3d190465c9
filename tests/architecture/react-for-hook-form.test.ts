/**
 * The build gives react-hook-form a slimmed React default export (vite.config.ts, decision 028). Should a new
 * react-hook-form read something more from it, forms would break in production only: this names what is missing.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import slimReact from '#web/lib/react-for-hook-form.ts';

const require = createRequire(import.meta.url);

describe('the React default export react-hook-form gets in the build', () => {
  it('holds everything react-hook-form reads from it', () => {
    const source = readFileSync(require.resolve('react-hook-form').replace(/index\.cjs\.js$/, 'index.esm.mjs'), 'utf8');
    expect(source).toMatch(/import React from 'react'/);
    const used = [...new Set([...source.matchAll(/\bReact\.(\w+)/g)].map((match) => match[1]))].sort();
    expect(used.length).toBeGreaterThan(0);
    const missing = used.filter((name) => !(name && name in slimReact && slimReact[name as keyof typeof slimReact]));
    expect(missing).toEqual([]);
  });
});
