// `npm run bench [-- --json] [-- --only <suite>]`: builds the app, then runs every
// test/bench/*.bench.ts suite and prints each figure against its target.
// With --json, prints only a JSON array of { name, value, unit, target, better }.
import { build } from 'esbuild';
import { readdirSync, mkdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const json = args.includes('--json');
const onlyIdx = args.indexOf('--only');
const only = onlyIdx >= 0 ? args[onlyIdx + 1] : null;
const log = (line) => (json ? process.stderr : process.stdout).write(line + '\n');

const b = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: ['ignore', json ? 'ignore' : 'inherit', 'inherit'] });
if (b.status !== 0) process.exit(b.status ?? 1);

const suites = readdirSync(path.join(root, 'test/bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !only || f.startsWith(only))
  .sort();
const outDir = path.join(root, '.tmp/bench');
mkdirSync(outDir, { recursive: true });
const entry = path.join(outDir, 'entry.ts');
writeFileSync(
  entry,
  suites.map((f, i) => `import s${i} from ${JSON.stringify(path.join(root, 'test/bench', f))};`).join('\n') +
    `\nexport const suites = [${suites.map((f, i) => `[${JSON.stringify(f.replace('.bench.ts', ''))}, s${i}]`).join(', ')}];\n`,
);
const outfile = path.join(outDir, 'bench.mjs');
await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile,
  packages: 'external',
  logLevel: 'warning',
  absWorkingDir: root,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
process.chdir(root);
const { suites: loaded } = await import(pathToFileURL(outfile).href);
const results = [];
for (const [name, suite] of loaded) {
  log(`\n▶ ${name}`);
  try {
    for (const r of await suite((line) => log(`  ${line}`))) {
      results.push(r);
      const ok = r.better === 'lower' ? r.value <= r.target : r.value >= r.target;
      log(`  ${ok ? '✔' : '✖'} ${r.name}: ${Number(r.value.toPrecision(4))} ${r.unit} (target ${r.better === 'lower' ? '≤' : '≥'} ${r.target} ${r.unit})`);
    }
  } catch (err) {
    log(`  ✖ suite ${name} failed: ${err?.stack ?? err}`);
    process.exitCode = 1;
  }
}
if (json) process.stdout.write(JSON.stringify(results, null, 2) + '\n');
process.exit(process.exitCode ?? 0);
