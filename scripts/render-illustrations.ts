/**
 * `npm run images`: renders the shop's SVG illustrations (the product pictures and the home banners) into the WebP
 * files the pages show (decision 068). A phone paints a WebP off its main thread; the same picture as SVG is a
 * document of its own to parse, style and paint there, with a drop shadow filter on every nut.
 *
 * The SVG stays the source: each folder's `renders.json` records the SHA-256 of the SVG every set of WebP files was
 * made from, a file is rendered again only when its SVG changed, and a unit test fails when one is out of date.
 * Rendering an 800 px picture takes about a second here, which is why the results are kept in the repository
 * rather than made by every build.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ILLUSTRATION_SETS, type IllustrationSet, renderFileName } from '../src/shared/illustrations.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Small enough to keep the files light, high enough that the flat colours show no blocks.
const WEBP_QUALITY = 72;

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

async function renderSet(set: IllustrationSet): Promise<number> {
  const folder = path.join(root, set.folder);
  const manifestFile = path.join(folder, 'renders.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8').catch(() => '{}')) as Record<string, string>;
  const svgs = (await readdir(folder)).filter((file) => file.endsWith('.svg')).sort();
  let rendered = 0;
  for (const svg of svgs) {
    const source = await readFile(path.join(folder, svg));
    const hash = sha256(source);
    if (manifest[svg] === hash) continue;
    const { width: intrinsicWidth } = await sharp(source).metadata();
    if (!intrinsicWidth) throw new Error(`${set.folder}/${svg} has no width`);
    for (const width of set.widths) {
      // Drawn at the size it is shown rather than scaled from the SVG's own size, so the edges stay sharp.
      const density = (72 * width) / intrinsicWidth;
      const webp = await sharp(source, { density }).resize(width).webp({ quality: WEBP_QUALITY }).toBuffer();
      await writeFile(path.join(folder, renderFileName(svg, width)), webp);
    }
    manifest[svg] = hash;
    rendered += 1;
    console.log(`  ${set.folder}/${svg}: ${set.widths.join(', ')} px`);
  }
  const sorted = Object.fromEntries(
    Object.entries(manifest)
      .filter(([svg]) => svgs.includes(svg))
      .sort(),
  );
  await writeFile(manifestFile, `${JSON.stringify(sorted, null, 2)}\n`);
  return rendered;
}

let total = 0;
for (const set of ILLUSTRATION_SETS) total += await renderSet(set);
console.log(total ? `Rendered ${total} illustration(s).` : 'Every illustration is up to date.');
