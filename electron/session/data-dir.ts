import os from 'node:os';
import path from 'node:path';

/** The web host's default data folder, per user and platform (`--data-dir` overrides it). */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = os.homedir()): string {
  if (platform === 'win32') return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'Selection Workshop');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Selection Workshop');
  return path.join(env.XDG_DATA_HOME || path.join(home, '.local', 'share'), 'selection-workshop');
}
