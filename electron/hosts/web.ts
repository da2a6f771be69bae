import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isEntry } from './entry';
import { spawn } from 'node:child_process';
import type { Service } from '../service';
import { SESSION_EVENTS_PATH } from '../../shared/contract/bridge';
import { httpStatusOf } from '../../shared/contract/error-codes';
import { CONTENT_SECURITY_POLICY } from '../service/csp';
import { MAX_REQUEST_BYTES } from '../service/limits';
import { defaultDataDir } from '../session/data-dir';

/**
 * The loopback web host: serves the built renderer and the contract at
 * `POST /api/<method>`, on 127.0.0.1 only. Every API call needs the per-run token;
 * requests whose Host or Origin is not this very address are refused (DNS rebinding).
 */
export const DEFAULT_PORT = 43117;
export const MAX_BODY_BYTES = MAX_REQUEST_BYTES;
/** When the API side loads if no call asked for it first: after the page's start-up work. */
const API_WARM_UP_MS = 2000;

/**
 * What one host lets its clients hold. A body is counted as it streams in and cut (413,
 * connection closed) the moment it passes `maxBodyBytes`, declared length or not; all
 * bodies being read or handled together hold at most `maxBufferedBytes`, and at most
 * `maxLargeBodies` of them are over `largeBodyBytes` — beyond that a caller gets 503
 * (retry) at once instead of the host growing without bound.
 *
 * Timeouts: the request head must arrive within `headersTimeoutMs`, its body within
 * `bodyTimeoutMs` (408), and a connection idle for `idleTimeoutMs` is closed. Long-lived
 * responses — job progress streams, event streams such as a room's vote stream — opt out
 * of the idle timeout with `keepStreamOpen(res)`; nothing else does.
 */
export interface WebLimits {
  maxBodyBytes: number;
  maxBufferedBytes: number;
  largeBodyBytes: number;
  maxLargeBodies: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  idleTimeoutMs: number;
}

export const DEFAULT_LIMITS: WebLimits = {
  maxBodyBytes: MAX_REQUEST_BYTES,
  // Two full-size workshops at once, plus room for many small calls.
  maxBufferedBytes: 2 * MAX_REQUEST_BYTES + 16 * 1024 * 1024,
  largeBodyBytes: 1024 * 1024,
  maxLargeBodies: 2,
  headersTimeoutMs: 10_000,
  // 60 MB over loopback takes well under a second; a minute leaves room for a slow disk or a paused client.
  bodyTimeoutMs: 60_000,
  idleTimeoutMs: 120_000,
};

/**
 * Marks a response as a long-lived stream (job progress, server-sent events): its connection
 * is exempt from the host's idle timeout. The one way a route opts out; call it before
 * writing the head.
 */
export function keepStreamOpen(res: ServerResponse): void {
  res.socket?.setTimeout(0);
}

export interface WebHostOptions {
  port?: number;
  token?: string;
  staticDir?: string;
  workerUrl?: URL;
  quiet?: boolean;
  /** Overrides of DEFAULT_LIMITS (tests use small ones). */
  limits?: Partial<WebLimits>;
  /** The Node side's data folder (room-vote journals); default `defaultDataDir()`. */
  dataDir?: string;
}

export interface WebHost {
  server: Server;
  port: number;
  token: string;
  url: string;
  close(): Promise<void>;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

const here = path.dirname(fileURLToPath(import.meta.url));

/** The API side of the host (contract, handlers, service, room-vote sessions), loaded on demand. */
type Api = typeof import('./web-api') & { service: Service; session: import('../session').SessionManager };

/** Whether the request carries this host's access token (compared in constant time). */
function hasToken(req: IncomingMessage, tokenBytes: Buffer): boolean {
  const given = Buffer.from(String(req.headers['x-sw-token'] ?? ''));
  return given.length === tokenBytes.length && timingSafeEqual(given, tokenBytes);
}

/** What answering a request needs beyond the request itself. */
interface HostContext {
  tokenBytes: Buffer;
  budget: BodyBudget;
  limits: WebLimits;
  staticDir: string;
  loadApi(): Promise<Api>;
}

/** One contract call over HTTP: POST with the token and a JSON body; a long job may stream its progress as NDJSON. */
async function answerApiCall(host: HostContext, req: IncomingMessage, res: ServerResponse, method: string) {
  const { contract, isMethodName, service } = await host.loadApi();
  if (!isMethodName(method)) return refuse(res, 404, 'unknown_method', `Unknown method "${method}".`);
  if (req.method !== 'POST') return refuse(res, 405, 'forbidden', 'Use POST.');
  if (!hasToken(req, host.tokenBytes)) {
    return refuse(res, 401, 'unauthorized', 'Missing or wrong access token. Open the address printed by `npm run web`.');
  }
  if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
    return refuse(res, 415, 'invalid_request', 'Content-Type must be application/json.');
  }
  const read = await readBody(req, res, host.budget, host.limits);
  if (!read.ok) return cutOff(req, res, read.status, read.code, read.message);
  const body = read.body;
  let payload: unknown;
  try {
    payload = body.length ? JSON.parse(body.toString('utf8')) : {};
  } catch (err) {
    return refuse(res, 400, 'invalid_request', `Request body is not valid JSON: ${(err as Error).message}`);
  }
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  const stream = contract[method].job === true && String(req.headers.accept ?? '').includes('application/x-ndjson');
  if (stream) {
    // Long job: newline-delimited JSON, progress lines then the final answer. Closing the request cancels.
    keepStreamOpen(res);
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' });
    const outcome = await service.dispatch(method, payload, {
      signal: abort.signal,
      onProgress: (p) => res.write(JSON.stringify({ progress: p }) + '\n'),
    });
    res.end(JSON.stringify(outcome) + '\n');
    return;
  }
  const outcome = await service.dispatch(method, payload, { signal: abort.signal });
  sendJson(res, outcome.ok ? 200 : httpStatusOf(outcome.error.code), outcome);
}

/** The facilitator page's long-lived event stream of room votes (SSE; exempt from request timeouts). */
async function answerSessionEvents(host: HostContext, req: IncomingMessage, res: ServerResponse) {
  if (req.method !== 'GET') return refuse(res, 405, 'forbidden', 'Use GET.');
  if (!hasToken(req, host.tokenBytes)) return refuse(res, 401, 'unauthorized', 'Missing or wrong access token.');
  const { session, serveSessionEvents } = await host.loadApi();
  keepStreamOpen(res); // the facilitator's event stream lives as long as the page
  serveSessionEvents(req, res, session);
}

/** A file of the built app (never outside `staticDir`); unknown paths without an extension get index.html. */
async function serveStatic(staticDir: string, res: ServerResponse, pathname: string, headOnly: boolean) {
  let rel: string;
  try {
    rel = decodeURIComponent(pathname);
  } catch {
    return refuse(res, 400, 'invalid_request', 'Bad path.');
  }
  if (rel.includes('\0')) return refuse(res, 400, 'invalid_request', 'Bad path.');
  let file = path.resolve(staticDir, '.' + path.posix.normalize('/' + rel));
  if (file !== staticDir && !file.startsWith(staticDir + path.sep)) return refuse(res, 403, 'forbidden', 'Forbidden path.');
  let info = await stat(file).catch(() => null);
  if (!info || info.isDirectory()) {
    // Single-page app: unknown paths without an extension get index.html.
    if (path.extname(file)) return refuse(res, 404, 'unknown_method', 'Not found.');
    file = path.join(staticDir, 'index.html');
    info = await stat(file).catch(() => null);
    if (!info) return refuse(res, 503, 'unavailable', 'The app is not built. Run `npm run web`, which builds it first.');
  }
  const data = await readFile(file);
  const isHtml = file.endsWith('.html');
  res.writeHead(200, {
    'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream',
    'Content-Length': data.length,
    'Cache-Control': isHtml ? 'no-store' : 'public, max-age=31536000, immutable',
    ...(isHtml ? { 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Frame-Options': 'DENY' } : {}),
  });
  res.end(headOnly ? undefined : data);
}

/**
 * Our own head timeout: a connection must deliver a complete request head within
 * headersTimeoutMs of opening (or of its previous response), else it is closed. Node's
 * checker (headersTimeout) is kept as a second line.
 */
function headTimeouts(limits: WebLimits) {
  const heads = new WeakMap<Socket, ReturnType<typeof setTimeout>>();
  return {
    arm(socket: Socket) {
      clearTimeout(heads.get(socket));
      const t = setTimeout(() => socket.destroy(), limits.headersTimeoutMs);
      t.unref();
      heads.set(socket, t);
    },
    disarm: (socket: Socket) => clearTimeout(heads.get(socket)),
  };
}

/** Node's own timeouts of the server, as backstops behind ours. */
function setServerTimeouts(server: Server, limits: WebLimits) {
  server.headersTimeout = limits.headersTimeoutMs;
  // Node's own backstop for the whole request (head and body); ours below answers 408 first.
  server.requestTimeout = limits.headersTimeoutMs + limits.bodyTimeoutMs + 1000;
  server.timeout = limits.idleTimeoutMs;
  server.keepAliveTimeout = Math.min(5000, limits.idleTimeoutMs);
}

/** Listens on the loopback address only; resolves with the port bound (the one asked, or a free one for 0). */
async function listenOnLoopback(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}

export async function startWebHost(options: WebHostOptions = {}): Promise<WebHost> {
  const port = options.port ?? DEFAULT_PORT;
  const token = options.token ?? randomBytes(24).toString('base64url');
  const staticDir = path.resolve(options.staticDir ?? path.join(here, '../renderer'));
  const workerUrl = options.workerUrl ?? new URL('./worker.mjs', import.meta.url);
  // The API side (contract schemas, handlers) loads on the first API call, or once the
  // app has had time to paint, so a cold start serves the page without waiting for it.
  let api: Promise<Api> | undefined;
  const dataDir = options.dataDir ?? defaultDataDir();
  const loadApi = (): Promise<Api> =>
    (api ??= import('./web-api').then((mod) => {
      const session = new mod.SessionManager({ dataDir, staticDir });
      // Open rounds listen again as soon as the host is up (the API loads within API_WARM_UP_MS), not when the facilitator looks.
      void session.resumeOpen();
      const copies = new mod.LibraryCopy(path.join(dataDir, 'library-copy'));
      return { ...mod, session, service: mod.createService({ host: 'web', workerUrl, session, copies }) };
    }));
  const warmUp = setTimeout(() => void loadApi(), API_WARM_UP_MS);
  warmUp.unref();
  let boundPort = port;

  const allowedHosts = () => new Set([`127.0.0.1:${boundPort}`, `localhost:${boundPort}`]);
  const allowedOrigins = () => new Set([`http://127.0.0.1:${boundPort}`, `http://localhost:${boundPort}`]);

  const limits: WebLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const host: HostContext = { tokenBytes: Buffer.from(token), budget: new BodyBudget(limits), limits, staticDir, loadApi };
  const heads = headTimeouts(limits);
  const server = createServer({ connectionsCheckingInterval: Math.max(50, Math.min(1000, limits.headersTimeoutMs / 4)) }, (req, res) => {
    heads.disarm(req.socket);
    res.once('finish', () => {
      if (!req.socket.destroyed) heads.arm(req.socket);
    });
    handle(req, res).catch((err) => {
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'internal', message: `Internal error: ${(err as Error).message}` } });
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    if (needsOpenerIsolation(req)) res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    if (!allowedHosts().has(req.headers.host ?? '')) return refuse(res, 403, 'forbidden', 'Forbidden host.');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().has(origin)) return refuse(res, 403, 'forbidden', 'Forbidden origin.');
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${boundPort}`);
    if (url.pathname.startsWith('/api/')) return answerApiCall(host, req, res, url.pathname.slice('/api/'.length));
    // Room votes: the facilitator page's long-lived event stream (SSE), exempt from request timeouts.
    if (url.pathname === SESSION_EVENTS_PATH) return answerSessionEvents(host, req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'forbidden', 'Method not allowed.');
    return serveStatic(staticDir, res, url.pathname, req.method === 'HEAD');
  }

  server.on('connection', (socket: Socket) => {
    heads.arm(socket);
    socket.once('close', () => heads.disarm(socket));
  });
  setServerTimeouts(server, limits);
  boundPort = await listenOnLoopback(server, port);
  const url = `http://127.0.0.1:${boundPort}/#token=${token}`;
  return {
    server,
    port: boundPort,
    token,
    url,
    async close() {
      server.closeAllConnections();
      clearTimeout(warmUp);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (api) await (await api).service.close();
    },
  };
}

/**
 * Whether a response gets `Cross-Origin-Opener-Policy: same-origin`. COOP severs the window
 * reference that a page which opened the app holds. A navigation the user started (address
 * bar, bookmark, a link opened from the terminal or by `--open`: fetch metadata says
 * `Sec-Fetch-Site: none`) or the app's own (`same-origin`) has no foreign opener to sever,
 * and there the header would only cost a renderer-process swap (150–200 ms of every start,
 * measured in Chromium). Every other request gets it: another site's `window.open` or link
 * (`cross-site`, `same-site` — another port of this machine), or a browser that sends no fetch
 * metadata. Site isolation keeps other sites' pages out of the app's process either way.
 */
export function needsOpenerIsolation(req: Pick<IncomingMessage, 'headers'>): boolean {
  const site = req.headers['sec-fetch-site'];
  return site !== 'none' && site !== 'same-origin';
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const data = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': data.length, 'Cache-Control': 'no-store' });
  res.end(data);
}

function refuse(res: ServerResponse, status: number, code: string, message: string) {
  sendJson(res, status, { ok: false, error: { code, message } });
}

/** Bytes of request bodies held at once, and how many of them are large (see WebLimits). */
export class BodyBudget {
  buffered = 0;
  large = 0;
  constructor(private readonly limits: Pick<WebLimits, 'maxBufferedBytes' | 'maxLargeBodies'>) {}
  reserve(bytes: number): boolean {
    if (this.buffered + bytes > this.limits.maxBufferedBytes) return false;
    this.buffered += bytes;
    return true;
  }
  takeLarge(): boolean {
    if (this.large >= this.limits.maxLargeBodies) return false;
    this.large++;
    return true;
  }
  release(bytes: number, large: boolean): void {
    this.buffered -= bytes;
    if (large) this.large--;
  }
}

type BodyRead = { ok: true; body: Buffer } | { ok: false; status: number; code: 'too_large' | 'unavailable' | 'invalid_request'; message: string };

/**
 * Reads a request body, counting it as it streams: cut at the size limit, the shared
 * budget or the body timeout. What it holds stays reserved in the budget until the
 * response is finished (the parsed request lives that long).
 */
function readBody(req: IncomingMessage, res: ServerResponse, budget: BodyBudget, limits: WebLimits): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let reserved = 0;
    let large = false;
    let done = false;
    const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;
    const release = () => {
      budget.release(reserved, large);
      reserved = 0;
      large = false;
    };
    res.once('close', release);
    const finish = (r: BodyRead) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.off('data', onData);
      if (!r.ok) {
        chunks.length = 0;
        release();
      }
      resolve(r);
    };
    const tooLarge = (): BodyRead => ({ ok: false, status: 413, code: 'too_large', message: `Request larger than ${mb(limits.maxBodyBytes)}.` });
    const busy = (): BodyRead => ({
      ok: false,
      status: 503,
      code: 'unavailable',
      message: 'The host is busy reading other large requests. Try again in a moment.',
    });
    const takeLarge = () => {
      if (large) return true;
      if (!budget.takeLarge()) return false;
      large = true;
      return true;
    };
    const timer = setTimeout(
      () => finish({ ok: false, status: 408, code: 'invalid_request', message: `The request body did not arrive within ${limits.bodyTimeoutMs / 1000} s.` }),
      limits.bodyTimeoutMs,
    );
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limits.maxBodyBytes) return finish(tooLarge());
    if (declared > limits.largeBodyBytes && !takeLarge()) return finish(busy());

    function onData(chunk: Buffer) {
      size += chunk.length;
      if (size > limits.maxBodyBytes) return finish(tooLarge());
      if (size > limits.largeBodyBytes && !takeLarge()) return finish(busy());
      if (!budget.reserve(chunk.length)) return finish(busy());
      reserved += chunk.length;
      chunks.push(chunk);
    }
    req.on('data', onData);
    req.once('end', () => finish({ ok: true, body: Buffer.concat(chunks) }));
    req.once('error', () => finish({ ok: false, status: 400, code: 'invalid_request', message: 'The request was aborted.' }));
  });
}

/** Answers a request whose body was not (fully) read, then closes the connection: the rest is never read. */
function cutOff(req: IncomingMessage, res: ServerResponse, status: number, code: string, message: string) {
  req.pause();
  res.shouldKeepAlive = false;
  const payload = JSON.stringify({ ok: false, error: { code, message } });
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
    'Cache-Control': 'no-store',
    Connection: 'close',
    ...(status === 503 ? { 'Retry-After': '1' } : {}),
  });
  res.end(payload, () => req.socket.destroy());
}

function openInBrowser(url: string) {
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = process.platform === 'win32' ? ['/c', 'start', '', url] : [url];
  const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
  child.on('error', () => console.error(`Could not open a browser; open ${url} yourself.`));
  child.unref();
}

export function parseWebArgs(argv: string[]): { port: number; open: boolean; help: boolean; dataDir?: string } {
  let port = DEFAULT_PORT;
  let open = false;
  let help = false;
  let dataDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--open') open = true;
    else if (a === '--help' || a === '-h') help = true;
    else if (a === '--data-dir' || a.startsWith('--data-dir=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (!v) throw new Error('--data-dir needs a folder.');
      dataDir = path.resolve(v);
    } else if (a === '--port' || a.startsWith('--port=')) {
      const v = a.includes('=') ? a.split('=')[1] : argv[++i];
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 65535)
        throw new Error(`--port needs a number between 1 and 65535 (0: any free port, for tests), got "${v ?? ''}".`);
      port = n;
    } else throw new Error(`Unknown option "${a}". Use --port N, --data-dir DIR and --open.`);
  }
  return { port, open, help, ...(dataDir ? { dataDir } : {}) };
}

async function main() {
  let args: ReturnType<typeof parseWebArgs>;
  try {
    args = parseWebArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  if (args.help) {
    console.log(
      `npm run web [-- --port N] [-- --data-dir DIR] [-- --open]\n  Serves Selection Workshop on http://127.0.0.1:${DEFAULT_PORT}/ (loopback only).\n  Keep the same port between runs: the browser stores workshops per address.\n  --data-dir: where room votes are journaled (default ${defaultDataDir()}).`,
    );
    return;
  }
  let host: WebHost;
  try {
    host = await startWebHost({ port: args.port, ...(args.dataDir ? { dataDir: args.dataDir } : {}) });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE') {
      console.error(
        `Port ${args.port} on 127.0.0.1 is already in use (is Selection Workshop already running?). Stop the other program, or choose another port with --port N — workshops are stored per address, so keep using the same one.`,
      );
    } else console.error(`Could not start the web host: ${e.message}`);
    process.exit(1);
  }
  console.log(`Selection Workshop is running at ${host.url}`);
  if (args.open) openInBrowser(host.url);
  const stop = () => void host.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (isEntry(import.meta.url)) void main();
