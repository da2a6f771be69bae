import path from 'node:path';

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

/** External links: only https, and only when the user clicked one. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
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
