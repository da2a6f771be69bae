import { describe, expect, it } from 'vitest';
import { ahp, alonsoLamataCr } from './ahp';

/** λmax by plain power iteration, written independently of the engine's solver. */
function lambdaMax(a: number[][]): number {
  const n = a.length;
  let x = new Array<number>(n).fill(1 / n);
  let lambda = n;
  for (let it = 0; it < 5000; it++) {
    const y = a.map((row) => row.reduce((s, v, j) => s + v * x[j], 0));
    lambda = y.reduce((s, v) => s + v, 0);
    x = y.map((v) => v / lambda);
  }
  return lambda;
}

/** Alonso & Lamata (2006): CR = (λmax − n) / (2.7699·n − 4.3513 − n). */
const reference = (a: number[][]) => (lambdaMax(a) - a.length) / (2.7699 * a.length - 4.3513 - a.length);

const inconsistent4 = [
  [1, 3, 1 / 2, 5],
  [1 / 3, 1, 1 / 4, 2],
  [2, 4, 1, 7],
  [1 / 5, 1 / 2, 1 / 7, 1],
];
const cyclic3 = [
  [1, 3, 1 / 3],
  [1 / 3, 1, 3],
  [3, 1 / 3, 1],
];

describe('Alonso–Lamata consistency ratio', () => {
  it.each([
    ['a mildly inconsistent 4×4', inconsistent4],
    ['a cyclic 3×3', cyclic3],
  ])('matches (λmax − n)/(1.7699·n − 4.3513) on %s', (_, a) => {
    const r = ahp(a);
    expect(r.crAlonsoLamata).not.toBeNull();
    expect(r.crAlonsoLamata!).toBeCloseTo(reference(a), 8);
  });

  it('is 0 for a consistent matrix and null for n = 2', () => {
    const w = [0.5, 0.3, 0.2];
    expect(ahp(w.map((wi) => w.map((wj) => wi / wj))).crAlonsoLamata).toBeCloseTo(0, 12);
    expect(
      ahp([
        [1, 5],
        [1 / 5, 1],
      ]).crAlonsoLamata,
    ).toBeNull();
  });

  it('accepts at 0.1 exactly where λmax ≤ n + 0.1·(1.7699·n − 4.3513), the paper’s criterion', () => {
    for (const n of [3, 5, 9, 15]) {
      const edge = n + 0.1 * (1.7699 * n - 4.3513);
      expect(alonsoLamataCr(edge, n)).toBeCloseTo(0.1, 12);
      expect(alonsoLamataCr(edge + 1e-6, n)!).toBeGreaterThan(0.1);
    }
  });

  it('is stricter than Saaty’s CR on a 3×3, as its smaller random-matrix denominator implies', () => {
    // Saaty's RI(3) = 0.58 gives a denominator (n − 1)·RI = 1.16 > 0.9584 = 1.7699·3 − 4.3513.
    const r = ahp(cyclic3);
    expect(r.crAlonsoLamata!).toBeGreaterThan(r.cr!);
  });
});
