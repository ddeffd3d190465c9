/** A stand-in for the built web app (dist/web) in a temporary folder, so server tests need no Vite build. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const testIndexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

export interface WebDist {
  dir: string;
  remove(): Promise<void>;
}

/** Writes index.html plus the given files (relative path → content) and returns the folder. */
export async function createWebDist(files: Record<string, string | Buffer> = {}): Promise<WebDist> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'roast-dist-'));
  for (const [relativePath, content] of Object.entries({ 'index.html': testIndexHtml, ...files })) {
    const filePath = path.join(dir, relativePath);
    await mkdir(path.dirname(filePath), { recursive: true });
    await writeFile(filePath, content);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
