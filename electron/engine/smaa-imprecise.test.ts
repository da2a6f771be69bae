import { describe, expect, it } from 'vitest';
import { centroidMetaWeights, planSmaa, smaa } from './smaa';

/** Monte Carlo tolerance: 5 binomial standard errors. */
const mc = (p: number, samples: number) => 5 * Math.sqrt(Math.max(p * (1 - p), 1e-4) / samples);

describe('smaa: fair ties', () => {
  it('two identical alternatives among others have equal acceptabilities (5 s.e.) and beat each other half the time', () => {
    const samples = 40_000;
    const r = smaa({
      values: [
        [0.9, 0.1, 0.5],
        [0.2, 0.8, 0.4],
        [0.9, 0.1, 0.5],
        [0.5, 0.5, 0.2],
      ],
      weights: { kind: 'uniform' },
      samples,
      seed: 3,
    });
    for (let k = 0; k < 4; k++) expect(Math.abs(r.rankAcceptability[0][k] - r.rankAcceptability[2][k])).toBeLessThan(mc(r.rankAcceptability[0][k], samples));
    expect(r.rankAcceptability[0][0]).toBeGreaterThan(0.2);
    expect(r.pairwiseWinning[0][2]).toBe(0.5);
    r.rankAcceptability.forEach((row) => expect(row.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12));
    for (let k = 0; k < 4; k++) expect(r.rankAcceptability.reduce((s, row) => s + row[k], 0)).toBeCloseTo(1, 12);
  });
});

describe('smaa: pairwise winning and holistic acceptability', () => {
  it('pairwise winning indices match the analytic values (5 s.e.) and P(i over j) + P(j over i) = 1', () => {
    // a = (1, 0), b = (0, 0.5), c = (0.4, 0.4); w = (x, 1 − x), x ~ U(0, 1):
    // a over b iff x > 0.5(1 − x) ⇔ x > 1/3 → 2/3; a over c iff x > 0.4 → 0.6;
    // c (0.4) over b (0.5(1 − x)) iff x > 0.2 → 0.8.
    const samples = 40_000;
    const r = smaa({
      values: [
        [1, 0],
        [0, 0.5],
        [0.4, 0.4],
      ],
      weights: { kind: 'uniform' },
      samples,
      seed: 4,
    });
    const expected = [
      [0, 2 / 3, 0.6],
      [1 / 3, 0, 0.2],
      [0.4, 0.8, 0],
    ];
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        expect(Math.abs(r.pairwiseWinning[i][j] - expected[i][j])).toBeLessThan(mc(expected[i][j], samples) + 1e-15);
        if (i !== j) expect(r.pairwiseWinning[i][j] + r.pairwiseWinning[j][i]).toBeCloseTo(1, 12);
      }
    }
  });

  it('holistic acceptability uses the centroid meta-weights (α1 = 1, decreasing) on the rank acceptabilities', () => {
    expect(centroidMetaWeights(3)).toEqual([1, (1 / 2 + 1 / 3) / (1 + 1 / 2 + 1 / 3), 1 / 3 / (1 + 1 / 2 + 1 / 3)]);
    const r = smaa({
      values: [
        [1, 0],
        [0, 1],
        [0, 0],
      ],
      weights: { kind: 'uniform' },
      samples: 5000,
      seed: 2,
    });
    r.holisticAcceptability.forEach((h, i) =>
      expect(h).toBeCloseTo(
        r.rankAcceptability[i].reduce((s, b, k) => s + r.metaWeights[k] * b, 0),
        14,
      ),
    );
    // Always last: its holistic index is α_3 exactly.
    expect(r.holisticAcceptability[2]).toBeCloseTo(r.metaWeights[2], 14);
  });
});

describe('smaa: imprecise weights', () => {
  it('interval weights: w1 uniform on [0.2, 0.6] → a = (1, 0) beats b = (0, 1) with probability 0.25 (5 s.e.)', () => {
    const samples = 40_000;
    const r = smaa({
      values: [
        [1, 0],
        [0, 1],
      ],
      weights: {
        kind: 'intervals',
        intervals: [
          [0.2, 0.6],
          [0, 1],
        ],
      },
      samples,
      seed: 5,
    });
    expect(Math.abs(r.rankAcceptability[0][0] - 0.25)).toBeLessThan(mc(0.25, samples));
    // Central weights of a: w1 uniform on [0.5, 0.6] → mean 0.55.
    expect(Math.abs(r.centralWeights[0]![0] - 0.55)).toBeLessThan(0.003);
  });

  it('interval weights that force a winner give it acceptability 1', () => {
    const r = smaa({
      values: [
        [0.9, 0.1, 0.5],
        [0.1, 0.9, 0.5],
        [0.5, 0.5, 0.1],
      ],
      weights: {
        kind: 'intervals',
        intervals: [
          [0.6, 0.8],
          [0, 0.2],
          [0.1, 0.3],
        ],
      },
      samples: 20_000,
      seed: 6,
    });
    expect(r.rankAcceptability[0][0]).toBe(1);
    expect(r.pairwiseWinning[0][1]).toBe(1);
  });

  it('interval weights stay within the bounds and sum to 1, and their mean is inside', () => {
    const intervals: Array<[number, number]> = [
      [0.1, 0.3],
      [0.2, 0.5],
      [0, 0.4],
      [0.25, 0.3],
    ];
    const r = smaa({ values: [[1, 1, 1, 1]], weights: { kind: 'intervals', intervals }, samples: 20_000, seed: 7 });
    const mean = r.centralWeights[0]!;
    expect(mean.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
    mean.forEach((x, j) => {
      expect(x).toBeGreaterThan(intervals[j][0]);
      expect(x).toBeLessThan(intervals[j][1]);
    });
  });

  it('refuses intervals no weights fit, or too narrow to sample, naming weights.intervals', () => {
    const plan = (intervals: Array<[number, number]>) => () =>
      planSmaa({ values: [[1, 1, 1]], weights: { kind: 'intervals', intervals }, samples: 1, seed: 1 });
    expect(
      plan([
        [0.55, 0.6],
        [0.5, 0.6],
        [0, 0.1],
      ]),
    ).toThrow(/weights.intervals: the lower bounds add up to 1.05 > 1/);
    expect(
      plan([
        [0, 0.1],
        [0, 0.1],
        [0, 0.1],
      ]),
    ).toThrow(/upper bounds add up to 0.3 < 1/);
    // Bounds that fix the weights exactly leave nothing to sample.
    expect(
      plan([
        [0.2, 0.2],
        [0.3, 0.3],
        [0.5, 0.5],
      ]),
    ).toThrow(/the bounds fix every weight/);
  });

  it('narrow intervals in 12 dimensions use hit-and-run: mean = the centre and P(w_j > c_j) = 1/2 (point symmetry), 0.03', () => {
    // ±50% around unequal centre weights c: rejection would keep far under 1% of draws. The
    // region is symmetric under w → 2c − w, so each weight's mean is c_j and its median c_j.
    const centre = Array.from({ length: 12 }, (_, j) => (j + 1) / 78);
    const intervals = centre.map((c): [number, number] => [0.5 * c, 1.5 * c]);
    expect(planSmaa({ values: [centre], weights: { kind: 'intervals', intervals }, samples: 1, seed: 1 })[0].weights).toMatchObject({ sampler: 'hit-and-run' });
    const mean = smaa({ values: [centre], weights: { kind: 'intervals', intervals }, samples: 20_000, seed: 11 }).centralWeights[0]!;
    mean.forEach((x, j) => expect(Math.abs(x - centre[j]) / centre[j]).toBeLessThan(0.03));
    for (const j of [0, 5, 11]) {
      const a = centre.map((_, k) => (k === j ? 1 : 0));
      const b = centre.map(() => centre[j]);
      const r = smaa({ values: [a, b], weights: { kind: 'intervals', intervals }, samples: 20_000, seed: 12 + j });
      expect(Math.abs(r.pairwiseWinning[0][1] - 0.5)).toBeLessThan(0.03);
    }
  });

  it('a weak order with ties: criteria 0 and 1 tied above 2 → w2 is the smallest weight, E[w2] = 1/9 and E[w0] = E[w1] = 4/9 (0.002)', () => {
    // Uniform on {w0, w1 ≥ w2} = the simplex where w2 is the minimum: E[min] = 1/n² = 1/9.
    const r = smaa({ values: [[1, 1, 1]], weights: { kind: 'ordinal', groups: [[0, 1], [2]] }, samples: 100_000, seed: 8 });
    const mean = r.centralWeights[0]!;
    expect(Math.abs(mean[2] - 1 / 9)).toBeLessThan(0.002);
    expect(Math.abs(mean[0] - 4 / 9)).toBeLessThan(0.002);
    expect(Math.abs(mean[1] - 4 / 9)).toBeLessThan(0.002);
    // (1/3, 1/3, 1/3) always beats (0, 0, 1), whose total w2 ≤ 1/3; (1, 0, 0) beats (0, 1, 0) half the time.
    const s = smaa({
      values: [
        [1 / 3, 1 / 3, 1 / 3],
        [0, 0, 1],
        [1, 0, 0],
        [0, 1, 0],
      ],
      weights: { kind: 'ordinal', groups: [[0, 1], [2]] },
      samples: 40_000,
      seed: 9,
    });
    expect(s.pairwiseWinning[0][1]).toBe(1);
    expect(Math.abs(s.pairwiseWinning[2][3] - 0.5)).toBeLessThan(mc(0.5, 40_000));
  });

  it('singleton groups are the strict order: the same answer as `order`', () => {
    const values = [
      [0.9, 0.1, 0.5],
      [0.2, 0.8, 0.4],
    ];
    const a = smaa({ values, weights: { kind: 'ordinal', order: [1, 2, 0] }, samples: 5000, seed: 10 });
    const b = smaa({ values, weights: { kind: 'ordinal', groups: [[1], [2], [0]] }, samples: 5000, seed: 10 });
    expect(b).toEqual(a);
  });
});
