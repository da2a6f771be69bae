import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';

/** The built web host (`build/node/web.mjs`) on a loopback port, its data in `dataDir`. */
export function spawnHost(dataDir: string): Promise<{ child: ChildProcess; url: string; origin: string; token: string }> {
  const child = spawn(process.execPath, [path.resolve('build/node/web.mjs'), '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /running at (\S+)/.exec(out);
      if (m) {
        const u = new URL(m[1]);
        resolve({ child, url: m[1], origin: u.origin, token: /token=([^&]+)/.exec(u.hash)![1] });
      }
    });
    child.on('exit', (code) => reject(new Error(`web host exited ${code}: ${out}`)));
  });
}

/** A parsed JSON answer (read field by field). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** One JSON POST (loopback only); `localAddress` picks the simulated device's source address. */
export function post(url: string, body: unknown, headers: Record<string, string>, localAddress?: string): Promise<{ status: number; json: Json }> {
  const u = new URL(url);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        agent: false,
        ...(localAddress ? { localAddress } : {}),
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data), ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
