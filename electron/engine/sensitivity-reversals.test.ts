import { describe, expect, it } from 'vitest';
import { createRng } from './rng';
import { sensitivity } from './sensitivity';

/** Solves A x = b (n × n) by Gaussian elimination with partial pivoting; null when singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let k = 0; k < n; k++) {
    let p = k;
    for (let r = k + 1; r < n; r++) if (Math.abs(m[r][k]) > Math.abs(m[p][k])) p = r;
    if (Math.abs(m[p][k]) < 1e-12) return null;
    [m[k], m[p]] = [m[p], m[k]];
    for (let r = 0; r < n; r++) {
      if (r === k) continue;
      const f = m[r][k] / m[k][k];
      for (let c = k; c <= n; c++) m[r][c] -= f * m[k][c];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

/**
 * The linear programme min Σ|w'_j − w_j| over the simplex with d·w' = 0, solved by brute
 * force: the objective is linear on each cell of the arrangement cut by the hyperplanes
 * w'_j = 0 and w'_j = w_j, so its minimum over the feasible polytope is at a vertex of that
 * arrangement — found by trying every choice of n − 2 of those hyperplanes with the two
 * equalities Σw' = 1 and d·w' = 0.
 */
function bruteForceTie(d: number[], w: number[]): number | null {
  const n = w.length;
  const planes: Array<[number, number]> = [];
  for (let j = 0; j < n; j++) planes.push([j, 0], [j, w[j]]);
  let best: number | null = null;
  const choose = (start: number, picked: Array<[number, number]>) => {
    if (picked.length === n - 2) {
      const a = [new Array<number>(n).fill(1), d, ...picked.map(([j]) => Array.from({ length: n }, (_, k) => (k === j ? 1 : 0)))];
      const x = solve(a, [1, 0, ...picked.map(([, v]) => v)]);
      if (!x || x.some((v) => v < -1e-12)) return;
      const cost = x.reduce((s, v, j) => s + Math.abs(v - w[j]), 0);
      if (best === null || cost < best) best = cost;
      return;
    }
    for (let p = start; p < planes.length; p++) choose(p + 1, [...picked, planes[p]]);
  };
  choose(0, []);
  return best;
}

describe('sensitivity: reversals of every pair adjacent in the ranking', () => {
  it('match a brute-force solution of the linear programme (random 5 × n, n = 3…5, 1e-9)', () => {
    const rng = createRng(20260301);
    let checked = 0;
    let unreachable = 0;
    for (let trial = 0; trial < 60; trial++) {
      const n = 3 + (trial % 3);
      const m = 5;
      const values = Array.from({ length: m }, () => Array.from({ length: n }, () => Math.round(rng.uniform() * 100) / 10));
      const raw = Array.from({ length: n }, () => 0.05 + rng.uniform());
      const r = sensitivity(values, raw);
      const sum = raw.reduce((s, x) => s + x, 0);
      const w = raw.map((x) => x / sum);
      const totals = values.map((row) => row.reduce((s, v, j) => s + v * w[j], 0));
      expect(r.reversals).toHaveLength(m - 1);
      expect(r.reversals[0].leader).toBe(r.winner);
      r.reversals.forEach((rev, k) => {
        if (k > 0) expect(rev.leader).toBe(r.reversals[k - 1].challenger);
        expect(totals[rev.leader]).toBeGreaterThanOrEqual(totals[rev.challenger] - 1e-12);
        const d = values[rev.leader].map((v, j) => v - values[rev.challenger][j]);
        const expected = bruteForceTie(d, w);
        if (expected === null) {
          expect(rev.distance).toBeNull();
          unreachable++;
          return;
        }
        expect(rev.distance).not.toBeNull();
        expect(Math.abs(rev.distance! - expected)).toBeLessThan(1e-9);
        // The weights given are on the simplex, at that distance, and tie the pair.
        const wt = rev.weights!;
        expect(Math.abs(wt.reduce((s, x) => s + x, 0) - 1)).toBeLessThan(1e-12);
        wt.forEach((x) => expect(x).toBeGreaterThanOrEqual(-1e-15));
        expect(Math.abs(wt.reduce((s, x, j) => s + Math.abs(x - w[j]), 0) - rev.distance!)).toBeLessThan(1e-12);
        expect(Math.abs(wt.reduce((s, x, j) => s + x * d[j], 0))).toBeLessThan(1e-9);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(150);
    expect(unreachable).toBeGreaterThan(0);
  });

  it("the winner's smallest change is the closest of its reversals with any candidate (the runner-up's is one of them)", () => {
    const values = [
      [9, 1, 5],
      [6, 6, 4],
      [1, 9, 6],
    ];
    const r = sensitivity(values, [0.5, 0.3, 0.2]);
    expect(r.reversals[0]).toMatchObject({ leader: 0, challenger: 1 });
    expect(r.smallestChange!.distance).toBeLessThanOrEqual(r.reversals[0].distance! + 1e-15);
  });
});
