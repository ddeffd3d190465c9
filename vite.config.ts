import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * Writes .br and .gz beside each text file of the build, at the strongest settings, so the server sends
 * them as they are (@fastify/static `preCompressed`) instead of compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'roast-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist/web';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const content = await readFile(file);
        if (content.length < 1024) continue;
        await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
        await writeFile(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

/**
 * Records the build's chunk graph in dist/web-chunks.json, outside the folder the server publishes, so the
 * first-load JS check (scripts/check-home-js.mjs) can size what a page loads without shipping a manifest.
 */
function chunkGraph(): Plugin {
  return {
    name: 'roast-chunk-graph',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist/web';
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                file: output.fileName,
                isEntry: output.isEntry,
                source: output.facadeModuleId ? path.relative(process.cwd(), output.facadeModuleId) : null,
                imports: output.imports,
              },
            ]
          : [],
      );
      await writeFile(path.join(outDir, '..', 'web-chunks.json'), `${JSON.stringify(chunks, null, 2)}\n`);
    },
  };
}

/**
 * The storefront is written against React's API and runs on Preact's compatible one: a sixth of the size,
 * so the home page's first-load JS fits its budget with room for the features to come
 * (docs/decisions/031-preact-in-the-browser.md). Types still come from @types/react.
 */
export const reactOnPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * react-hook-form reads React through its default export, which on preact/compat is one object holding all of
 * compat: the bundler must keep every part of it in the chunk every page loads, forms or not. In the build,
 * react-hook-form gets a default export of just what it uses instead (decision 028).
 */
function slimReactForHookForm(): Plugin {
  const slimReact = path.resolve('src/web/lib/react-for-hook-form.ts');
  return {
    name: 'roast-slim-react-for-hook-form',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const isReact = source === 'react' || source === 'preact/compat';
      return isReact && importer?.includes('/node_modules/react-hook-form/') ? slimReact : null;
    },
  };
}

export default defineConfig({
  plugins: [slimReactForHookForm(), react(), tailwindcss(), precompress(), chunkGraph()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    rollupOptions: {
      onwarn(warning, warn) {
        // React Router probes for React 19's useOptimistic and falls back when it is missing, as on Preact.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
    },
  },
  resolve: { alias: reactOnPreact },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: apiTarget,
        // The reset page sits under /api/ (spec §2): a browser's GET of it is the app's page, which Vite serves;
        // the PUT that resets the password (and every other API call) still goes to the API server.
        bypass: (request) =>
          request.method === 'GET' &&
          request.url?.startsWith('/api/auth/reset-password/') &&
          request.headers.accept?.includes('text/html')
            ? '/index.html'
            : undefined,
      },
      '/images': apiTarget,
      // Review photos, stored and served by the API server (DATA_DIR/uploads).
      '/uploads': apiTarget,
      '/healthz': apiTarget,
    },
  },
});
