import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error plain ESM script without types
import { appDataDir, findAppBrowser } from '../../scripts/app-window.mjs';

// `npm start` where Electron cannot run: the app opens in an app window of an installed
// Chromium. A stand-in browser records its arguments and loads the address it was given.
describe('npm start without Electron', () => {
  it('opens the web host in an app window with its own profile, and stops when the window closes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sw-start-'));
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
    const env = { ...process.env, CHROMIUM_PATH: fake, ELECTRON_OVERRIDE_DIST_PATH: path.join(dir, 'no-electron'), XDG_DATA_HOME: path.join(dir, 'data') };
    const child = spawn(process.execPath, ['scripts/start.mjs', '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(out).toMatch(/No Electron build in ELECTRON_OVERRIDE_DIST_PATH/);
    expect(code).toBe(0); // the window closed: the host stopped and start ended
    const seen = JSON.parse(readFileSync(record, 'utf8')) as { args: string[]; status: number; body: string };
    const app = seen.args.find((a) => a.startsWith('--app='))!.slice('--app='.length);
    expect(app).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{20,}$/);
    expect(out).toContain(app); // the same address is printed for any other browser
    expect(seen.status, seen.body).toBe(200);
    expect(JSON.parse(seen.body)).toMatchObject({ ok: true, result: { host: 'web' } });
    expect(seen.args).toContain(`--user-data-dir=${path.join(dir, 'data', 'selection-workshop', 'app-window')}`);
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
