// `npm start`: serves the production build in dist/, building it first when it is missing or was made from
// other sources (compared by content hash). Without dev dependencies (`npm ci --omit=dev`) it never builds:
// it serves the build it has, or explains how to make one. The server runs in this same process, so
// signals reach it directly.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { readBuildInfo, root, serverEntry, sourceHash } from './lib/build-state.mjs';

const canBuild = existsSync(path.join(root, 'node_modules/vite/bin/vite.js'));
const built = readBuildInfo();
const current = built !== undefined && built.sourceHash === sourceHash();

if (!current) {
  if (canBuild) {
    console.log(
      built ? 'The sources changed since the last build: building the shop…' : 'Building the shop (first start)…',
    );
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  } else if (built) {
    console.warn(
      'The sources differ from the build in dist/, and the dev dependencies to rebuild are not installed: serving the existing build.',
    );
  } else {
    console.error('No build in dist/. Run `npm run build` (it needs the dev dependencies), then `npm start`.');
    process.exit(1);
  }
}

// Stack traces point into src/ rather than the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry).href);
