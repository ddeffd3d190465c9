import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * Writes .br and .gz beside each text file of the build, at the strongest settings, so the server sends
 * them as they are (@fastify/static `preCompressed`) instead of compressing on every request. The .gz is Zopfli's:
 * any gzip reader takes it, and it is about 3.5% smaller than zlib's best (4 KB of the home page's first load).
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
        await writeFile(`${file}.gz`, await gzipAsync(content, { numiterations: 15 }));
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

const entry = path.resolve('src/web/main.tsx');
const homeScreen = path.resolve('src/web/app/routes/home.tsx');
const everyPageLibraries = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/;
const importsByPass = new WeakMap<ChunkingContext, Map<string, Set<string>>>();

/** The modules `from` imports statically, directly or not (not `from` itself), once per build pass. */
function staticImports(context: ChunkingContext, from: string): Set<string> {
  let byModule = importsByPass.get(context);
  if (!byModule) {
    byModule = new Map();
    importsByPass.set(context, byModule);
  }
  let found = byModule.get(from);
  if (!found) {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const imported of context.getModuleInfo(id)?.importedIds ?? []) visit(imported);
    };
    visit(from);
    seen.delete(from);
    found = seen;
    byModule.set(from, found);
  }
  return found;
}

/** The modules the entry imports, directly or not: the code every page runs before its screen's own. */
const shellModules = (context: ChunkingContext) => staticImports(context, entry);

/**
 * The server's renderer (`vite build --ssr`): src/web/entry-server.tsx into dist/ssr/, beside the browser's build
 * rather than in it, so it is never published. Libraries stay in node_modules; assets get the browser build's names.
 */
const serverRendererBuild = {
  plugins: [react()],
  build: {
    ssr: 'src/web/entry-server.tsx',
    outDir: 'dist/ssr',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
  },
} satisfies UserConfig;

const browserBuild = {
  plugins: [react(), tailwindcss(), precompress(), chunkGraph()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // No <link rel="modulepreload">, in the page or added by script: the page's head must not ask for the app before
    // it is painted (boot.ts), and adding a dozen links when a screen's chunk is imported held the main thread for
    // about 10 ms. A chunk's own imports are found when it arrives, one round trip later.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs goes in two files rather than a dozen small ones, which gzip each on its own
          // (about 5 KB less first-load JS for the home page). Screens stay lazy chunks of their own.
          groups: [
            // Vite's wrapper around import(), which boot.ts uses: in the shell it made the page's entry import the shell,
            // and so the libraries, before the page was painted.
            { name: (id) => (id.includes('preload-helper') ? 'preload-helper' : null) },
            // The libraries, which change only when one of them is upgraded.
            { name: 'react', test: everyPageLibraries },
            // The shop's own code that every page runs (the frame, the session, the cart, the API client).
            {
              name: (id, context) => (shellModules(context).has(id) ? 'shell' : null),
              debugName: 'shell',
            },
            // The small pieces the home screen shares with other screens (product card, price per kg, the review
            // button, the load-error screen) in one file rather than four, each compressed alone.
            {
              name: (id, context) =>
                staticImports(context, homeScreen).has(id) && !id.includes('node_modules') ? 'screen-parts' : null,
              debugName: 'screen-parts',
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: apiTarget,
        // The reset page sits under /api/: a browser's GET of it is the app's page, which Vite serves;
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
} satisfies UserConfig;

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRendererBuild : browserBuild));
