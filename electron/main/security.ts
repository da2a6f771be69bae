import path from 'node:path';
import { citedUrl } from '../../shared/contract/cited';
import { GPU_CATALOGUE } from '../costsim/gpus';
import { referenceSources } from '../costsim/references';

/**
 * Pure pieces of the desktop shell's security, kept apart from the `electron` module
 * so they are unit-tested under plain Node.
 */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://workshop`;

/** Only the app's own top frame may call the contract. */
export function isTrustedSender(frameUrl: string | undefined, isMainFrame: boolean): boolean {
  if (!frameUrl || !isMainFrame) return false;
  try {
    const u = new URL(frameUrl);
    return `${u.protocol}//${u.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}

/** Map an `app://workshop/<path>` URL to a file inside `root`, or null (traversal, other host). */
export function resolveAppUrl(requestUrl: string, root: string): string | null {
  let u: URL;
  try {
    u = new URL(requestUrl);
  } catch {
    return null;
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== 'workshop') return null;
  let rel: string;
  try {
    rel = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  if (rel.includes('\0') || rel.includes('\\')) return null;
  const base = path.resolve(root);
  const target = path.resolve(base, '.' + path.posix.normalize('/' + rel));
  if (target !== base && !target.startsWith(base + path.sep)) return null;
  return target === base || !path.extname(target) ? path.join(base, 'index.html') : target;
}

/**
 * The addresses the app itself shows as links: the sources it cites (the GPU catalogue's
 * datasheets and the reference runs' publications, shown in the simulator). Only these open in
 * the system browser.
 */
export const EXTERNAL_ALLOW_LIST: ReadonlySet<string> = new Set(
  [...Object.values(GPU_CATALOGUE).map((g) => g.source), ...referenceSources().map((s) => s.url)].map(citedUrl).filter((u): u is string => u !== null),
);

/** External links: https, and one of the addresses the app renders (compared after URL normalisation). */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && !u.username && !u.password && EXTERNAL_ALLOW_LIST.has(u.href);
  } catch {
    return false;
  }
}

/**
 * The PDF print window (main/index.ts) may load its own report file and inline data, nothing
 * else: no network, no other file. Checked for every request of its session.
 */
export function isPdfRequestAllowed(url: string, reportUrl: string): boolean {
  if (url === reportUrl) return true;
  try {
    return new URL(url).protocol === 'data:';
  } catch {
    return false;
  }
}
