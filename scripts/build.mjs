// `npm run build`: the production build of the whole shop. The web app always builds in production mode,
// whatever NODE_ENV the caller has (a test run's NODE_ENV=test once shipped React's development build);
// the server is bundled to dist/server/main.js beside the files it reads at run time, and the pages' renderer
// to dist/ssr/.
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildInfoPath, distDir, root, sourceHash } from './lib/build-state.mjs';

const vite = path.join(root, 'node_modules/vite/bin/vite.js');

function viteBuild(args) {
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const hash = sourceHash();
// Removed first: a build cut short must not look finished to `npm start`.
rmSync(buildInfoPath, { force: true });

viteBuild([]);
// The pages' renderer (src/web/entry-server.tsx) into dist/ssr/, which the server loads beside dist/web/.
viteBuild(['--ssr', 'src/web/entry-server.tsx']);
viteBuild(['--config', 'vite.server.config.ts']);
// The bundle resolves these next to itself (new URL('./migrations', import.meta.url) and the like).
cpSync(path.join(root, 'src/server/db/migrations'), path.join(distDir, 'server/migrations'), { recursive: true });
cpSync(path.join(root, 'src/server/db/seed/images'), path.join(distDir, 'server/images'), { recursive: true });

writeFileSync(buildInfoPath, `${JSON.stringify({ sourceHash: hash, builtAt: new Date().toISOString() }, null, 2)}\n`);
console.log('Built the shop into dist/ (web app and server).');
