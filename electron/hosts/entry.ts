import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Whether the module at `url` is the program Node was started with (`node build/node/web.mjs`),
 * also when it was started through a link to it: Node loads the main module by its real path.
 */
export function isEntry(url: string): boolean {
  const started = process.argv[1];
  if (!started) return false;
  try {
    return realpathSync(started) === fileURLToPath(url);
  } catch {
    return false;
  }
}
