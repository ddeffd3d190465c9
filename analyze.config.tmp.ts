import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { transformSync } from 'esbuild';
import base from './vite.config.ts';
import { defineConfig, type Plugin } from 'vite';
function dump(): Plugin {
  return { name: 'dump', apply: 'build', generateBundle(_o, bundle) {
    const rows: string[] = [];
    for (const out of Object.values(bundle)) {
      if (out.type !== 'chunk') continue;
      for (const [id, m] of Object.entries(out.modules)) {
        let min = m.code ?? '';
        try { min = transformSync(min, { minify: true, loader: 'js', format: 'esm' }).code; } catch {}
        rows.push(`${out.fileName}\t${min.length}\t${gzipSync(min,{level:9}).length}\t${id.replace(/.*node_modules\//,'nm:').replace(/.*wt-react\//,'')}`);
      }
    }
    writeFileSync('/tmp/modules.tsv', rows.join('\n'));
  } };
}
export default defineConfig({ ...base, plugins: [...(base.plugins as Plugin[]), dump()], build: { ...base.build, outDir: '/tmp/analyze-dist/web' } });
