import { describe, expect, it } from 'vitest';
import { createInlineRunner } from '../service/tasks/runner';
import { SHARD_SIZE, confidenceFactor, mergeSmaa, planSmaa, smaa, smaaShard, type SmaaInput } from './smaa';
import { rankWeights } from '../../shared/scoring/weights';

/** Monte Carlo tolerance: 5 binomial standard errors. */
const mcTolerance = (p: number, samples: number) => 5 * Math.sqrt(Math.max(p * (1 - p), 1e-4) / samples);

describe('smaa: exact small cases', () => {
  // a = (1, 0), b = (0, 0.5) with uniform w = (w1, 1 − w1), w1 ~ U(0, 1):
  // a wins iff w1 > 0.5 (1 − w1) ⇔ w1 > 1/3, so P(a first) = 2/3; central weights are the
  // conditional means: a (2/3, 1/3), b (1/6, 5/6). Hand-derived.
  const input: SmaaInput = {
    values: [
      [1, 0],
      [0, 0.5],
    ],
    weights: { kind: 'uniform' },
    samples: 200_000,
    seed: 11,
  };

  it('rank acceptabilities and central weights match the closed form (5 s.e.)', () => {
    const r = smaa(input);
    expect(Math.abs(r.rankAcceptability[0][0] - 2 / 3)).toBeLessThan(mcTolerance(2 / 3, input.samples));
    expect(r.rankAcceptability[0][0] + r.rankAcceptability[0][1]).toBeCloseTo(1, 15);
    expect(r.rankAcceptability[1][0]).toBeCloseTo(r.rankAcceptability[0][1], 15);
    // Central weight of a: mean of U(1/3, 1) (sd 0.19, n ≈ 133k); of b: mean of U(0, 1/3).
    expect(Math.abs(r.centralWeights[0]![0] - 2 / 3)).toBeLessThan((5 * 0.19) / Math.sqrt(133_000));
    expect(Math.abs(r.centralWeights[1]![0] - 1 / 6)).toBeLessThan((5 * 0.096) / Math.sqrt(66_000));
    // Without value uncertainty the confidence factor is 1 when the central weights make it win.
    expect(r.confidence).toEqual([1, 1]);
    expect(r.samples).toBe(input.samples);
  });

  it('uniform weights on 3 criteria: by symmetry each "specialist" wins 1/3', () => {
    const r = smaa({
      values: [
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ],
      weights: { kind: 'uniform' },
      samples: 100_000,
      seed: 3,
    });
    for (let a = 0; a < 3; a++) expect(Math.abs(r.rankAcceptability[a][0] - 1 / 3)).toBeLessThan(mcTolerance(1 / 3, 100_000));
    // Central weights of a Dirichlet(1,1,1) given w_a is the largest: E[max] = 11/18.
    expect(Math.abs(r.centralWeights[0]![0] - 11 / 18)).toBeLessThan(0.005);
  });

  it('an alternative that never wins has null central weights and confidence', () => {
    const r = smaa({
      values: [
        [1, 1],
        [0, 0],
      ],
      weights: { kind: 'uniform' },
      samples: 1000,
      seed: 1,
    });
    expect(r.rankAcceptability).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect(r.centralWeights[1]).toBeNull();
    expect(r.confidence[1]).toBeNull();
  });

  it('identical alternatives share their ranks equally (the lower index used to take all)', () => {
    const r = smaa({
      values: [
        [1, 2],
        [1, 2],
      ],
      weights: { kind: 'uniform' },
      samples: 1000,
      seed: 1,
    });
    expect(r.rankAcceptability).toEqual([
      [0.5, 0.5],
      [0.5, 0.5],
    ]);
    expect(r.pairwiseWinning).toEqual([
      [0, 0.5],
      [0.5, 0],
    ]);
  });
});

describe('smaa: weight models', () => {
  it('ordinal weights are uniform on the ranked region: their mean is the ROC centroid (4 s.e.)', () => {
    // The centroid of {w1 ≥ w2 ≥ … ≥ wn} is the rank-order-centroid vector (Barron & Barrett 1996).
    // Every sample ranks the single alternative first, so its central weights are the sample mean.
    const order = [2, 0, 3, 1];
    const r = smaa({ values: [[1, 1, 1, 1]], weights: { kind: 'ordinal', order }, samples: 100_000, seed: 9 });
    const roc = rankWeights(order, 'roc');
    r.centralWeights[0]!.forEach((w, j) => expect(Math.abs(w - roc[j])).toBeLessThan(0.002));
  });

  it('uniform weights are uniform on the simplex: mean 1/n with Var = (n − 1)/(n²(n + 1)) (5 s.e.)', () => {
    const n = 5;
    // Read the weights back through the central weights of a single alternative.
    const r = smaa({ values: [Array(n).fill(1)], weights: { kind: 'uniform' }, samples: 100_000, seed: 5 });
    r.centralWeights[0]!.forEach((w) => expect(Math.abs(w - 1 / n)).toBeLessThan(5 * Math.sqrt((n - 1) / (n * n * (n + 1)) / 100_000)));
    // Normalised independent uniforms would instead favour the centre; the P(w1 > 1/2) check:
    // for Dirichlet(1,…,1), P(w1 > x) = (1 − x)^(n−1) → with two alternatives (1,0,…) vs (1/2,…).
    const p = smaa({
      values: [Array.from({ length: n }, (_, j) => (j === 0 ? 1 : 0)), Array(n).fill(0.5)],
      weights: { kind: 'uniform' },
      samples: 100_000,
      seed: 6,
    });
    expect(Math.abs(p.rankAcceptability[0][0] - 0.5 ** (n - 1))).toBeLessThan(mcTolerance(0.5 ** (n - 1), 100_000));
  });

  it('"around" weights centre on `center` (mean within 0.002)', () => {
    const center = [0.5, 0.3, 0.2];
    const r = smaa({ values: [[1, 1, 1]], weights: { kind: 'around', center, spread: 0.05 }, samples: 50_000, seed: 2 });
    r.centralWeights[0]!.forEach((w, j) => expect(Math.abs(w - center[j])).toBeLessThan(0.002));
  });

  it('rejects a spread too large to stay around the centre, naming weights.spread', () => {
    expect(() => smaa({ values: [[1, 1]], weights: { kind: 'around', center: [0.5, 0.5], spread: 0.6 }, samples: 10, seed: 1 })).toThrow(/weights\.spread/);
  });
});

describe('smaa: invariants and reproducibility', () => {
  const values = [
    [0.9, 0.2, 0.5, 0.4],
    [0.4, 0.8, 0.3, 0.6],
    [0.6, 0.5, 0.7, 0.2],
    [0.3, 0.4, 0.9, 0.8],
  ];

  it('each rank-acceptability row and column sums to 1 (1e-12)', () => {
    const r = smaa({ values, valueSpread: values.map((row) => row.map(() => 0.1)), weights: { kind: 'uniform' }, samples: 20_000, seed: 4 });
    r.rankAcceptability.forEach((row) => expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12));
    for (let k = 0; k < 4; k++) expect(r.rankAcceptability.reduce((s, row) => s + row[k], 0)).toBeCloseTo(1, 12);
  });

  it('same seed → identical answer; another seed → a different one', () => {
    const input: SmaaInput = { values, weights: { kind: 'uniform' }, samples: 5000, seed: 77 };
    expect(smaa(input)).toEqual(smaa(input));
    expect(smaa({ ...input, seed: 78 })).not.toEqual(smaa(input));
  });

  it('the answer does not depend on how shards are run (inline runner vs direct)', async () => {
    const input: SmaaInput = {
      values,
      valueSpread: values.map((row) => row.map(() => 0.05)),
      weights: { kind: 'uniform' },
      samples: 2 * SHARD_SIZE + 123,
      seed: 5,
    };
    const shards = planSmaa(input);
    expect(shards.map((s) => s.samples)).toEqual([SHARD_SIZE, SHARD_SIZE, 123]);
    const viaRunner = mergeSmaa(input, await createInlineRunner().run('smaaShard', shards));
    expect(viaRunner).toEqual(smaa(input));
  });

  it('permuting alternatives permutes rank acceptabilities exactly (no value noise)', () => {
    const perm = [3, 1, 0, 2];
    const a = smaa({ values, weights: { kind: 'uniform' }, samples: 20_000, seed: 8 });
    const b = smaa({ values: perm.map((i) => values[i]), weights: { kind: 'uniform' }, samples: 20_000, seed: 8 });
    perm.forEach((from, to) => {
      expect(b.rankAcceptability[to]).toEqual(a.rankAcceptability[from]);
      expect(b.centralWeights[to]).toEqual(a.centralWeights[from]);
    });
  });

  it('scaling all values by a positive constant leaves every acceptability unchanged', () => {
    const a = smaa({ values, weights: { kind: 'uniform' }, samples: 20_000, seed: 8 });
    const b = smaa({ values: values.map((row) => row.map((v) => v * 4 + 0)), weights: { kind: 'uniform' }, samples: 20_000, seed: 8 });
    expect(b.rankAcceptability).toEqual(a.rankAcceptability);
  });

  it('acceptabilities converge as samples grow: error within 5 s.e. at 1k, 10k, 100k and shrinking', () => {
    const exact = 2 / 3; // the closed-form case above
    const errors = [1000, 10_000, 100_000].map((samples) => {
      const r = smaa({
        values: [
          [1, 0],
          [0, 0.5],
        ],
        weights: { kind: 'uniform' },
        samples,
        seed: 21,
      });
      const error = Math.abs(r.rankAcceptability[0][0] - exact);
      expect(error).toBeLessThan(mcTolerance(exact, samples));
      return error;
    });
    expect(errors[2]).toBeLessThan(mcTolerance(exact, 10_000) / 5 + 1e-3);
  });

  it('reports progress monotonically up to 1', () => {
    const seen: number[] = [];
    smaaShard(planSmaa({ values, weights: { kind: 'uniform' }, samples: SHARD_SIZE, seed: 1 })[0], (d) => seen.push(d));
    expect(seen.length).toBeGreaterThan(4);
    expect(seen.at(-1)).toBe(1);
    seen.forEach((d, i) => i > 0 && expect(d).toBeGreaterThanOrEqual(seen[i - 1]));
  });
});

describe('smaa: confidence factors', () => {
  it('two alternatives with normal values: P(first) = Φ(Δμ/√(s_a² + s_b²)) (1e-6)', () => {
    // With one criterion, totals are N(μ, s²); P(T_a > T_b) = Φ((μ_a − μ_b)/√(s_a² + s_b²)).
    const input: SmaaInput = { values: [[0.6], [0.5]], valueSpread: [[0.1], [0.2]], weights: { kind: 'uniform' }, samples: 1, seed: 1 };
    const p = confidenceFactor(input, 0, [1]);
    // Φ(0.1/√0.05) = Φ(0.4472136) = 0.6726396 (table value).
    expect(Math.abs(p - 0.6726396)).toBeLessThan(1e-6);
    expect(confidenceFactor(input, 1, [1]) + p).toBeCloseTo(1, 6);
  });

  it('an odd number of alternatives with value spread: sampled first-rank shares match the integrated probabilities (5 s.e.)', () => {
    // One criterion: each total is N(μ, s²) whatever the weights, so SMAA's first-rank share of
    // each alternative is P(it is the largest), which confidenceFactor integrates independently.
    // Three alternatives also exercise the totals loop's odd one out.
    const samples = 200_000;
    const input: SmaaInput = { values: [[0.6], [0.5], [0.45]], valueSpread: [[0.1], [0.2], [0.05]], weights: { kind: 'uniform' }, samples, seed: 13 };
    const r = smaa(input);
    for (let a = 0; a < 3; a++) {
      const p = confidenceFactor(input, a, [1]);
      expect(Math.abs(r.rankAcceptability[a][0] - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / samples));
    }
  });

  it('agrees with a direct Monte Carlo estimate on a 4-alternative case, including a zero-spread alternative (5 s.e.)', () => {
    const values = [
      [0.7, 0.2],
      [0.5, 0.5],
      [0.3, 0.75],
      [0.45, 0.45],
    ];
    const spread = [
      [0.15, 0.1],
      [0.05, 0.05],
      [0.2, 0.1],
      [0, 0],
    ];
    const input: SmaaInput = { values, valueSpread: spread, weights: { kind: 'uniform' }, samples: 1, seed: 1 };
    const wc = [0.55, 0.45];
    // Monte Carlo: rank with fixed weights and normal values, 200k draws, seeded Box–Muller.
    let state = 12345;
    const uniform = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) + 0.5) / 2 ** 32;
    const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    const draws = 200_000;
    const wins = [0, 0, 0, 0];
    for (let s = 0; s < draws; s++) {
      let best = -1;
      let bestTotal = -Infinity;
      values.forEach((row, a) => {
        const t = row.reduce((acc, v, j) => acc + wc[j] * (v + spread[a][j] * normal()), 0);
        if (t > bestTotal) {
          bestTotal = t;
          best = a;
        }
      });
      wins[best]++;
    }
    for (let a = 0; a < 4; a++) {
      const p = confidenceFactor(input, a, wc);
      expect(Math.abs(p - wins[a] / draws)).toBeLessThan(mcTolerance(p, draws));
    }
  });
});
