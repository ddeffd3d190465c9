/**
 * What a production build was made from: a hash of every file the build reads, kept in dist/build-info.json,
 * so `npm start` can tell a current build from a stale one by content, never by file times.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const distDir = path.join(root, 'dist');
export const buildInfoPath = path.join(distDir, 'build-info.json');
export const serverEntry = path.join(distDir, 'server/main.js');

const buildInputs = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'vite.server.config.ts',
  'package-lock.json',
  'scripts/build.mjs',
];

function filesUnder(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

/** A hash of the build's inputs: their paths and contents. */
export function sourceHash() {
  const hash = createHash('sha256');
  for (const file of buildInputs.flatMap(filesUnder)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** The recorded build, or undefined when there is none (or it was cut short before it finished). */
export function readBuildInfo() {
  if (!existsSync(buildInfoPath) || !existsSync(serverEntry) || !existsSync(path.join(distDir, 'web/index.html'))) {
    return undefined;
  }
  try {
    return JSON.parse(readFileSync(buildInfoPath, 'utf8'));
  } catch {
    return undefined;
  }
}
