import { describe, expect, it } from 'vitest';
import { SAATY_SCALE, ahp, ahpGroup, aggregateJudgments, compatibilityIndex, consensus, type PairwiseMatrix } from './ahp';
import { createRng } from './rng';

const consistent = (w: readonly number[]): number[][] => w.map((wi) => w.map((wj) => wi / wj));

/** A copy of `a` with the given pairs (i < j) set to null on both sides. */
function without(a: readonly (readonly number[])[], pairs: Array<[number, number]>): (number | null)[][] {
  const b: (number | null)[][] = a.map((row) => row.slice());
  for (const [i, j] of pairs) {
    b[i][j] = null;
    b[j][i] = null;
  }
  return b;
}

function randomMatrix(n: number, seed: number): number[][] {
  const rng = createRng(seed);
  const a = Array.from({ length: n }, () => new Array<number>(n).fill(1));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      a[i][j] = SAATY_SCALE[Math.floor(rng.uniform() * SAATY_SCALE.length)];
      a[j][i] = 1 / a[i][j];
    }
  }
  return a;
}

describe('ahp: incomplete comparisons (Harker)', () => {
  it("the issue's example: true weights .5/.25/.15/.1 with pairs 1–4 and 2–3 missing → exactly those weights, CR 0 (1e-12)", () => {
    const w = [0.5, 0.25, 0.15, 0.1];
    const r = ahp(
      without(consistent(w), [
        [0, 3],
        [1, 2],
      ]),
    );
    r.weights.forEach((x, k) => expect(Math.abs(x - w[k])).toBeLessThan(1e-12));
    expect(r.cr!).toBeLessThan(1e-12);
    expect(r.missingPairs).toEqual([
      [0, 3],
      [1, 2],
    ]);
    expect(r.answeredPairs).toBe(4);
    expect(r.minimumPairs).toBe(3);
    expect(r.inconsistencies).toEqual([]);
  });

  it("the issue's figures for the old shortcut: filling the two missing pairs with 1 gives .385/.247/.188/.181 and CR .138 (3 decimals)", () => {
    const filled = consistent([0.5, 0.25, 0.15, 0.1]);
    for (const [i, j] of [
      [0, 3],
      [1, 2],
    ]) {
      filled[i][j] = 1;
      filled[j][i] = 1;
    }
    const r = ahp(filled);
    expect(r.weights.map((x) => x.toFixed(3))).toEqual(['0.385', '0.247', '0.188', '0.181']);
    expect(r.cr!.toFixed(3)).toBe('0.138');
  });

  it('a consistent matrix reduced to a spanning tree (n − 1 pairs) still gives exactly its weights (1e-12)', () => {
    const w = [0.3, 0.05, 0.2, 0.1, 0.25, 0.1];
    const missing: Array<[number, number]> = [];
    // Keep only the star around criterion 2.
    for (let i = 0; i < 6; i++) for (let j = i + 1; j < 6; j++) if (i !== 2 && j !== 2) missing.push([i, j]);
    const r = ahp(without(consistent(w), missing));
    r.weights.forEach((x, k) => expect(Math.abs(x - w[k])).toBeLessThan(1e-12));
    expect(r.cr!).toBeLessThan(1e-12);
    expect(r.answeredPairs).toBe(5);
  });

  it('is the eigenvector of the matrix completed with w_i/w_j (Harker’s defining property), λ and w to 1e-10', () => {
    for (const seed of [1, 2, 3]) {
      const full = randomMatrix(7, seed);
      const pairs: Array<[number, number]> = [
        [0, 3],
        [1, 5],
        [2, 6],
        [4, 5],
        [0, 6],
      ];
      const r = ahp(without(full, pairs));
      const completed = full.map((row) => row.slice());
      for (const [i, j] of pairs) {
        completed[i][j] = r.weights[i] / r.weights[j];
        completed[j][i] = 1 / completed[i][j];
      }
      const c = ahp(completed);
      c.weights.forEach((x, k) => expect(Math.abs(x - r.weights[k])).toBeLessThan(1e-10));
      expect(Math.abs(c.lambdaMax - r.lambdaMax)).toBeLessThan(1e-10);
    }
  });

  it('a complete matrix gives the same answer as before: no missing pairs, no next pair', () => {
    const r = ahp(randomMatrix(5, 9));
    expect(r.missingPairs).toEqual([]);
    expect(r.nextPair).toBeNull();
    expect(r.answeredPairs).toBe(10);
  });

  it('refuses pairs that do not connect all criteria, naming the criterion', () => {
    const a = without(consistent([0.4, 0.3, 0.2, 0.1]), [
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
    expect(() => ahp(a)).toThrow(/criterion 3 is not linked to criterion 0/);
    expect(() => ahp(a, { labels: ['cost', 'speed', 'safety', 'support'] })).toThrow(/"support" is not linked to "cost"/);
  });

  it("Harker's next pair is the missing pair whose answer moves the weights most (finite differences, 5 matrices)", () => {
    for (const seed of [11, 12, 13, 14, 15]) {
      const full = randomMatrix(6, seed);
      const pairs: Array<[number, number]> = [
        [0, 2],
        [1, 4],
        [3, 5],
        [0, 5],
        [2, 3],
      ];
      const incomplete = without(full, pairs);
      const r = ahp(incomplete);
      // Fill each missing pair with its implied value times e^(±h) and measure Σ|Δw|/(2h).
      const h = 1e-5;
      const moved = pairs.map(([i, j]) => {
        const at = (t: number) => {
          const b = incomplete.map((row) => row.slice());
          b[i][j] = (r.weights[i] / r.weights[j]) * Math.exp(t);
          b[j][i] = 1 / b[i][j]!;
          return ahp(b).weights;
        };
        const up = at(h);
        const down = at(-h);
        return up.reduce((s, x, k) => s + Math.abs(x - down[k]), 0) / (2 * h);
      });
      const best = moved.indexOf(Math.max(...moved));
      expect(r.nextPair).toEqual(pairs[best]);
    }
  });

  it('accepts rounded reciprocals as typed (0.33, 0.2, 0.14): the entry ≥ 1 is the judgment', () => {
    const r = ahp([
      [1, 3, 0.14],
      [0.33, 1, 0.2],
      [7, 5, 1],
    ]);
    const exact = ahp([
      [1, 3, 1 / 7],
      [1 / 3, 1, 1 / 5],
      [7, 5, 1],
    ]);
    r.weights.forEach((x, k) => expect(x).toBeCloseTo(exact.weights[k], 14));
  });

  it('warns (does not refuse) about judgments outside 1/9…9', () => {
    const r = ahp([
      [1, 12, 2],
      [1 / 12, 1, 1 / 3],
      [0.5, 3, 1],
    ]);
    expect(r.warnings).toEqual([{ i: 0, j: 1, value: 12, message: expect.stringMatching(/12 is outside Saaty's 1\/9…9 scale/) }]);
    expect(ahp(consistent([0.9, 0.1])).warnings).toEqual([]);
  });

  it('names the source of the random index', () => {
    expect(ahp(randomMatrix(4, 1)).randomIndexSource).toMatch(/Saaty/);
  });
});

describe('ahp: consistency help', () => {
  it('lists up to three judgments, best first; the first is mostInconsistent', () => {
    const r = ahp(randomMatrix(6, 21));
    expect(r.inconsistencies.length).toBeGreaterThan(0);
    expect(r.inconsistencies.length).toBeLessThanOrEqual(3);
    expect(r.mostInconsistent).toEqual(r.inconsistencies[0]);
    for (let k = 1; k < r.inconsistencies.length; k++) expect(r.inconsistencies[k].crAtOptimum!).toBeGreaterThanOrEqual(r.inconsistencies[k - 1].crAtOptimum!);
  });

  it('snaps each suggestion to the best value of the 1–9 scale, and crAfter is the CR it gives (brute force over the scale, 1e-9)', () => {
    for (const seed of [31, 32, 33]) {
      const a = randomMatrix(5, seed);
      const r = ahp(a);
      for (const s of r.inconsistencies) {
        expect(SAATY_SCALE).toContain(s.suggested);
        const crWith = (x: number) => {
          const b = a.map((row) => row.slice());
          b[s.i][s.j] = x;
          b[s.j][s.i] = 1 / x;
          return ahp(b).cr!;
        };
        expect(Math.abs(crWith(s.suggested) - s.crAfter!)).toBeLessThan(1e-9);
        const bestOnScale = Math.min(...SAATY_SCALE.map(crWith));
        expect(s.crAfter! - bestOnScale).toBeLessThan(1e-9);
        expect(s.crAfter!).toBeGreaterThanOrEqual(s.crAtOptimum! - 1e-12);
      }
    }
  });
});

describe('ahpGroup: AIJ, AIP, consensus, compatibility', () => {
  const a = consistent([0.5, 0.3, 0.2]);
  const b: number[][] = [
    [1, 1 / 3, 1],
    [3, 1, 4],
    [1, 1 / 4, 1],
  ];

  it('AIP of identical judges equals each judge; S* = 1; compatibility 1 for a consistent judge (1e-12)', () => {
    const r = ahpGroup([a, a, a], undefined, 'aip');
    r.weights.forEach((x, k) => expect(x).toBeCloseTo([0.5, 0.3, 0.2][k], 12));
    expect(r.consensus!.sStar).toBeCloseTo(1, 12);
    expect(r.consensus!.label).toBe('very-high');
    r.compatibility.forEach((s) => expect(s!).toBeCloseTo(1, 12));
  });

  it('AIP is the normalised weighted geometric mean of the individual priorities', () => {
    const r = ahpGroup([a, b], [3, 1], 'aip');
    const wa = ahp(a).weights;
    const wb = ahp(b).weights;
    const g = wa.map((x, k) => x ** 0.75 * wb[k] ** 0.25);
    const sum = g.reduce((s, x) => s + x, 0);
    r.weights.forEach((x, k) => expect(x).toBeCloseTo(g[k] / sum, 14));
    expect(r.aggregation).toBe('aip');
  });

  it("a judge's compatibility with their own eigenvector is λmax/n (Saaty), 1e-12", () => {
    const r = ahp(b);
    expect(compatibilityIndex(b, r.weights)).toBeCloseTo(r.lambdaMax / 3, 12);
  });

  it('S* = 0 for two judges at opposite extremes of the 1–9 scale (n = 2), and lies between for partial agreement', () => {
    const extreme = consensus(
      [
        [0.9, 0.1],
        [0.1, 0.9],
      ],
      [1, 1],
    );
    expect(extreme.sStar).toBeCloseTo(0, 12);
    expect(extreme.label).toBe('very-low');
    const partial = consensus(
      [
        [0.6, 0.4],
        [0.4, 0.6],
      ],
      [1, 1],
    ).sStar;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(1);
  });

  it('AIJ over incomplete judges: a pair counts the judges who gave it; each participant has their CR and compatibility', () => {
    const pa: PairwiseMatrix = without(a, [[0, 2]]);
    const pb: PairwiseMatrix = without(b, [[0, 1]]);
    const g = aggregateJudgments([pa, pb]);
    expect(g[0][1]).toBeCloseTo(a[0][1], 14);
    expect(g[0][2]).toBeCloseTo(b[0][2], 14);
    expect(g[1][2]).toBeCloseTo(Math.sqrt(a[1][2] * b[1][2]), 14);
    const r = ahpGroup([pa, pb]);
    // Each judge left a spanning tree of a 3×3: consistent by construction.
    r.individual.forEach((x) => expect(x!.cr!).toBeLessThan(1e-12));
    expect(r.compatibility.every((s) => s !== null && s >= 1)).toBe(true);
    // Nobody judged a pair: the group matrix keeps it missing.
    expect(aggregateJudgments([pa, without(b, [[0, 2]])])[0][2]).toBeNull();
  });

  it('a participant whose pairs do not connect yet is left out (null), not an error', () => {
    const lone = without(consistent([0.4, 0.3, 0.2, 0.1]), [
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
    const r = ahpGroup([consistent([0.4, 0.3, 0.2, 0.1]), lone], undefined, 'aip');
    expect(r.individual[1]).toBeNull();
    expect(r.compatibility[1]).toBeNull();
    r.weights.forEach((x, k) => expect(x).toBeCloseTo([0.4, 0.3, 0.2, 0.1][k], 12));
  });
});
