import { describe, expect, it } from 'vitest';
import { EngineInputError } from './errors';
import { normaliseWeights, otherWeightShares, rankWeights, rescaleWeights } from './weights';

const sum = (xs: ArrayLike<number>) => Array.from(xs).reduce((a, b) => a + b, 0);

describe('rankWeights', () => {
  it('ROC for n = 4 matches Barron & Barrett (1996) to the 4 decimals printed', () => {
    // Barron, F. H. & Barrett, B. E. (1996), "Decision quality using ranked attribute weights",
    // Management Science 42(11): ROC weights for 4 attributes are .5208, .2708, .1458, .0625.
    // Tolerance: half a unit in the 4th decimal.
    const w = rankWeights([0, 1, 2, 3], 'roc');
    [0.5208, 0.2708, 0.1458, 0.0625].forEach((x, i) => expect(Math.abs(w[i] - x)).toBeLessThanOrEqual(0.00005));
  });

  it('ROC, rank-sum and rank-reciprocal equal their closed forms exactly (n = 3, hand-derived)', () => {
    // ROC: (1 + 1/2 + 1/3)/3 = 11/18, (1/2 + 1/3)/3 = 5/18, (1/3)/3 = 2/18. Tolerance 1e-15.
    expect(rankWeights([0, 1, 2], 'roc')).toEqual([11 / 18, 5 / 18, 2 / 18].map((x) => expect.closeTo(x, 15)));
    // Rank sum: 2(n + 1 − k)/(n(n + 1)) = 3/6, 2/6, 1/6.
    expect(rankWeights([0, 1, 2], 'rank-sum')).toEqual([3 / 6, 2 / 6, 1 / 6].map((x) => expect.closeTo(x, 15)));
    // Rank reciprocal: (1/k)/(11/6) = 6/11, 3/11, 2/11.
    expect(rankWeights([0, 1, 2], 'rank-reciprocal')).toEqual([6 / 11, 3 / 11, 2 / 11].map((x) => expect.closeTo(x, 15)));
  });

  it('indexes weights by criterion, not by rank', () => {
    // Criterion 2 most important, then 0, then 1.
    const w = rankWeights([2, 0, 1], 'roc');
    expect(w[2]).toBeCloseTo(11 / 18, 15);
    expect(w[0]).toBeCloseTo(5 / 18, 15);
    expect(w[1]).toBeCloseTo(2 / 18, 15);
  });

  it('weights sum to 1 and decrease with rank for every method and n ≤ 30 (tolerance 1e-12)', () => {
    for (const method of ['roc', 'rank-sum', 'rank-reciprocal'] as const) {
      for (let n = 1; n <= 30; n++) {
        const order = Array.from({ length: n }, (_, i) => i);
        const w = rankWeights(order, method);
        expect(Math.abs(sum(w) - 1)).toBeLessThan(1e-12);
        for (let i = 1; i < n; i++) expect(w[i]).toBeLessThan(w[i - 1]);
      }
    }
  });

  it('rejects an order that is not a permutation', () => {
    expect(() => rankWeights([0, 0, 1], 'roc')).toThrow(EngineInputError);
    expect(() => rankWeights([0, 3, 1], 'roc')).toThrow(/order\[1\]/);
  });
});

describe('normaliseWeights', () => {
  it('scales to sum 1', () => {
    expect(Array.from(normaliseWeights([1, 3]))).toEqual([0.25, 0.75]);
  });
  it('rejects all-zero and negative weights, naming the path', () => {
    expect(() => normaliseWeights([0, 0], 'criteria')).toThrow(/criteria: all weights are zero/);
    expect(() => normaliseWeights([1, -1])).toThrow(/weights\[1\]/);
  });
});

describe('rescaleWeights (slider semantics)', () => {
  it('sets one weight and keeps the others in proportion, summing to 1', () => {
    const w = rescaleWeights([0.5, 0.3, 0.2], 0, 0.8);
    // Others keep 3:2 in the remaining 0.2 → 0.12, 0.08. Tolerance 1e-15.
    expect(Array.from(w)).toEqual([0.8, 0.12, 0.08].map((x) => expect.closeTo(x, 15)));
  });
  it('splits the rest equally when every other weight is zero', () => {
    expect(Array.from(rescaleWeights([1, 0, 0], 0, 0.4))).toEqual([0.4, 0.3, 0.3].map((x) => expect.closeTo(x, 15)));
    expect(Array.from(otherWeightShares([1, 0, 0], 0))).toEqual([0, 0.5, 0.5]);
  });
});
