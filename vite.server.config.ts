/**
 * The server's production build: src/server/main.ts bundled into dist/server/main.js (dependencies stay in
 * node_modules), so `npm start` runs plain JavaScript without tsx (docs/decisions/014).
 */
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  build: {
    ssr: 'src/server/main.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
  },
});
