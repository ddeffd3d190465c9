/**
 * The WebP renders the pages show must be made from the SVGs in the repository as they are now: a changed
 * illustration without `npm run images` would ship its old picture.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ILLUSTRATION_SETS, renderFileName } from '#shared/illustrations';

const root = path.resolve(import.meta.dirname, '../..');

describe.each(ILLUSTRATION_SETS)('the renders in $folder', ({ folder, widths }) => {
  const dir = path.join(root, folder);
  const svgs = readdirSync(dir).filter((file) => file.endsWith('.svg'));
  const manifest = JSON.parse(readFileSync(path.join(dir, 'renders.json'), 'utf8')) as Record<string, string>;

  it('were made from every SVG as it is now (run `npm run images` after changing one)', () => {
    expect(svgs.length).toBeGreaterThan(0);
    const current = Object.fromEntries(
      svgs.map((svg) => [
        svg,
        createHash('sha256')
          .update(readFileSync(path.join(dir, svg)))
          .digest('hex'),
      ]),
    );
    expect(manifest).toEqual(current);
  });

  it('include every width the pages ask for', () => {
    const missing = svgs
      .flatMap((svg) => widths.map((width) => renderFileName(svg, width)))
      .filter((file) => !existsSync(path.join(dir, file)));
    expect(missing).toEqual([]);
  });
});
