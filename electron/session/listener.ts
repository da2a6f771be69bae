import { createServer as createHttp, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import { readFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import path from 'node:path';
import { ContractError } from '../../shared/contract/errors';
import { httpStatusOf } from '../../shared/contract/error-codes';
import { PARTICIPANT_METHODS, ROUND_LIMITS, type ParticipantMethod } from '../../shared/contract/session';
import { RateLimiter } from './limits';

/**
 * The session listener: its own small HTTP(S) server on the address the facilitator chose,
 * up only while a round is open. It serves the participant page (and only its files) and the
 * participant contract at `POST /p/<method>`; nothing of the app's own contract.
 */

/** The participant page's policy: its own script and style, its own API, nothing else. */
export const PARTICIPANT_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "manifest-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface ListenerOptions {
  address: string;
  port: number;
  tls?: { cert: Buffer; key: Buffer } | null;
  /** build/renderer: the participant page is `participant/index.html` there, its files under `assets/`. */
  staticDir?: string;
  limits?: { burst: number; perSecond: number };
  /** How many participants the round invites: one address's connection cap and request allowance scale with it (devices behind one NAT share an address). */
  invited?: number;
  /** Overrides of LISTENER_LIMITS' timeouts (tests use short ones). */
  timeouts?: { headMs?: number; requestMs?: number };
  /**
   * Called once if the listener stops by itself for good (not by `close`): the desktop app's
   * listener process died more often than it is restarted, or could not listen again.
   * `restarts`: how many times it had been started again.
   */
  onLost?(lost: { message: string; restarts: number }): void;
  /** Runs one participant method; throws ContractError. `client` identifies the device's address (rate limits). */
  handle(method: ParticipantMethod, payload: unknown, token: string | undefined, client: string): Promise<unknown>;
}

/**
 * What one device may hold. A request head must arrive within `headMs` of the connection
 * opening (or of its previous answer), the whole request within `requestMs`; both are enforced
 * to within `checkMs` (Node's own check runs only every 30 s by default). One address holds at
 * most `perInvited` connections per invited participant, within [`perAddress`, `perAddressMax`]
 * (a phone uses a few; a hotspot's or a NAT's devices share one address), so one device's slow
 * sockets cannot take the room's `connections`; at the cap, that address's longest-idle
 * connection (no request in progress) makes room, an active one never does.
 */
export const LISTENER_LIMITS = {
  headMs: 5_000,
  requestMs: 15_000,
  checkMs: 250,
  keepAliveMs: 5_000,
  perAddress: 24,
  perAddressMax: 256,
  perInvited: 3,
  connections: 512,
  tlsHandshakeMs: 5_000,
} as const;

/** Connections one address may hold in a round inviting `invited` participants: 3 per invited device, within [24, 256]. */
export const perAddressCap = (invited = 0): number =>
  Math.min(LISTENER_LIMITS.perAddressMax, Math.max(LISTENER_LIMITS.perAddress, LISTENER_LIMITS.perInvited * Math.max(0, Math.floor(invited))));

export interface Listener {
  /** The HTTP server (absent when the listener runs in another process). */
  server?: Server;
  port: number;
  close(graceMs?: number): Promise<void>;
}

const MIME: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** `host:port` as a browser writes it in the Host header (IPv6 in brackets). */
export const hostPort = (address: string, port: number) => (address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`);

export async function startListener(opts: ListenerOptions): Promise<Listener> {
  const scheme = opts.tls ? 'https' : 'http';
  // Requests are counted per device: by its token where it sends one, else by its address. An
  // address also has an allowance for every device that may share it (a NAT), so tokens made up
  // on the spot buy nothing beyond that.
  const burst = opts.limits?.burst ?? 60;
  const perSecond = opts.limits?.perSecond ?? 20;
  const shared = Math.max(1, Math.floor(opts.invited ?? 1));
  const perDevice = new RateLimiter(burst, perSecond);
  const perAddress = new RateLimiter(burst * shared, perSecond * shared);
  let page: { html: Buffer; assets: Set<string> } | null = null;
  const loadPage = async () => {
    if (page || !opts.staticDir) return page;
    try {
      const html = await readFile(path.join(opts.staticDir, 'participant', 'index.html'));
      // Only the files the participant page itself references are served (not the app's bundle).
      const assets = new Set<string>();
      for (const m of html.toString('utf8').matchAll(/(?:src|href)="(?:\.\.\/|\/)?assets\/([A-Za-z0-9._-]+)"/g)) assets.add(m[1]);
      page = { html: Buffer.from(html.toString('utf8').replace(/(src|href)="(?:\.\.\/|\.\/)?assets\//g, '$1="/assets/')), assets };
    } catch {
      page = null;
    }
    return page;
  };

  let port = opts.port;
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) sendError(res, err instanceof ContractError ? err : new ContractError('internal', 'Internal error.'));
      else res.end();
    });
  };
  const headMs = opts.timeouts?.headMs ?? LISTENER_LIMITS.headMs;
  const requestMs = opts.timeouts?.requestMs ?? LISTENER_LIMITS.requestMs;
  const serverOptions = { connectionsCheckingInterval: LISTENER_LIMITS.checkMs, headersTimeout: headMs, requestTimeout: requestMs };
  const server: Server = opts.tls
    ? (createHttps(
        { ...serverOptions, cert: opts.tls.cert, key: opts.tls.key, handshakeTimeout: LISTENER_LIMITS.tlsHandshakeMs },
        handler,
      ) as unknown as Server)
    : createHttp(serverOptions, handler);
  // Bounded resources: slow or idle clients are cut off; a room needs few connections.
  server.keepAliveTimeout = LISTENER_LIMITS.keepAliveMs;
  server.maxHeadersCount = 50;
  server.maxConnections = LISTENER_LIMITS.connections;
  guardConnections(server, headMs, perAddressCap(opts.invited));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    res.setHeader('Cache-Control', 'no-store');
    const expected = hostPort(opts.address, port);
    if (req.headers.host !== expected) throw new ContractError('forbidden', 'Forbidden host.');
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== `${scheme}://${expected}`) throw new ContractError('forbidden', 'Forbidden origin.');
    const client = req.socket.remoteAddress ?? '?';
    const token = bearerOf(req);
    if (!perAddress.take(client) || (token !== undefined && !perDevice.take(`t:${token}`)) || (token === undefined && !perDevice.take(`a:${client}`)))
      return send(res, 429, { ok: false, error: { code: 'unavailable', message: 'Too many requests from this device; wait a moment.' } });
    const url = new URL(req.url ?? '/', `${scheme}://${expected}`);
    if (url.pathname.startsWith('/p/')) return api(req, res, url.pathname.slice(3));
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new ContractError('forbidden', 'Method not allowed.');
    const p = await loadPage();
    if (url.pathname === '/' || url.pathname === '/index.html') {
      if (!p) throw new ContractError('unavailable', 'The participant page is not built.');
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': p.html.length,
        'Content-Security-Policy': PARTICIPANT_CSP,
        'X-Frame-Options': 'DENY',
      });
      return res.end(req.method === 'HEAD' ? undefined : p.html);
    }
    const m = /^\/assets\/([A-Za-z0-9._-]+)$/.exec(url.pathname);
    if (m && p?.assets.has(m[1]) && opts.staticDir) {
      const data = await readFile(path.join(opts.staticDir, 'assets', m[1]));
      res.writeHead(200, { 'Content-Type': MIME[path.extname(m[1])] ?? 'application/octet-stream', 'Content-Length': data.length });
      return res.end(req.method === 'HEAD' ? undefined : data);
    }
    throw new ContractError('unknown_method', 'Not found.');
  }

  async function api(req: IncomingMessage, res: ServerResponse, method: string) {
    if (!(PARTICIPANT_METHODS as string[]).includes(method)) throw new ContractError('unknown_method', `Unknown method "${method}".`);
    if (req.method !== 'POST') throw new ContractError('forbidden', 'Use POST.');
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json'))
      throw new ContractError('invalid_request', 'Content-Type must be application/json.');
    if (Number(req.headers['content-length'] ?? 0) > ROUND_LIMITS.body) throw tooLarge();
    const body = await readBody(req, ROUND_LIMITS.body);
    let payload: unknown;
    try {
      payload = body.length ? JSON.parse(body.toString('utf8')) : {};
    } catch {
      throw new ContractError('invalid_request', 'Request body is not valid JSON.');
    }
    const result = await opts.handle(method as ParticipantMethod, payload, bearerOf(req), req.socket.remoteAddress ?? '?');
    send(res, 200, { ok: true, result });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.address, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const a = server.address();
  port = typeof a === 'object' && a ? a.port : opts.port;
  return {
    server,
    port,
    /** Stops accepting; answers being written are finished (at most `graceMs`), then every connection is cut. */
    async close(graceMs = 1000) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(timer);
    },
  };
}

const bearerOf = (req: IncomingMessage): string | undefined => {
  const auth = String(req.headers.authorization ?? '');
  return auth.startsWith('Bearer ') ? auth.slice(7).trim().slice(0, 100) : undefined;
};

/**
 * Per-address connection cap, and a head timer per connection: armed when it opens and after
 * each answer, cleared when a complete head arrives. A slow head is cut when its time is up
 * (Node's checker is the second line). At the cap, a new connection takes the place of the
 * address's connection idle the longest (no request in progress: waiting for a head, or kept
 * alive after an answer); only when every one is busy is the new one refused.
 */
export function guardConnections(server: Server, headMs: number, cap: number) {
  const perAddress = new Map<string, Map<Socket, { busy: boolean; idleSince: number }>>();
  const heads = new WeakMap<Socket, NodeJS.Timeout>();
  const arm = (socket: Socket) => {
    clearTimeout(heads.get(socket));
    const t = setTimeout(() => socket.destroy(), headMs);
    t.unref();
    heads.set(socket, t);
  };
  // The raw TCP connection (for HTTPS too, before its handshake).
  server.on('connection', (socket: Socket) => {
    const key = socket.remoteAddress ?? '?';
    let conns = perAddress.get(key);
    if (!conns) perAddress.set(key, (conns = new Map()));
    if (conns.size >= cap) {
      let idlest: Socket | null = null;
      let since = Infinity;
      for (const [s, st] of conns) if (!st.busy && st.idleSince < since) [idlest, since] = [s, st.idleSince];
      if (!idlest) {
        socket.destroy();
        return;
      }
      conns.delete(idlest);
      idlest.destroy();
    }
    conns.set(socket, { busy: false, idleSince: performance.now() });
    arm(socket);
    socket.once('close', () => {
      clearTimeout(heads.get(socket));
      const c = perAddress.get(key);
      c?.delete(socket);
      if (c?.size === 0) perAddress.delete(key);
    });
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // With TLS the request's socket is the TLS socket; its timer is on the TCP socket beneath.
    const raw = rawSocket(req.socket);
    clearTimeout(heads.get(raw));
    const st = perAddress.get(raw.remoteAddress ?? '?')?.get(raw);
    if (st) st.busy = true;
    res.once('close', () => {
      if (st) Object.assign(st, { busy: false, idleSince: performance.now() });
      if (!raw.destroyed) arm(raw);
    });
  });
}

const rawSocket = (s: Socket): Socket => (s as Socket & { _parent?: Socket })._parent ?? s;

const tooLarge = () => new ContractError('too_large', `Request larger than ${ROUND_LIMITS.body / 1024} KB.`);

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(tooLarge());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendError(res: ServerResponse, err: ContractError) {
  const status = err.message.startsWith('Too many') ? 429 : httpStatusOf(err.code);
  send(res, status, { ok: false, error: err.toJSON() }, status === 413);
}

function send(res: ServerResponse, status: number, body: unknown, closeAfter = false) {
  const data = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': data.length, ...(closeAfter ? { Connection: 'close' } : {}) });
  res.end(data);
}
