import { describe, expect, it } from 'vitest';
import { Rng } from '../engine/rng';
import { Z99, drawTail, fitTail, normCdf, normInv, sampleTurns, tailMean, tailQuantile, turnsPmf } from './distributions';

describe('log-normal tails from median and p99', () => {
  it('fits mu = ln(median), sigma = (ln(p99) − mu)/2.3263', () => {
    const t = fitTail({ median: 100, p99: 1000, max: 1e9 });
    expect(t.mu).toBeCloseTo(Math.log(100), 12);
    expect(t.sigma).toBeCloseTo(Math.log(10) / Z99, 12);
    expect(tailQuantile(t, 0.5)).toBeCloseTo(100, 6);
    expect(tailQuantile(t, 0.99)).toBeCloseTo(1000, 3);
  });

  it('samples hit the median and p99 and never exceed max', () => {
    const t = fitTail({ median: 500, p99: 4000, max: 6000 });
    const r = new Rng(3);
    const xs = Float64Array.from({ length: 100_000 }, () => drawTail(r, t)).sort();
    expect(xs[50_000] / 500).toBeGreaterThan(0.97);
    expect(xs[50_000] / 500).toBeLessThan(1.03);
    expect(xs[99_000] / 4000).toBeGreaterThan(0.93);
    expect(xs[99_000] / 4000).toBeLessThan(1.07);
    expect(xs[xs.length - 1]).toBeLessThanOrEqual(6000);
    // Capped mean in closed form matches the sample mean.
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(tailMean(t) / mean).toBeGreaterThan(0.98);
    expect(tailMean(t) / mean).toBeLessThan(1.02);
  });

  it('Φ and Φ⁻¹ are inverse', () => {
    for (const p of [0.001, 0.02, 0.3, 0.5, 0.9, 0.99, 0.9999]) expect(normCdf(normInv(p))).toBeCloseTo(p, 6);
    expect(normInv(0.99)).toBeCloseTo(Z99, 6);
  });

  it('Φ is exactly 1 (0) across the far tails, so the shortcut beyond ±10 changes no value', () => {
    // Below the shortcut the formula itself already gives exactly 1 and 0 (from |x| ≈ 8.38).
    for (let x = 8.5; x < 12; x += 0.001) {
      expect(normCdf(x)).toBe(1);
      expect(normCdf(-x)).toBe(0);
    }
    expect(normCdf(8)).toBeLessThan(1);
    expect(normCdf(-8)).toBeGreaterThan(0);
  });

  it('turn counts are integers >= 1 with a pmf that sums to 1', () => {
    const t = fitTail({ median: 4, p99: 16, max: 32 });
    const r = new Rng(1);
    for (let i = 0; i < 1000; i++) {
      const k = sampleTurns(r, t);
      expect(Number.isInteger(k) && k >= 1 && k <= 32).toBe(true);
    }
    const pmf = turnsPmf(t);
    expect(pmf.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(turnsPmf(fitTail({ median: 1, p99: 1, max: 1 }))[0]).toBe(1);
  });
});
