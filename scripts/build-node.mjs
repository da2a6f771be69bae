// Bundles the Node side (hosts, worker, Electron main/preload) with esbuild.
// esbuild because Node 20 cannot run TypeScript and worker threads need plain JS files.
//
// Incremental and atomic, because the CLI builds on demand and may run many times at once,
// also while the web host runs from the same folder:
// - each bundle group records the files esbuild read and their size and mtime; when none
//   changed, nothing under build/ is written at all;
// - outputs are written to a temporary name and renamed into place (chunks first, entry
//   files last), so a process never loads a half-written file, and the chunks of an earlier
//   build stay for the processes still running it (unreferenced ones are removed after a day);
// - one build at a time: the others wait for the lock, then find the work done.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'build/node');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  absWorkingDir: root,
  metafile: true,
  write: false,
};

const esm = {
  format: 'esm',
  outdir: out,
  outExtension: { '.js': '.mjs' },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
};

/** The bundle groups: each is rebuilt only when one of the files it read changed. */
const GROUPS = {
  hosts: [
    {
      ...common,
      ...esm,
      // Shared chunks: the web host loads its API side (web-api.ts) on first use, not at start.
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      entryPoints: { web: 'electron/hosts/web.ts', cli: 'electron/hosts/cli.ts' },
    },
    // The task worker in one file: Electron's main process starts it from inside the app archive too.
    { ...common, ...esm, entryPoints: { worker: 'electron/service/tasks/worker.ts' } },
  ],
  electron: [
    // Electron's main and preload: CommonJS, `electron` left external.
    {
      ...common,
      format: 'cjs',
      entryPoints: { main: 'electron/main/index.ts', preload: 'electron/preload/index.ts', 'room-listener': 'electron/main/room-listener.ts' },
      outdir: out,
      outExtension: { '.js': '.cjs' },
      external: ['electron'],
    },
  ],
};

/** Files besides the bundle's own inputs whose change means a rebuild (this script, the dependency versions). */
const ALWAYS = ['scripts/build-node.mjs', 'package-lock.json'];
const stampOf = (group) => path.join(out, `.inputs-${group}.json`);
const fingerprint = (rel) => {
  try {
    const s = statSync(path.join(root, rel));
    return `${s.size}:${Math.round(s.mtimeMs)}`;
  } catch {
    return 'missing';
  }
};

function upToDate(group) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampOf(group), 'utf8'));
  } catch {
    return false;
  }
  if (!stamp.outputs.every((rel) => fingerprint(path.relative(root, path.join(out, rel))) !== 'missing')) return false;
  return Object.entries(stamp.inputs).every(([rel, fp]) => fingerprint(rel) === fp);
}

function writeAtomically(file, contents) {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, file);
}

async function buildGroup(group) {
  // esbuild loads only when something is to be built: an up-to-date call stays quick.
  const { build } = await import('esbuild');
  const results = await Promise.all(GROUPS[group].map((options) => build(options)));
  const files = results.flatMap((r) => r.outputFiles);
  const isChunk = (f) => path.relative(out, f.path).startsWith('chunks' + path.sep);
  // Chunks (content-hashed names) before the entry files that import them.
  for (const f of [...files.filter(isChunk), ...files.filter((f) => !isChunk(f))]) writeAtomically(f.path, f.contents);
  const inputs = {};
  for (const rel of [...ALWAYS, ...results.flatMap((r) => Object.keys(r.metafile.inputs))]) inputs[rel] = fingerprint(rel);
  writeAtomically(stampOf(group), JSON.stringify({ inputs, outputs: files.map((f) => path.relative(out, f.path)) }));
}

/** Chunks no current entry refers to, written more than a day ago (a running host may still load its own). */
function removeOldChunks() {
  const dir = path.join(out, 'chunks');
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const inUse = new Set();
  for (const group of Object.keys(GROUPS)) {
    try {
      for (const rel of JSON.parse(readFileSync(stampOf(group), 'utf8')).outputs) inUse.add(path.basename(rel));
    } catch {
      /* group not built */
    }
  }
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of names) {
    const file = path.join(dir, name);
    if (!inUse.has(name) && statSync(file).mtimeMs < dayAgo) rmSync(file, { force: true });
  }
}

/** Holds the build lock while `fn` runs; a lock left by a process that died is taken over. */
async function withLock(fn) {
  mkdirSync(out, { recursive: true });
  const lock = path.join(out, '.build.lock');
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      let holder = NaN;
      try {
        holder = Number(readFileSync(lock, 'utf8'));
      } catch {
        /* just released */
      }
      if (holder && !isAlive(holder)) rmSync(lock, { force: true });
      else if (Date.now() > deadline) throw new Error(`Another build holds ${lock} for over two minutes; remove it if no build is running.`);
      else await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** Builds the groups whose inputs changed; returns the names of the groups it built. */
export async function buildNode({ electron = true, force = false } = {}) {
  const wanted = electron ? ['hosts', 'electron'] : ['hosts'];
  if (!force && wanted.every(upToDate)) return [];
  return withLock(async () => {
    const built = [];
    for (const group of wanted) {
      if (force || !upToDate(group)) {
        await buildGroup(group);
        built.push(group);
      }
    }
    removeOldChunks();
    return built;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildNode({ electron: !process.argv.includes('--no-electron'), force: process.argv.includes('--force') });
}
