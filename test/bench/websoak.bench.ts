import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';
import { createSampleWorkshop } from '../../shared/model';
import { spawnWebHost, stopWebHost } from './browser';
import type { BenchSuite } from './types';

/** Resident set size of a process, MB (Linux /proc). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Soak of the web host: 10,000 mixed requests on loopback — small calls, workshop
 * validation, pages, refused tokens, bad JSON, 5 MB bodies and bodies that declare more than
 * the limit — 16 at a time; the host's RSS before, at its peak and after the load.
 */
const suite: BenchSuite = async (log) => {
  const host = await spawnWebHost();
  const pid = host.child.pid!;
  const { port } = new URL(host.origin);
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const sample = JSON.stringify(createSampleWorkshop('en'));
  const large = JSON.stringify({ ...createSampleWorkshop('en'), notes: 'x'.repeat(90_000) }) + ' '.repeat(5 * 1024 * 1024);
  type Kind = { path: string; method: string; body?: string; headers?: Record<string, string> };
  const api = (m: string, body: string, headers: Record<string, string> = {}): Kind => ({
    path: `/api/${m}`,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-sw-token': host.token, ...headers },
  });
  const kinds: Kind[] = [
    api('app.info', '{}'),
    api('workshop.validate', sample),
    { path: '/', method: 'GET' },
    api('app.info', '{}', { 'x-sw-token': 'wrong' }),
    api('app.info', '{oops'),
    api('workshop.validate', sample),
    api('app.info', '{}'),
    { path: '/nope.js', method: 'GET' },
  ];
  const send = (k: Kind) =>
    new Promise<number>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: k.path, method: k.method, agent, headers: { host: `127.0.0.1:${port}`, ...k.headers } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      });
      req.on('error', () => resolve(0));
      req.end(k.body);
    });
  const kindOf = (i: number): Kind => {
    if (i % 100 === 0) return api('workshop.validate', large);
    if (i % 250 === 1) return api('workshop.validate', '{}', { 'content-length': String(61 * 1024 * 1024) });
    return kinds[i % kinds.length];
  };

  // Warm-up: the API side loads on the first call.
  for (let i = 0; i < 50; i++) await send(kinds[i % kinds.length]);
  await sleep(1000);
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const TOTAL = 10_000;
  const statuses = new Map<number, number>();
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < TOTAL && performance.now() - t0 < 300_000) {
        const status = await send(kindOf(next++));
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  agent.destroy();
  await sleep(3000);
  const after = rssMb(pid);
  await stopWebHost(host);
  log(`${next} requests in ${seconds.toFixed(1)} s; statuses ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
  log(`host RSS: before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${after.toFixed(0)} MB (3 s idle)`);
  return [
    { name: 'web soak: RSS growth after 10,000 mixed requests', value: after - before, unit: 'MB', target: 64, better: 'lower' },
    { name: 'web soak: peak RSS', value: peak, unit: 'MB', target: 512, better: 'lower' },
  ];
};

export default suite;
