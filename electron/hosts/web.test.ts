import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'node:http';
import { connect } from 'node:net';
import { BodyBudget, startWebHost, type WebHost } from './web';
import { deepWorkshopText } from '../../test/fixtures/deepWorkshop';

let host: WebHost;
let staticDir: string;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sw-web-'));
  staticDir = path.join(dir, 'renderer');
  mkdirSync(staticDir);
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(dir, 'secret.txt'), 'do not serve');
  host = await startWebHost({ port: 0, staticDir, workerUrl: new URL('../../build/node/worker.mjs', import.meta.url) });
});
afterAll(() => host.close());

/** A raw HTTP request, so Host and Origin can be forged as an attacker would. */
function raw(opts: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: host.port, method: opts.method ?? 'GET', path: opts.path, headers: { host: `127.0.0.1:${host.port}`, ...opts.headers } },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}
const api = (method: string, payload: unknown, headers: Record<string, string> = {}) =>
  raw({
    method: 'POST',
    path: `/api/${method}`,
    body: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', 'x-sw-token': host.token, ...headers },
  });

describe('web host', () => {
  it('binds to loopback only', () => {
    const addr = host.server.address();
    expect(typeof addr === 'object' && addr?.address).toBe('127.0.0.1');
  });

  it('answers a contract call with the token', async () => {
    const r = await api('app.info', {});
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ ok: true, result: { host: 'web' } });
  });

  it('rejects calls without the token or with a wrong one', async () => {
    expect((await api('app.info', {}, { 'x-sw-token': '' })).status).toBe(401);
    const wrong = await api('app.info', {}, { 'x-sw-token': host.token.replace(/./, (c) => (c === 'A' ? 'B' : 'A')) });
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.body).error.code).toBe('unauthorized');
  });

  it('rejects a foreign Host header (DNS rebinding), on the API and on pages', async () => {
    expect((await api('app.info', {}, { host: `evil.example:${host.port}` })).status).toBe(403);
    expect((await raw({ path: '/', headers: { host: 'evil.example' } })).status).toBe(403);
  });

  it('rejects a foreign Origin, accepts its own', async () => {
    expect((await api('app.info', {}, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await api('app.info', {}, { origin: `http://127.0.0.1:${host.port}` })).status).toBe(200);
  });

  it('rejects non-contract paths and non-POST calls', async () => {
    expect((await api('fs.readFile', {})).status).toBe(404);
    expect((await raw({ path: '/api/app.info', headers: { 'x-sw-token': host.token } })).status).toBe(405);
  });

  it('rejects bodies over the size limit at once, from their declared length', async () => {
    const r = await raw({
      method: 'POST',
      path: '/api/workshop.validate',
      body: Buffer.alloc(1024 * 1024, 0x20),
      headers: { 'content-type': 'application/json', 'x-sw-token': host.token, 'content-length': String(61 * 1024 * 1024) },
    });
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).error.code).toBe('too_large');
  });

  it('answers invalid_document for a workshop nested 5,000 levels deep', async () => {
    const r = await raw({
      method: 'POST',
      path: '/api/workshop.validate',
      body: deepWorkshopText(5000),
      headers: { 'content-type': 'application/json', 'x-sw-token': host.token },
    });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).error).toMatchObject({ code: 'invalid_document', message: 'The workshop is not valid: it is nested too deeply.' });
  });

  it('returns typed errors for bad JSON and bad requests', async () => {
    const bad = await raw({ method: 'POST', path: '/api/app.info', body: '{oops', headers: { 'content-type': 'application/json', 'x-sw-token': host.token } });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.code).toBe('invalid_request');
    const schema = await api('workshop.create', { title: 'x' });
    expect(schema.status).toBe(400);
    expect(JSON.parse(schema.body).error.issues[0].path).toBe('lang');
  });

  it('serves the app with a strict CSP and refuses path traversal', async () => {
    const page = await raw({ path: '/' });
    expect(page.status).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%2e%2e%2fsecret.txt']) {
      const r = await raw({ path: p });
      expect(r.body).not.toContain('do not serve');
    }
  });

  it('isolates the app from windows that another site opened it in, not from a start the user made', async () => {
    const coop = async (site?: string) => (await raw({ path: '/', headers: site ? { 'sec-fetch-site': site } : {} })).headers['cross-origin-opener-policy'];
    // Another site's window.open or link (another port of this machine is the same site).
    expect(await coop('cross-site')).toBe('same-origin');
    expect(await coop('same-site')).toBe('same-origin');
    // A browser that sends no fetch metadata gets the header too.
    expect(await coop()).toBe('same-origin');
    // Typed, bookmarked or opened from the terminal; the app's own navigations.
    expect(await coop('none')).toBeUndefined();
    expect(await coop('same-origin')).toBeUndefined();
  });
});

describe('web host resource limits', () => {
  let small: WebHost;
  const limits = {
    maxBodyBytes: 256 * 1024,
    largeBodyBytes: 64 * 1024,
    maxLargeBodies: 1,
    maxBufferedBytes: 512 * 1024,
    bodyTimeoutMs: 400,
    headersTimeoutMs: 400,
  };
  beforeAll(async () => {
    small = await startWebHost({ port: 0, staticDir, workerUrl: new URL('../../build/node/worker.mjs', import.meta.url), limits });
    // The API side loads on the first call; load it now so the timings below are the host's own.
    const warm = open({ 'content-length': '2' });
    warm.req.end('{}');
    expect((await warm.response).status).toBe(200);
  });
  afterAll(() => small.close());

  /** A request whose body the test writes by hand; resolves with the response and how many body bytes were written before it. */
  function open(headers: Record<string, string>) {
    const req = request({
      host: '127.0.0.1',
      port: small.port,
      method: 'POST',
      path: '/api/app.info',
      headers: { host: `127.0.0.1:${small.port}`, 'content-type': 'application/json', 'x-sw-token': small.token, ...headers },
    });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
    const closed = new Promise<void>((resolve) => req.on('close', () => resolve()));
    return { req, response, closed };
  }

  it('counts an endless chunked body as it streams and cuts it at the limit', async () => {
    const { req, response, closed } = open({ 'transfer-encoding': 'chunked' });
    req.on('error', () => {});
    let answered = false;
    void response.then(() => (answered = true));
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    let sent = 0;
    // Bounded: at most 4,000 chunks (64 MB) — the host must answer long before.
    for (let i = 0; i < 4000 && !answered && !req.destroyed; i++) {
      if (!req.write(chunk)) await new Promise((r) => setTimeout(r, 5));
      sent += chunk.length;
    }
    const r = await response;
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).error.code).toBe('too_large');
    expect(sent).toBeLessThan(8 * limits.maxBodyBytes);
    await closed;
  });

  it('refuses a second large body while one is being read (503, retry), and reads it once the first is done', async () => {
    const first = open({ 'content-length': String(128 * 1024) });
    first.req.write(Buffer.alloc(64 * 1024, 0x20));
    await new Promise((r) => setTimeout(r, 50));
    const second = open({ 'content-length': String(128 * 1024) });
    second.req.on('error', () => {});
    second.req.write(Buffer.alloc(1024, 0x20));
    const busy = await second.response;
    expect(busy.body).toContain('unavailable');
    expect(busy.status).toBe(503);
    expect(JSON.parse(busy.body).error.code).toBe('unavailable');
    first.req.end(Buffer.concat([Buffer.from('{}'), Buffer.alloc(64 * 1024 - 2, 0x20)]));
    expect((await first.response).status).toBe(200);
    const third = open({ 'content-length': String(128 * 1024) });
    third.req.end(Buffer.concat([Buffer.from('{}'), Buffer.alloc(128 * 1024 - 2, 0x20)]));
    expect((await third.response).status).toBe(200);
  });

  it('answers 408 when a body stalls, and closes the connection', async () => {
    const { req, response, closed } = open({ 'content-length': '100' });
    req.write('{"a":');
    const r = await response;
    expect(r.status).toBe(408);
    await closed;
  });

  it('closes a connection whose request head never completes', async () => {
    const socket = connect(small.port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(`POST /api/app.info HTTP/1.1\r\nHost: 127.0.0.1:${small.port}\r\nX-Slow: `);
    const t0 = Date.now();
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('keeps the budget of buffered bytes: refuses what would pass it, returns what is released', () => {
    const budget = new BodyBudget({ maxBufferedBytes: 100, maxLargeBodies: 1 });
    expect(budget.reserve(60)).toBe(true);
    expect(budget.reserve(50)).toBe(false);
    expect(budget.takeLarge()).toBe(true);
    expect(budget.takeLarge()).toBe(false);
    budget.release(60, true);
    expect(budget.reserve(100)).toBe(true);
    expect(budget.takeLarge()).toBe(true);
  });
});
