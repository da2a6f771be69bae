// Where `npm start` finds a browser for the app window, and the app's per-user data folder.
import { existsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The app's data folder for this user (the app-window profile lives in it). */
export function appDataDir(env = process.env, platform = process.platform) {
  if (platform === 'win32') return path.join(env.APPDATA || path.join(os.homedir(), 'AppData', 'Roaming'), 'Selection Workshop');
  if (platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support', 'Selection Workshop');
  return path.join(env.XDG_DATA_HOME || path.join(os.homedir(), '.local', 'share'), 'selection-workshop');
}

const isFile = (p) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

/** CHROMIUM_PATH (as the tests use it), else an installed Chromium, Chrome or Edge; null if none. */
export function findAppBrowser(env = process.env, platform = process.platform) {
  if (env.CHROMIUM_PATH) return existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  if (platform === 'darwin') {
    const apps = ['Google Chrome.app/Contents/MacOS/Google Chrome', 'Chromium.app/Contents/MacOS/Chromium', 'Microsoft Edge.app/Contents/MacOS/Microsoft Edge'];
    return apps.map((a) => path.join('/Applications', a)).find(isFile) ?? null;
  }
  if (platform === 'win32') {
    const bases = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter(Boolean);
    const exes = ['Google/Chrome/Application/chrome.exe', 'Chromium/Application/chrome.exe', 'Microsoft/Edge/Application/msedge.exe'];
    return bases.flatMap((b) => exes.map((e) => path.join(b, e))).find(isFile) ?? null;
  }
  const names = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'microsoft-edge', 'microsoft-edge-stable'];
  const dirs = (env.PATH || '').split(path.delimiter).filter(Boolean);
  for (const name of names) for (const dir of dirs) if (isFile(path.join(dir, name))) return path.join(dir, name);
  return null;
}
