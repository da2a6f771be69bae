import { describe, expect, it } from 'vitest';
import { RANDOM_INDEX, ahp, ahpGroup, aggregateJudgments, principalEigen, toDense } from './ahp';
import { createRng } from './rng';

/** Builds a reciprocal matrix from upper-triangle judgments keyed "i,j". */
function reciprocal(n: number, upper: Record<string, number>): number[][] {
  const a = Array.from({ length: n }, () => new Array<number>(n).fill(1));
  for (const [key, v] of Object.entries(upper)) {
    const [i, j] = key.split(',').map(Number);
    a[i][j] = v;
    a[j][i] = 1 / v;
  }
  return a;
}

function consistentMatrix(w: number[]): number[][] {
  return w.map((wi) => w.map((wj) => wi / wj));
}

// Saaty's drink-consumption example: Saaty, T. L. (2008), "Decision making with the analytic
// hierarchy process", Int. J. Services Sciences 1(1), 83–98, Table 2 — priorities .177 .019
// .042 .116 .190 .129 .327, CR .022 (the same figures are asserted by AHPy's test suite,
// github.com/PhilipGriffith/AHPy, tests: test_drinks_weights_precision_3_saaty / test_drinks_cr_saaty).
// Order: coffee, wine, tea, beer, sodas, milk, water.
const drinks = (() => {
  const names = ['coffee', 'wine', 'tea', 'beer', 'soda', 'milk', 'water'];
  const judgments: Array<[string, string, number]> = [
    ['coffee', 'wine', 9],
    ['coffee', 'tea', 5],
    ['coffee', 'beer', 2],
    ['coffee', 'soda', 1],
    ['coffee', 'milk', 1],
    ['water', 'coffee', 2],
    ['water', 'wine', 9],
    ['water', 'tea', 9],
    ['water', 'beer', 3],
    ['water', 'soda', 2],
    ['water', 'milk', 3],
    ['tea', 'wine', 3],
    ['beer', 'wine', 9],
    ['beer', 'tea', 3],
    ['beer', 'milk', 1],
    ['soda', 'wine', 9],
    ['soda', 'tea', 4],
    ['soda', 'beer', 2],
    ['soda', 'milk', 2],
    ['milk', 'wine', 9],
    ['milk', 'tea', 3],
  ];
  const a = names.map(() => names.map(() => 1));
  for (const [x, y, v] of judgments) {
    const i = names.indexOf(x);
    const j = names.indexOf(y);
    a[i][j] = v;
    a[j][i] = 1 / v;
  }
  return a;
})();

describe('ahp: published worked examples', () => {
  it("Saaty's drinks matrix: priorities and CR to the 3 decimals printed", () => {
    const r = ahp(drinks);
    // Tolerance: half a unit in the 3rd decimal.
    [0.177, 0.019, 0.042, 0.116, 0.19, 0.129, 0.327].forEach((x, i) => expect(Math.abs(r.weights[i] - x)).toBeLessThanOrEqual(0.0005));
    expect(Math.abs(r.cr! - 0.022)).toBeLessThanOrEqual(0.0005);
    expect(r.ci).toBeCloseTo((r.lambdaMax - 7) / 6, 15);
    expect(r.cr).toBeCloseTo(r.ci / 1.32, 15);
  });

  it('Bozóki–Fülöp–Rónyai 4×4 example: priorities to the 4 decimals AHPy prints', () => {
    // Bozóki, Fülöp & Rónyai (2010), Math. Comput. Modelling 52, 318–333, complete matrix with
    // a_cd = 3/4; AHPy README (github.com/PhilipGriffith/AHPy) prints
    // {'b': 0.3917, 'a': 0.3742, 'd': 0.1349, 'c': 0.0991}. Tolerance: half a unit in the 4th decimal.
    const a = reciprocal(4, { '0,1': 1, '0,2': 5, '0,3': 2, '1,2': 3, '1,3': 4, '2,3': 3 / 4 });
    const r = ahp(a);
    [0.3742, 0.3917, 0.0991, 0.1349].forEach((x, i) => expect(Math.abs(r.weights[i] - x)).toBeLessThanOrEqual(0.00005));
  });
});

describe('ahp: exactness and invariants', () => {
  it('returns the true principal eigenvector: ‖Aw − λw‖∞ ≤ 1e-12, weights sum to 1 (1e-15)', () => {
    const rng = createRng(7);
    for (let trial = 0; trial < 20; trial++) {
      const n = 3 + (trial % 13);
      const upper: Record<string, number> = {};
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) upper[`${i},${j}`] = Math.exp((rng.uniform() - 0.5) * 2 * Math.log(9));
      const a = reciprocal(n, upper);
      const r = ahp(a);
      expect(Math.abs(r.weights.reduce((s, x) => s + x, 0) - 1)).toBeLessThan(1e-15);
      for (let i = 0; i < n; i++) {
        const aw = a[i].reduce((s, x, j) => s + x * r.weights[j], 0);
        expect(Math.abs(aw - r.lambdaMax * r.weights[i])).toBeLessThanOrEqual(1e-12);
      }
      expect(r.lambdaMax).toBeGreaterThanOrEqual(n);
    }
  });

  it('differs from the column-average approximation on an inconsistent matrix', () => {
    const n = drinks.length;
    const colSums = drinks[0].map((_, j) => drinks.reduce((s, row) => s + row[j], 0));
    const approx = drinks.map((row) => row.reduce((s, x, j) => s + x / colSums[j], 0) / n);
    const exact = ahp(drinks).weights;
    expect(Math.max(...approx.map((x, i) => Math.abs(x - exact[i])))).toBeGreaterThan(1e-4);
  });

  it('a perfectly consistent matrix has λmax = n, CI = CR = 0 and weights = the generating vector (1e-12)', () => {
    for (let n = 2; n <= 15; n++) {
      const w = Array.from({ length: n }, (_, i) => 1 + ((i * 7) % 5));
      const total = w.reduce((a, b) => a + b, 0);
      const r = ahp(consistentMatrix(w));
      expect(r.lambdaMax).toBeCloseTo(n, 12);
      expect(r.ci).toBeLessThan(1e-12);
      if (n <= 2) expect(r.cr).toBeNull();
      else expect(r.cr!).toBeLessThan(1e-12);
      r.weights.forEach((x, i) => expect(x).toBeCloseTo(w[i] / total, 12));
      expect(r.mostInconsistent).toBeNull();
    }
  });

  it('power iteration converges from any start to the same vector (1e-13)', () => {
    const a = toDense(drinks);
    const x = new Float64Array(7).fill(1 / 7);
    principalEigen(a, 7, x);
    ahp(drinks).weights.forEach((w, i) => expect(x[i]).toBeCloseTo(w, 13));
  });
});

describe('ahp: most inconsistent judgment', () => {
  it('finds a single corrupted judgment in an otherwise consistent matrix and suggests its original value', () => {
    const w = [0.3, 0.25, 0.2, 0.15, 0.1];
    const a = consistentMatrix(w);
    a[1][3] *= 4;
    a[3][1] = 1 / a[1][3];
    const r = ahp(a);
    expect(r.cr!).toBeGreaterThan(0.01);
    expect(r.mostInconsistent).toMatchObject({ i: 1, j: 3 });
    // The λmax-minimising value restores consistency: tolerance 1e-8 relative, CR after < 1e-10.
    expect(r.mostInconsistent!.optimum / (w[1] / w[3])).toBeCloseTo(1, 8);
    expect(r.mostInconsistent!.crAtOptimum!).toBeLessThan(1e-10);
  });

  it('in a 3×3 matrix, any one judgment can restore consistency: the suggestion does', () => {
    const a = reciprocal(3, { '0,1': 2, '1,2': 2, '0,2': 8 });
    const m = ahp(a).mostInconsistent!;
    const fixed = a.map((row) => row.slice());
    fixed[m.i][m.j] = m.suggested;
    fixed[m.j][m.i] = 1 / m.suggested;
    expect(ahp(fixed).cr!).toBeLessThan(1e-10);
    expect(m.crAfter!).toBeLessThan(1e-10);
  });

  it('lists judgments whose revisions tie in one order, by the pair, not as rounding falls', () => {
    // Each is one inconsistent cycle whose judgments are all equally off: revising any one of
    // them restores consistency, so all tie (CR 0 at each optimum). The list must not depend on
    // the last bits of the eigen-solves: it follows the pairs, (0,1) before (0,2) before (1,2).
    const cycles = [
      reciprocal(3, { '0,1': 2, '1,2': 2, '0,2': 1 }),
      reciprocal(3, { '0,1': 3, '1,2': 3, '0,2': 1 }),
      [
        [1, 2, null, 1 / 2],
        [1 / 2, 1, 2, null],
        [null, 1 / 2, 1, 2],
        [2, null, 1 / 2, 1],
      ],
      [
        [1, 5, null, 1 / 5],
        [1 / 5, 1, 5, null],
        [null, 1 / 5, 1, 5],
        [5, null, 1 / 5, 1],
      ],
    ];
    for (const a of cycles) {
      const listed = ahp(a).inconsistencies;
      expect(listed.length, JSON.stringify(a)).toBe(3);
      for (const j of listed) expect(j.crAtOptimum!).toBeLessThan(1e-10);
      const pairs = listed.map((j) => [j.i, j.j]);
      expect(pairs, JSON.stringify(a)).toEqual([...pairs].sort((p, q) => p[0] - q[0] || p[1] - q[1]));
    }
  });

  it('never suggests the judgment already given: when the best value lies beyond the scale, the end of the scale that is already there is no help', () => {
    // The leader example's "charisma" matrix (Wikipedia, after Saaty): its best fix of 1–3 lies beyond 9, where it already is.
    const charisma = [
      [1, 5, 9],
      [1 / 5, 1, 4],
      [1 / 9, 1 / 4, 1],
    ];
    const r = ahp(charisma);
    expect(r.cr!).toBeGreaterThan(0);
    for (const m of r.inconsistencies) expect(Math.abs(Math.log(m.suggested / m.current))).toBeGreaterThan(1e-9);
    // A random sample of matrices on the 1–9 scale: the same holds for every suggestion.
    const rng = createRng(7);
    const scale = [1 / 9, 1 / 7, 1 / 5, 1 / 3, 1, 3, 5, 7, 9];
    for (let k = 0; k < 40; k++) {
      const n = 3 + (k % 5);
      const upper: Record<string, number> = {};
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) upper[`${i},${j}`] = scale[Math.floor(rng.uniform() * scale.length)];
      for (const m of ahp(reciprocal(n, upper)).inconsistencies) expect(Math.abs(Math.log(m.suggested / m.current))).toBeGreaterThan(1e-9);
    }
  });

  it('matches a brute-force search over every judgment and value (λmax to 1e-9), on 6 matrices', () => {
    const rng = createRng(99);
    const fixed = reciprocal(5, { '0,1': 3, '0,2': 1 / 2, '0,3': 7, '0,4': 2, '1,2': 1 / 5, '1,3': 2, '1,4': 1 / 3, '2,3': 9, '2,4': 4, '3,4': 1 / 6 });
    const matrices = [fixed];
    for (let k = 0; k < 5; k++) {
      const n = 4 + (k % 3);
      const upper: Record<string, number> = {};
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) upper[`${i},${j}`] = Math.exp((rng.uniform() - 0.5) * 2 * Math.log(9));
      matrices.push(reciprocal(n, upper));
    }
    for (const a of matrices) {
      const n = a.length;
      let best = Infinity;
      for (let i = 0; i < n; i++) {
        for (let j = i + 1; j < n; j++) {
          // Golden-section search of λmax over ln a_ij ∈ [−ln 1000, ln 1000] (λ is convex in it).
          const lambdaAt = (t: number) => {
            const b = a.map((row) => row.slice());
            b[i][j] = Math.exp(t);
            b[j][i] = Math.exp(-t);
            // The eigenvalue alone (not the whole analysis), from a uniform start.
            return Math.max(n, principalEigen(toDense(b), n, new Float64Array(n).fill(1 / n)));
          };
          let lo = -Math.log(1000);
          let hi = Math.log(1000);
          const g = (Math.sqrt(5) - 1) / 2;
          for (let k = 0; k < 70; k++) {
            const x1 = hi - g * (hi - lo);
            const x2 = lo + g * (hi - lo);
            if (lambdaAt(x1) < lambdaAt(x2)) hi = x2;
            else lo = x1;
          }
          best = Math.min(best, lambdaAt((lo + hi) / 2));
        }
      }
      const m = ahp(a).mostInconsistent!;
      const revised = m.crAtOptimum! * RANDOM_INDEX[n] * (n - 1) + n;
      expect(Math.abs(revised - best)).toBeLessThan(1e-9);
    }
  });
});

describe('ahpGroup (AIJ)', () => {
  const a = reciprocal(3, { '0,1': 3, '0,2': 5, '1,2': 2 });
  const b = reciprocal(3, { '0,1': 1 / 3, '0,2': 1, '1,2': 4 });

  it('aggregates element-wise by weighted geometric mean, exactly reciprocal (1e-15)', () => {
    const g = aggregateJudgments([a, b]);
    expect(g[0][1]).toBeCloseTo(1, 15);
    expect(g[0][2]).toBeCloseTo(Math.sqrt(5), 15);
    expect(g[1][2]).toBeCloseTo(Math.sqrt(8), 14);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) expect(g[i][j]! * g[j][i]!).toBeCloseTo(1, 15);
    const weighted = aggregateJudgments([a, b], [3, 1]);
    expect(weighted[0][2]).toBeCloseTo(5 ** 0.75, 14);
  });

  it('reports the group result plus each individual result', () => {
    const r = ahpGroup([a, b]);
    expect(r.individual).toHaveLength(2);
    expect(r.individual[0]).toEqual(ahp(a));
    expect(r.weights).toEqual(ahp(r.matrix).weights);
  });

  it('a group of one, or one judge with all the weight, equals that judge', () => {
    expect(ahpGroup([a]).weights.map((x) => x.toFixed(14))).toEqual(ahp(a).weights.map((x) => x.toFixed(14)));
    expect(ahpGroup([a, b], [1, 0]).weights.map((x) => x.toFixed(14))).toEqual(ahp(a).weights.map((x) => x.toFixed(14)));
  });
});
