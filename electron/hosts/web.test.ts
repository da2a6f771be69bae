import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'node:http';
import { startWebHost, type WebHost } from './web';
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

  it('rejects bodies over the size limit', async () => {
    const big = Buffer.alloc(61 * 1024 * 1024, 0x20);
    const r = await raw({
      method: 'POST',
      path: '/api/workshop.validate',
      body: big,
      headers: { 'content-type': 'application/json', 'x-sw-token': host.token },
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
