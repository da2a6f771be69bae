// Bundles the Node side (hosts, worker, Electron main/preload) with esbuild.
// esbuild because Node 20 cannot run TypeScript and worker threads need plain JS files.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { rmSync } from 'node:fs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'build/node');
const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: 'linked', logLevel: 'warning', absWorkingDir: root };

const esm = {
  format: 'esm',
  outdir: out,
  outExtension: { '.js': '.mjs' },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
};

export async function buildNode({ electron = true } = {}) {
  rmSync(path.join(out, 'chunks'), { recursive: true, force: true }); // no stale chunks from an earlier build
  await build({
    ...common,
    // Shared chunks: the web host loads its API side (web-api.ts) on first use, not at start.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    entryPoints: {
      web: 'electron/hosts/web.ts',
      cli: 'electron/hosts/cli.ts',
    },
    ...esm,
  });
  // The task worker in one file: Electron's main process starts it from inside the app archive too.
  await build({ ...common, entryPoints: { worker: 'electron/service/tasks/worker.ts' }, ...esm });
  if (electron) {
    // Electron's main and preload: CommonJS, `electron` left external.
    await build({
      ...common,
      format: 'cjs',
      entryPoints: { main: 'electron/main/index.ts', preload: 'electron/preload/index.ts' },
      outdir: out,
      outExtension: { '.js': '.cjs' },
      external: ['electron'],
    });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildNode({ electron: !process.argv.includes('--no-electron') });
}
