/** One benchmark figure, as printed by `npm run -s bench -- --json`. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  target: number;
  better: 'lower' | 'higher';
}

/** A bench module: `test/bench/<area>.bench.ts` default-exports one of these. */
export type BenchSuite = (log: (line: string) => void) => Promise<BenchResult[]>;

/** p-th percentile (0..100) of samples, nearest-rank. */
export function percentile(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  const rank = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[rank];
}

/** Times `fn` `runs` times after `warmup` runs; returns milliseconds per run. */
export async function timeRuns(fn: () => unknown, runs: number, warmup = Math.min(50, runs)): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}
