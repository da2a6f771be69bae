import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed } from './rng';
import { normalCdf } from './normal';

const N = 200_000;

function moments(xs: Float64Array): { mean: number; variance: number } {
  let s = 0;
  let s2 = 0;
  for (const x of xs) {
    s += x;
    s2 += x * x;
  }
  return { mean: s / xs.length, variance: s2 / xs.length - (s / xs.length) ** 2 };
}

/** Kolmogorov–Smirnov distance between a sample's empirical distribution and `cdf`. */
function ksDistance(xs: Float64Array, cdf: (x: number) => number): number {
  const sorted = xs.slice().sort();
  const n = sorted.length;
  let d = 0;
  for (let i = 0; i < n; i++) {
    const f = cdf(sorted[i]);
    d = Math.max(d, Math.abs(f - i / n), Math.abs(f - (i + 1) / n));
  }
  return d;
}
/** √n · D above which a sample is rejected at the 0.1% level (large n). */
const KS_CRITICAL_0_1_PERCENT = 1.95;

describe('Rng (xoshiro128**)', () => {
  it('is deterministic per seed and differs across seeds', () => {
    const a = new Float64Array(8);
    const b = new Float64Array(8);
    createRng(5).fillUniform(a, 8);
    createRng(5).fillUniform(b, 8);
    expect(Array.from(a)).toEqual(Array.from(b));
    createRng(6).fillUniform(b, 8);
    expect(Array.from(a)).not.toEqual(Array.from(b));
  });

  it('uniforms lie in (0, 1) with mean 1/2 and variance 1/12 (5 standard errors)', () => {
    const u = new Float64Array(N);
    createRng(1).fillUniform(u, N);
    expect(u.reduce((a, b) => Math.min(a, b), 1)).toBeGreaterThan(0);
    expect(u.reduce((a, b) => Math.max(a, b), 0)).toBeLessThan(1);
    const { mean, variance } = moments(u);
    expect(Math.abs(mean - 0.5)).toBeLessThan(5 * Math.sqrt(1 / 12 / N));
    expect(Math.abs(variance - 1 / 12)).toBeLessThan(5 * Math.sqrt(1 / 180 / N));
  });

  it('ziggurat normals: mean 0, variance 1, P(Z ≤ 1.96) ≈ 0.975, tails beyond the base strip (5 s.e.)', () => {
    const z = new Float64Array(N);
    createRng(2).fillNormal(z, N);
    const { mean, variance } = moments(z);
    expect(Math.abs(mean)).toBeLessThan(5 / Math.sqrt(N));
    expect(Math.abs(variance - 1)).toBeLessThan(5 * Math.sqrt(2 / N));
    const below = z.filter((x) => x <= 1.96).length / N;
    expect(Math.abs(below - 0.9750021)).toBeLessThan(5 * Math.sqrt((0.975 * 0.025) / N));
    const big = new Float64Array(4_000_000);
    createRng(3).fillNormal(big, big.length);
    // P(|Z| > 3.4426) = 5.76e-4 (the tail the base strip samples): 2304 expected, s.e. 48.
    const tail = big.filter((x) => Math.abs(x) > 3.442619855899).length;
    expect(Math.abs(tail - 2304)).toBeLessThan(5 * 48);
  });

  it('ziggurat exponentials: mean 1, variance 1, P(E > 2) = e^-2 (5 s.e.)', () => {
    const e = new Float64Array(N);
    createRng(4).fillExponential(e, N);
    const { mean, variance } = moments(e);
    expect(Math.abs(mean - 1)).toBeLessThan(5 / Math.sqrt(N));
    expect(Math.abs(variance - 1)).toBeLessThan(5 * Math.sqrt(8 / N));
    const p = Math.exp(-2);
    expect(Math.abs(e.filter((x) => x > 2).length / N - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / N));
  });

  it('ziggurat normals follow N(0, 1) as a whole (Kolmogorov–Smirnov) and beyond the base strip (5 s.e.)', () => {
    const M = 1_000_000;
    const z = new Float64Array(M);
    createRng(12).fillNormal(z, M);
    expect(ksDistance(z, normalCdf)).toBeLessThan(KS_CRITICAL_0_1_PERCENT / Math.sqrt(M));
    const tail = 2 * (1 - normalCdf(3.6)); // beyond R ≈ 3.44: drawn by the tail method
    expect(Math.abs(z.filter((x) => Math.abs(x) > 3.6).length / M - tail)).toBeLessThan(5 * Math.sqrt((tail * (1 - tail)) / M));
  });

  it('ziggurat exponentials follow Exp(1) as a whole and in the tail beyond the base strip (Kolmogorov–Smirnov, 5 s.e.)', () => {
    // The layer and the position in it come from disjoint bits of one draw: a flaw there
    // (a layer chosen unevenly, positions tied to layers) bends the distribution function.
    const M = 1_000_000;
    const e = new Float64Array(M);
    createRng(11).fillExponential(e, M);
    expect(ksDistance(e, (x) => 1 - Math.exp(-x))).toBeLessThan(KS_CRITICAL_0_1_PERCENT / Math.sqrt(M));
    const tail = Math.exp(-8); // beyond R ≈ 7.70: drawn by the base strip's tail method
    expect(Math.abs(e.filter((x) => x > 8).length / M - tail)).toBeLessThan(5 * Math.sqrt((tail * (1 - tail)) / M));
  });

  it('derived seeds differ per index and use all 53 bits of the seed', () => {
    const seeds = new Set(Array.from({ length: 1000 }, (_, i) => deriveSeed(1, i)));
    expect(seeds.size).toBe(1000);
    expect(deriveSeed(2 ** 40, 0)).not.toBe(deriveSeed(0, 0));
  });

  it('one-at-a-time normals are the stream fillNormal gives, wedges and tail included', () => {
    const bulk = new Float64Array(50_000);
    createRng(9).fillNormal(bulk, bulk.length);
    const r = createRng(9);
    const single = Float64Array.from({ length: bulk.length }, () => r.normal());
    expect(Array.from(single)).toEqual(Array.from(bulk));
  });

  it('one-at-a-time uniforms and normals (as the simulator draws them): moments and the tail beyond the base strip (5 s.e.)', () => {
    const r = createRng(11);
    const u = Float64Array.from({ length: N }, () => r.uniform());
    expect(u.reduce((a, b) => Math.min(a, b), 1)).toBeGreaterThan(0);
    expect(Math.abs(moments(u).mean - 0.5)).toBeLessThan(5 * Math.sqrt(1 / 12 / N));
    const n = 1_000_000;
    let tail = 0;
    let above2 = 0;
    for (let i = 0; i < n; i++) {
      const z = Math.abs(r.normal());
      if (z > 2) above2++;
      if (z > 3) tail++;
    }
    // P(|Z| > 2) = 0.0455003, P(|Z| > 3) = 0.0026998.
    expect(Math.abs(above2 - 45500.3)).toBeLessThan(5 * Math.sqrt(45500.3));
    expect(Math.abs(tail - 2699.8)).toBeLessThan(5 * Math.sqrt(2699.8));
  });
});
