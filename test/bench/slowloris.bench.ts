import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RoundSpecSchema } from '../../shared/contract/session';
import { SessionManager } from '../../electron/session/manager';
import { holdSlowSockets, honestSubmits } from '../fixtures/slowloris';
import type { BenchSuite } from './types';

/**
 * The room listener under a slowloris device (loopback only: the round listens on 127.0.0.2,
 * the slow device is 127.0.0.3, each honest device its own 127.0.1.x). The slow device holds
 * 500 sockets, each sending a partial request head and one more header line every 4 s; then 50
 * participants submit a ballot each, at once.
 * - honest-ok: the share of the 50 submits acknowledged within 5 s.
 */
const SLOW = 500;
const HONEST = 50;

const suite: BenchSuite = async (log) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sw-bench-slowloris-'));
  const manager = new SessionManager({ dataDir: dir, tls: null });
  const slowFrom = '127.0.0.3';
  try {
    const spec = RoundSpecSchema.parse({
      workshopId: 'bench-slowloris',
      title: 'Slowloris',
      lang: 'en',
      scale: { min: 0, max: 10 },
      criteria: [{ id: 'k1', name: { 'zh-CN': '吞吐', en: 'Throughput' } }],
      candidates: [{ id: 'a', name: { 'zh-CN': '自建', en: 'Self-built' } }],
      participants: Array.from({ length: HONEST }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}` })),
    });
    const status = await manager.open(spec, '127.0.0.2', 0);
    const slow = holdSlowSockets({ host: '127.0.0.2', port: status.port, from: slowFrom, count: SLOW, lineEveryMs: 4000 });
    try {
      await new Promise((r) => setTimeout(r, 1000));
      log(`slow sockets still open after 1 s: ${slow.open()} of ${SLOW}`);
      const tokens = status.participants.map((p) => p.link.slice(p.link.indexOf('#t=') + 3));
      const ok = await honestSubmits({
        host: '127.0.0.2',
        port: status.port,
        tokens,
        ballot: { cells: [{ candidateId: 'a', criterionId: 'k1', value: 5 }] },
        timeoutMs: 5000,
      });
      const share = ok.filter(Boolean).length / HONEST;
      log(`honest submits acknowledged: ${ok.filter(Boolean).length} of ${HONEST}`);
      return [{ name: 'lan.slowloris.honest-ok', value: share, unit: 'share', target: 1, better: 'higher' }];
    } finally {
      slow.release();
    }
  } finally {
    await manager.shutdown();
    rmSync(dir, { recursive: true, force: true });
  }
};
export default suite;
