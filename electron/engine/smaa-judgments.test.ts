import { describe, expect, it } from 'vitest';
// mulberry32: an independent generator for the reference sampler (not the engine's).
import { mulberry32 } from '../../test/fixtures/prng';
import { smaa } from './smaa';
import { ahp } from './ahp';
import { EngineInputError } from '../../shared/scoring/errors';

/** Plain power iteration on a complete positive matrix, from the uniform vector. */
function eigenvector(a: number[][]): number[] {
  const n = a.length;
  let x = new Array<number>(n).fill(1 / n);
  for (let it = 0; it < 2000; it++) {
    const y = a.map((row) => row.reduce((s, v, j) => s + v * x[j], 0));
    const s = y.reduce((p, q) => p + q, 0);
    const next = y.map((v) => v / s);
    const change = Math.max(...next.map((v, i) => Math.abs(v - x[i])));
    x = next;
    if (change < 1e-13) break;
  }
  return x;
}

/** A judgment moved uniformly within one step of the 1–9 scale, kept within 1/9…9. */
function perturb(v: number, random: () => number): number {
  const p = v >= 1 ? v - 1 : 1 - 1 / v;
  const q = Math.min(8, Math.max(-8, p + (2 * random() - 1)));
  return q >= 0 ? 1 + q : 1 / (1 - q);
}

/** Elementwise geometric mean of complete matrices, with multiplicities, each with its weight (default equal). */
function geometricMean(ms: number[][][], q: number[] = ms.map(() => 1)): number[][] {
  const n = ms[0].length;
  const total = q.reduce((a, b) => a + b, 0);
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => Math.exp(ms.reduce((s, m, k) => s + q[k] * Math.log(m[i][j]), 0) / total)));
}

/** An index drawn with probability proportional to `q`. */
function drawIndex(q: number[], random: () => number): number {
  let u = random() * q.reduce((a, b) => a + b, 0);
  for (let k = 0; k < q.length; k++) {
    if (u < q[k]) return k;
    u -= q[k];
  }
  return q.length - 1;
}

function perturbedMatrix(m: number[][], random: () => number): number[][] {
  const n = m.length;
  const out = m.map((row) => row.slice());
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const v = m[i][j] >= m[j][i] ? m[i][j] : 1 / m[j][i];
      out[i][j] = perturb(v, random);
      out[j][i] = 1 / out[i][j];
    }
  }
  return out;
}

/** Reference draw of one weight vector, as the brief describes it, written from scratch. */
function referenceWeights(
  judges: number[][][],
  mode: 'bootstrap' | 'perturb',
  aggregation: 'aij' | 'aip',
  random: () => number,
  influence: number[] = judges.map(() => 1),
): number[] {
  // Bootstrap: judges drawn in proportion to their influence, each draw counting once;
  // perturb: every judge, their influence the exponent of the weighted geometric mean.
  const drawn = mode === 'bootstrap' ? judges.map(() => judges[drawIndex(influence, random)]) : judges.map((m) => perturbedMatrix(m, random));
  const q = mode === 'bootstrap' ? drawn.map(() => 1) : influence;
  const sq = q.reduce((a, b) => a + b, 0);
  if (aggregation === 'aij') return eigenvector(geometricMean(drawn, q));
  const ps = drawn.map(eigenvector);
  const g = ps[0].map((_, i) => Math.exp(ps.reduce((s, p, k) => s + q[k] * Math.log(p[i]), 0) / sq));
  const s = g.reduce((a, b) => a + b, 0);
  return g.map((v) => v / s);
}

function referenceAcceptability(
  values: number[][],
  judges: number[][][],
  mode: 'bootstrap' | 'perturb',
  aggregation: 'aij' | 'aip',
  samples: number,
  influence?: number[],
) {
  const random = mulberry32(12345);
  const m = values.length;
  const counts = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  for (let s = 0; s < samples; s++) {
    const w = referenceWeights(judges, mode, aggregation, random, influence);
    const totals = values.map((row) => row.reduce((acc, v, j) => acc + v * w[j], 0));
    totals.forEach((t, a) => counts[a][totals.filter((u) => u > t).length]++);
  }
  return counts.map((row) => row.map((c) => c / samples));
}

// Three judges who disagree about three criteria; the fourth participant did not judge.
const judges = [
  [
    [1, 3, 5],
    [1 / 3, 1, 2],
    [1 / 5, 1 / 2, 1],
  ],
  [
    [1, 1 / 2, 1],
    [2, 1, 3],
    [1, 1 / 3, 1],
  ],
  [
    [1, 1, 1 / 4],
    [1, 1, 1 / 3],
    [4, 3, 1],
  ],
];
const values = [
  [0.9, 0.2, 0.3],
  [0.3, 0.85, 0.35],
  [0.35, 0.3, 0.8],
];

describe('SMAA weights from the room’s judgments', () => {
  const cases = [
    ['bootstrap', 'aij'],
    ['perturb', 'aij'],
    ['bootstrap', 'aip'],
    ['perturb', 'aip'],
  ] as const;
  it.each(cases)('%s with %s matches an independent re-implementation within |z| < 4', (mode, aggregation) => {
    const samples = 20_000;
    const engine = smaa({ values, weights: { kind: 'judgments', matrices: [...judges, null], mode, aggregation }, samples, seed: 3 });
    const reference = referenceAcceptability(values, judges, mode, aggregation, samples);
    let informative = 0;
    engine.rankAcceptability.forEach((row, a) =>
      row.forEach((b, r) => {
        const ref = reference[a][r];
        const se = Math.sqrt(engine.standardError[a][r] ** 2 + (ref * (1 - ref)) / samples);
        if (se === 0) {
          expect(b).toBe(ref);
          return;
        }
        informative++;
        expect(Math.abs(b - ref) / se, `alternative ${a}, rank ${r}: engine ${b}, reference ${ref}`).toBeLessThan(4);
      }),
    );
    // The judges disagree enough that the ranking is genuinely uncertain.
    expect(informative).toBeGreaterThan(3);
  });

  it.each(cases)('%s with %s weighs the judges by their influence, matching an independent re-implementation within |z| < 4', (mode, aggregation) => {
    const samples = 20_000;
    const influence = [4, 1, 0.5];
    const engine = smaa({
      values,
      weights: { kind: 'judgments', matrices: [...judges, null], mode, aggregation, participantWeights: [...influence, 1] },
      samples,
      seed: 3,
    });
    const reference = referenceAcceptability(values, judges, mode, aggregation, samples, influence);
    const unweighted = referenceAcceptability(values, judges, mode, aggregation, samples);
    let informative = 0;
    let moved = 0;
    engine.rankAcceptability.forEach((row, a) =>
      row.forEach((b, r) => {
        const ref = reference[a][r];
        const se = Math.sqrt(engine.standardError[a][r] ** 2 + (ref * (1 - ref)) / samples);
        if (se === 0) {
          expect(b).toBe(ref);
          return;
        }
        informative++;
        expect(Math.abs(b - ref) / se, `alternative ${a}, rank ${r}: engine ${b}, reference ${ref}`).toBeLessThan(4);
        // The influences matter: the unweighted figures lie far from these.
        if (Math.abs(b - unweighted[a][r]) / se > 6) moved++;
      }),
    );
    expect(informative).toBeGreaterThan(3);
    expect(moved).toBeGreaterThan(0);
  });

  it('equal influences are the unweighted sampler exactly, and influence 0 is an observer who did not judge', () => {
    for (const [mode, aggregation] of cases) {
      const run = (participantWeights?: number[], matrices: (number[][] | null)[] = judges) =>
        smaa({ values, weights: { kind: 'judgments', matrices, mode, aggregation, participantWeights }, samples: 3000, seed: 5 }).rankAcceptability;
      expect(run([2, 2, 2])).toEqual(run());
      expect(run([0.3, 0.3, 0.3])).toEqual(run());
      const observer = [1, 1, 1, 0];
      expect(run(observer, [...judges, judges[2]])).toEqual(run());
    }
  });

  it('judges who all agree leave no uncertainty when resampled: the AHP winner always wins', () => {
    const one = judges[0];
    const res = smaa({ values, weights: { kind: 'judgments', matrices: [one, one, one], mode: 'bootstrap' }, samples: 2000, seed: 1 });
    const w = ahp(one).weights;
    const totals = values.map((row) => row.reduce((s, v, j) => s + v * w[j], 0));
    const winner = totals.indexOf(Math.max(...totals));
    expect(res.rankAcceptability[winner][0]).toBe(1);
    expect(res.standardError[winner][0]).toBe(0);
  });

  it('incomplete judgments are completed by Harker’s method and still sampled', () => {
    const partial = [
      [1, 3, null],
      [1 / 3, 1, 2],
      [null, 1 / 2, 1],
    ];
    const res = smaa({ values, weights: { kind: 'judgments', matrices: [partial, judges[1]], mode: 'perturb' }, samples: 4000, seed: 2 });
    for (let r = 0; r < 3; r++) expect(res.rankAcceptability.reduce((s, row) => s + row[r], 0)).toBeCloseTo(1, 12);
  });

  it('refuses to bootstrap a single judge, saying why', () => {
    const run = () => smaa({ values, weights: { kind: 'judgments', matrices: [judges[0], null], mode: 'bootstrap' }, samples: 100, seed: 1 });
    expect(run).toThrow(EngineInputError);
    expect(run).toThrow(/at least two/);
  });

  it('refuses judgments that do not connect the criteria', () => {
    const loose = [
      [1, 3, null],
      [1 / 3, 1, null],
      [null, null, 1],
    ];
    expect(() => smaa({ values, weights: { kind: 'judgments', matrices: [loose], mode: 'perturb' }, samples: 100, seed: 1 })).toThrow(/connect/);
  });
});
