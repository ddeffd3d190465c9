/**
 * The JavaScript the home page loads to start: the entry chunk, the app it imports once the page is painted
 * (src/web/main.tsx), the home screen's chunk and everything they import statically, sized as the server sends it (gzip and brotli at the build's settings).
 * Read from dist/web-chunks.json, which every production build writes (vite.config.ts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { distDir } from './build-state.mjs';

export const HOME_JS_BUDGET_KB = 125;
const appSource = 'src/web/main.tsx';
const homeScreenSource = 'src/web/app/routes/home.tsx';

export function homeFirstLoadJs() {
  const chunks = JSON.parse(readFileSync(path.join(distDir, 'web-chunks.json'), 'utf8'));
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const app = chunks.find((chunk) => chunk.source === appSource);
  const home = chunks.find((chunk) => chunk.source === homeScreenSource);
  if (!entry || !app || !home) {
    throw new Error(`dist/web-chunks.json lacks the entry, ${appSource} or ${homeScreenSource}`);
  }

  const files = new Set();
  const collect = (chunk) => {
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const file of chunk.imports) collect(byFile.get(file));
  };
  collect(entry);
  collect(app);
  collect(home);

  const sized = [...files].map((file) => {
    const content = readFileSync(path.join(distDir, 'web', file));
    const precompressed = path.join(distDir, 'web', `${file}.gz`);
    return {
      file,
      // The build's own .gz is what the server sends; a file too small to have one is compressed per request.
      gzipBytes: existsSync(precompressed) ? statSync(precompressed).size : gzipSync(content, { level: 9 }).length,
      brotliBytes: brotliCompressSync(content, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }).length,
    };
  });
  const total = (pick) => sized.reduce((sum, file) => sum + pick(file), 0);
  return {
    files: sized,
    gzipKb: total((file) => file.gzipBytes) / 1024,
    brotliKb: total((file) => file.brotliBytes) / 1024,
  };
}

/** Prints the table and returns whether the home page is within its budget (KB = 1,024 bytes, gzip). */
export function reportHomeFirstLoadJs() {
  const { files, gzipKb, brotliKb } = homeFirstLoadJs();
  console.log('First-load JS for the home page (as sent; KB = 1,024 bytes):');
  console.log(`  ${'file'.padEnd(44)} ${'gzip'.padStart(8)} ${'brotli'.padStart(8)}`);
  for (const file of files) {
    console.log(
      `  ${file.file.padEnd(44)} ${(file.gzipBytes / 1024).toFixed(1).padStart(8)} ${(file.brotliBytes / 1024).toFixed(1).padStart(8)}`,
    );
  }
  const met = gzipKb <= HOME_JS_BUDGET_KB;
  console.log(
    `  total gzip ${gzipKb.toFixed(1)} KB (budget ${HOME_JS_BUDGET_KB} KB, ratio ${(gzipKb / HOME_JS_BUDGET_KB).toFixed(2)}) ${met ? 'met' : 'OVER BUDGET'}; brotli ${brotliKb.toFixed(1)} KB`,
  );
  return met;
}
