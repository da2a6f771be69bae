// Where the Electron binary is, without triggering its lazy download: a local Electron build
// named by ELECTRON_OVERRIDE_DIST_PATH, or the one `npm install` fetched into node_modules.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function electronBinary() {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const exe = process.platform === 'win32' ? 'electron.exe' : process.platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : 'electron';
    const p = path.join(override, exe);
    return existsSync(p) ? p : null;
  }
  const pkg = path.join(root, 'node_modules/electron');
  const pathTxt = path.join(pkg, 'path.txt');
  if (!existsSync(pathTxt)) return null;
  const p = path.join(pkg, 'dist', readFileSync(pathTxt, 'utf8').trim());
  return existsSync(p) ? p : null;
}
