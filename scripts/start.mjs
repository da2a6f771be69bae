// `npm start`: the desktop app, however this machine allows it.
// 1. Electron, as `require('electron')` would: downloaded on first use when missing, then launched.
// 2. Where Electron cannot run (no route for the download, Node too old to fetch it, a missing
//    local build): the same app in an app window of an installed Chromium, Chrome or Edge, with
//    its own profile in the app's data folder, served by the loopback web host.
// 3. No such browser: the web host keeps serving and its printed address opens in any browser.
// Arguments after `--` go to the web host (e.g. `npm start -- --port 5000`).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appDataDir, findAppBrowser } from './app-window.mjs';
import { electronBinary } from './electron-binary.mjs';
import { webHostEnv } from './web-host-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => console.log(`[selection-workshop] ${line}`);

/** Electron 45's install step (@electron/get) declares Node ≥ 22.12. */
function nodeCanFetchElectron() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 12);
}

function desktopBinary() {
  const found = electronBinary();
  if (found) return found;
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    say(`No Electron build in ELECTRON_OVERRIDE_DIST_PATH (${process.env.ELECTRON_OVERRIDE_DIST_PATH}); opening the app in a browser window instead.`);
    return null;
  }
  if (!nodeCanFetchElectron()) {
    say(`Downloading Electron needs Node 22.12 or newer (this is Node ${process.versions.node}); opening the app in a browser window instead.`);
    return null;
  }
  say('Downloading the Electron binary (first start only)…');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/electron/install.js')], { stdio: 'inherit', timeout: 10 * 60_000 });
  if (r.status === 0 && electronBinary()) return electronBinary();
  say('The Electron binary could not be downloaded here; opening the app in a browser window instead.');
  return null;
}

function startWebHost(args) {
  const child = spawn(process.execPath, [path.join(root, 'build/node/web.mjs'), ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: webHostEnv() });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      process.stdout.write(d);
      out += d;
      const m = /running at (\S+)/.exec(out);
      if (m) resolve({ child, url: m[1] });
    });
    child.on('exit', (code) => reject(new Error(`the web host stopped (exit ${code})`)));
  });
}

const hostArgs = process.argv.slice(2);
const electron = desktopBinary();
if (electron) {
  const child = spawn(electron, [root], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  let host;
  try {
    host = await startWebHost(hostArgs);
  } catch (err) {
    console.error(`[selection-workshop] ${err.message}`);
    process.exit(1);
  }
  const stop = () => host.child.kill();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  host.child.on('exit', (code) => process.exit(code ?? 0));
  const browser = findAppBrowser();
  if (!browser) {
    say('No Chromium, Chrome or Edge found (set CHROMIUM_PATH to one); open the address above in any browser.');
  } else {
    const profile = path.join(appDataDir(), 'app-window');
    mkdirSync(profile, { recursive: true });
    say(`Opening the app in ${browser}`);
    const win = spawn(browser, [`--app=${host.url}`, `--user-data-dir=${profile}`, '--no-first-run', '--no-default-browser-check'], { stdio: 'ignore' });
    win.on('error', (err) => say(`Could not start ${browser} (${err.message}); open the address above in any browser.`));
    // The app window is the app: closing it ends the session. A browser that could not open a
    // window (no display, a profile in use) fails at once: the address above still works.
    win.on('exit', (code) => {
      if (code === 0) stop();
      else say(`${path.basename(browser)} could not open a window (exit ${code}); open the address above in any browser. Ctrl+C stops.`);
    });
  }
}
