import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error plain ESM script without types
import { appDataDir, findAppBrowser } from '../../scripts/app-window.mjs';
// @ts-expect-error plain ESM script without types
import { webHostEnv } from '../../scripts/web-host-env.mjs';

// `npm start` where Electron cannot run: the app opens in an app window of an installed
// Chromium. A stand-in browser records its arguments and loads the address it was given.
/** A stand-in Chromium in `dir`: it records its arguments and calls the API with the token from the address it was given. */
function fakeChromium(dir: string) {
  const record = path.join(dir, 'browser.json');
  // .cjs: CommonJS even when the temporary folder lies inside this (ESM) package, as under npm test.
  const fake = path.join(dir, 'fake-chromium.cjs');
  writeFileSync(
    fake,
    `#!${process.execPath}
const args = process.argv.slice(2);
const app = args.find((a) => a.startsWith('--app='))?.slice(6);
// What the app does first: call the API with the token from the address.
const url = new URL(app);
const token = /token=([^&]+)/.exec(url.hash)[1];
const write = (seen) => require('fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify({ args, ...seen }));
fetch(url.origin + '/api/app.info', { method: 'POST', headers: { 'x-sw-token': token, 'content-type': 'application/json' }, body: '{}' }).then(
  async (r) => write({ status: r.status, body: await r.text() }),
  (err) => write({ status: 0, body: String(err && err.cause || err) }),
);
`,
  );
  chmodSync(fake, 0o755);
  return { fake, seen: () => JSON.parse(readFileSync(record, 'utf8')) as { args: string[]; status: number; body: string } };
}

/** Runs `npm start`'s script to its end (the fake window closes at once, which ends the session); its output and exit code. */
async function runStart(script: string, env: NodeJS.ProcessEnv, nodeArgs: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs, script, '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (out += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { out, code };
}

/** What the app window was given and what it saw: the printed address, its own profile, a working API. */
function expectAppWindow(seen: { args: string[]; status: number; body: string }, out: string, dataHome: string) {
  const app = seen.args.find((a) => a.startsWith('--app='))!.slice('--app='.length);
  expect(app).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{20,}$/);
  expect(out).toContain(app); // the same address is printed for any other browser
  expect(seen.status, seen.body).toBe(200);
  expect(JSON.parse(seen.body)).toMatchObject({ ok: true, result: { host: 'web' } });
  expect(seen.args).toContain(`--user-data-dir=${path.join(dataHome, 'selection-workshop', 'app-window')}`);
}

/**
 * A checkout without the Electron package's binary (and, with `install`, an Electron install
 * step of the given source): `npm start`'s scripts copied, the real build linked in.
 */
function checkoutWithoutElectron(dir: string, install?: string) {
  const root = path.join(dir, 'checkout');
  mkdirSync(path.join(root, 'scripts'), { recursive: true });
  for (const f of ['start.mjs', 'app-window.mjs', 'electron-binary.mjs', 'web-host-env.mjs'])
    copyFileSync(path.resolve('scripts', f), path.join(root, 'scripts', f));
  symlinkSync(path.resolve('build'), path.join(root, 'build'), 'dir');
  if (install) {
    mkdirSync(path.join(root, 'node_modules/electron'), { recursive: true });
    writeFileSync(path.join(root, 'node_modules/electron/install.js'), install);
  }
  return path.join(root, 'scripts/start.mjs');
}

/** Node flags that make `process.versions.node` read `version` in the started script. */
function asNode(dir: string, version: string) {
  const preload = path.join(dir, 'node-version.mjs');
  writeFileSync(preload, `Object.defineProperty(process.versions, 'node', { value: ${JSON.stringify(version)} });\n`);
  return ['--import', pathToFileURL(preload).href];
}

// `npm start` where Electron cannot run: the app opens in an app window of an installed
// Chromium. A stand-in browser records its arguments and loads the address it was given.
describe('npm start without Electron', () => {
  const envOf = (dir: string, fake: string) => {
    const env: NodeJS.ProcessEnv = { ...process.env, CHROMIUM_PATH: fake, XDG_DATA_HOME: path.join(dir, 'data') };
    delete env.ELECTRON_OVERRIDE_DIST_PATH;
    return env;
  };

  it('opens the web host in an app window with its own profile, and stops when the window closes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sw-start-'));
    const browser = fakeChromium(dir);
    const env = { ...envOf(dir, browser.fake), ELECTRON_OVERRIDE_DIST_PATH: path.join(dir, 'no-electron') };
    const { out, code } = await runStart('scripts/start.mjs', env);
    expect(out).toMatch(/No Electron build in ELECTRON_OVERRIDE_DIST_PATH/);
    expect(code).toBe(0); // the window closed: the host stopped and start ended
    expectAppWindow(browser.seen(), out, path.join(dir, 'data'));
  }, 90_000);

  /** `npm start` in a checkout without Electron, on Node `version`, with an install step that fails as it does without a route. */
  async function startOnNode(version: string) {
    const dir = mkdtempSync(path.join(tmpdir(), 'sw-start-node-'));
    const browser = fakeChromium(dir);
    const ran = path.join(dir, 'install-ran');
    // The install step as it fails without a route (here the real one gave up after 2.5 s: fetch failed).
    const script = checkoutWithoutElectron(dir, `require('fs').writeFileSync(${JSON.stringify(ran)}, ''); console.error('fetch failed'); process.exit(1);\n`);
    const { out, code } = await runStart(script, envOf(dir, browser.fake), asNode(dir, version));
    expect(code).toBe(0); // the window closed: the host stopped and start ended
    expectAppWindow(browser.seen(), out, path.join(dir, 'data'));
    return { out, installRan: existsSync(ran) };
  }

  it('on Node older than 22.12 says so in one line, tries no download, and opens the app window', async () => {
    const { out, installRan } = await startOnNode('22.11.0');
    expect(out.split('\n').filter((l) => /Node 22\.12/.test(l))).toEqual([
      '[selection-workshop] Downloading Electron needs Node 22.12 or newer (this is Node 22.11.0); opening the app in a browser window instead.',
    ]);
    expect(installRan).toBe(false);
  }, 90_000);

  it('on Node 22.12 or newer downloads a missing Electron first (Electron’s own install step), and where that fails opens the app window', async () => {
    const { out, installRan } = await startOnNode('22.12.0');
    expect(installRan).toBe(true);
    expect(out).toMatch(/Downloading the Electron binary \(first start only\)/);
    expect(out).toMatch(/The Electron binary could not be downloaded here; opening the app in a browser window instead\./);
  }, 90_000);

  it('finds an installed browser on the PATH, honours CHROMIUM_PATH, and knows the data folder per platform', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sw-browsers-'));
    const chrome = path.join(dir, 'google-chrome');
    writeFileSync(chrome, '');
    expect(findAppBrowser({ PATH: dir }, 'linux')).toBe(chrome);
    expect(findAppBrowser({ PATH: path.join(dir, 'none') }, 'linux')).toBeNull();
    expect(findAppBrowser({ PATH: dir, CHROMIUM_PATH: path.join(dir, 'missing') }, 'linux')).toBeNull();
    expect(appDataDir({ XDG_DATA_HOME: '/x' }, 'linux')).toBe(path.join('/x', 'selection-workshop'));
    expect(appDataDir({ APPDATA: 'C:/Users/a/AppData/Roaming' }, 'win32')).toBe(path.join('C:/Users/a/AppData/Roaming', 'Selection Workshop'));
  });
});

describe('the web host’s environment', () => {
  it('is the caller’s less the extra CA file only a TLS client reads (Node loads it at every start)', () => {
    const env = { PATH: '/usr/bin', HOME: '/home/u', XDG_DATA_HOME: '/data', SW_LOG: '1', NODE_EXTRA_CA_CERTS: '/etc/ssl/company.pem' };
    expect(webHostEnv(env)).toEqual({ PATH: '/usr/bin', HOME: '/home/u', XDG_DATA_HOME: '/data', SW_LOG: '1' });
    expect(env.NODE_EXTRA_CA_CERTS).toBe('/etc/ssl/company.pem'); // the caller's own is untouched
  });
});
