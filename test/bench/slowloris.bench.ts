import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RoundSpecSchema } from '../../shared/contract/session';
import { SessionManager } from '../../electron/session/manager';
import { holdSlowSockets, honestSubmits } from '../fixtures/slowloris';
import type { BenchResult, BenchSuite } from './types';

/**
 * The room listener under a slowloris device (loopback only: the round listens on 127.0.0.2,
 * the slow device is 127.0.0.3). The slow device holds 500 sockets, each sending a partial
 * request head and one more header line every 4 s; then 50 participants submit a ballot each,
 * at once, one attempt each (no retry loop).
 * - honest-ok: each honest device from its own address (127.0.1.x); the share of the 50
 *   submits acknowledged within 5 s.
 * - nat-honest-ok: the 50 honest devices share one address (127.0.0.4, as behind a NAT or a
 *   hotspot); the same share.
 */
const SLOW = 500;
const HONEST = 50;
const HOST = '127.0.0.2';
const SLOW_FROM = '127.0.0.3';
const NAT_FROM = '127.0.0.4';

async function round(name: string, from: string | undefined, log: (line: string) => void): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sw-bench-slowloris-'));
  const manager = new SessionManager({ dataDir: dir, tls: null });
  try {
    const spec = RoundSpecSchema.parse({
      workshopId: `bench-slowloris-${name}`,
      title: 'Slowloris',
      lang: 'en',
      scale: { min: 0, max: 10 },
      criteria: [{ id: 'k1', name: { 'zh-CN': '吞吐', en: 'Throughput' } }],
      candidates: [{ id: 'a', name: { 'zh-CN': '自建', en: 'Self-built' } }],
      participants: Array.from({ length: HONEST }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}` })),
    });
    const status = await manager.open(spec, HOST, 0);
    const slow = holdSlowSockets({ host: HOST, port: status.port, from: SLOW_FROM, count: SLOW, lineEveryMs: 4000 });
    try {
      await new Promise((r) => setTimeout(r, 1000));
      log(`${name}: slow sockets of ${SLOW_FROM} still open after 1 s: ${slow.open()} of ${SLOW}`);
      const tokens = status.participants.map((p) => p.link.slice(p.link.indexOf('#t=') + 3));
      const ok = await honestSubmits({
        host: HOST,
        port: status.port,
        tokens,
        ballot: { cells: [{ candidateId: 'a', criterionId: 'k1', value: 5 }] },
        timeoutMs: 5000,
        from,
      });
      const acked = ok.filter(Boolean).length;
      log(
        `${name}: honest submits acknowledged: ${acked} of ${HONEST} (from ${from ?? '127.0.1.1–50'}; ${HONEST} attempts, one per device, each bounded by 5 s)`,
      );
      return acked / HONEST;
    } finally {
      slow.release();
    }
  } finally {
    await manager.shutdown();
    rmSync(dir, { recursive: true, force: true });
  }
}

const suite: BenchSuite = async (log) => {
  const figures: BenchResult[] = [];
  figures.push({ name: 'lan.slowloris.honest-ok', value: await round('own-addresses', undefined, log), unit: 'share', target: 1, better: 'higher' });
  figures.push({ name: 'lan.slowloris.nat-honest-ok', value: await round('one-address', NAT_FROM, log), unit: 'share', target: 1, better: 'higher' });
  return figures;
};
export default suite;
