// `npm test`: typecheck, lint, unit tests, build, then E2E in a real Chromium.
// Prepares its own browser: CHROMIUM_PATH, else /usr/bin/chromium, else Debian's chromium
// when root with apt, else Playwright's own download; one clear line if none works. Likewise the
// report tests' tools (poppler-utils, LibreOffice Impress, CJK fonts): installed with apt when root.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
// Keep browser profiles, caches and temp files inside the project.
const tmp = path.join(root, '.tmp');
for (const d of ['tmp', 'config', 'cache', 'data']) mkdirSync(path.join(tmp, d), { recursive: true });
const env = {
  ...process.env,
  TMPDIR: path.join(tmp, 'tmp'),
  XDG_CONFIG_HOME: path.join(tmp, 'config'),
  XDG_CACHE_HOME: path.join(tmp, 'cache'),
  XDG_DATA_HOME: path.join(tmp, 'data'),
};

function run(label, cmd, args, opts = {}) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env, ...opts });
  if (r.status !== 0) {
    console.error(`✖ ${label} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status || 1);
  }
}

/** Installs Debian packages when run as root with apt; false where that is not possible or fails. */
function aptInstall(packages) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  console.log(`▶ installing ${packages.join(', ')} (apt-get)`);
  const upd = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const ins =
    upd.status === 0
      ? spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      : upd;
  return ins.status === 0;
}

const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const NOTO_CJK = '/usr/share/fonts/opentype/noto';
const hasCjkFont = () => existsSync(NOTO_CJK) && readdirSync(NOTO_CJK).some((f) => f.startsWith('NotoSansCJK'));

/**
 * What the report tests read their output with: pdftotext/pdfinfo (poppler-utils), LibreOffice
 * Impress (converts the slide deck) and CJK fonts (the zh PDF and deck); and python3, with which
 * storage-held.spec holds IndexedDB's lock as another process would. Installed like the browser
 * when missing; else one clear line, since those tests fail without them.
 */
function prepareReportTools() {
  const missing = () =>
    [
      !onPath('pdftotext') && 'poppler-utils',
      !onPath('soffice') && 'libreoffice-impress',
      !hasCjkFont() && 'fonts-noto-cjk',
      !onPath('python3') && 'python3-minimal',
    ].filter(Boolean);
  if (missing().length === 0) return;
  aptInstall(missing());
  const still = missing();
  if (still.length === 0) return;
  console.error(`The report and storage tests need ${still.join(', ')} (Debian's packages of these names): install them, or run as root with apt.`);
  process.exit(1);
}

function findBrowser() {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.`);
    process.exit(1);
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  if (aptInstall(['chromium']) && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  console.log('▶ trying Playwright’s own Chromium download');
  const pw = spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit', env });
  if (pw.status === 0) {
    const out = spawnSync(process.execPath, ['-e', "console.log(require('playwright-core').chromium.executablePath())"], { encoding: 'utf8' });
    const p = out.stdout.trim();
    if (p && existsSync(p)) return p;
  }
  console.error('No Chromium for the browser tests: set CHROMIUM_PATH, or install Debian’s chromium (apt-get install chromium).');
  process.exit(1);
}

const only = process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);
const browser = want('e2e') ? findBrowser() : undefined;
if (browser) env.CHROMIUM_PATH = browser;
if (want('unit') || want('e2e')) prepareReportTools();

if (want('typecheck')) run('typecheck', 'npm', ['run', '-s', 'typecheck']);
if (want('lint')) run('lint', 'npm', ['run', '-s', 'lint']);
if (want('security')) run('Electron security scan (electronegativity, gated)', process.execPath, ['scripts/security-scan.mjs']);
if (want('unit')) run('unit tests (vitest)', 'npx', ['vitest', 'run']);
if (want('e2e')) {
  run('build', 'npm', ['run', '-s', 'build']);
  run(`E2E (Playwright in ${browser})`, 'npx', ['playwright', 'test']);
}
console.log('\n✔ all checks passed');
