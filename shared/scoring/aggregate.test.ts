import { describe, expect, it } from 'vitest';
import { aggregateScores, consensusOf, weightedMedian, weightedStdDev } from './aggregate';

const f64 = (xs: number[]) => Float64Array.from(xs);

describe('weightedMedian', () => {
  it('is the ordinary median with equal weights (odd and even counts)', () => {
    expect(weightedMedian(f64([5, 1, 3]), f64([1, 1, 1]), 3)).toBe(3);
    expect(weightedMedian(f64([4, 1, 3, 2]), f64([1, 1, 1, 1]), 4)).toBe(2.5);
  });
  it('follows the weight: the value where cumulative weight passes one half', () => {
    // Sorted 1 (0.2), 2 (0.2), 9 (0.6): cumulative 0.2, 0.4, 1.0 → 9.
    expect(weightedMedian(f64([9, 1, 2]), f64([0.6, 0.2, 0.2]), 3)).toBe(9);
    // Exactly one half after the first: average of the neighbours, (1 + 2)/2.
    expect(weightedMedian(f64([1, 2, 9]), f64([0.5, 0.25, 0.25]), 3)).toBe(1.5);
  });
});

describe('weightedStdDev', () => {
  it('is the population standard deviation (hand-derived)', () => {
    // {2, 4, 4, 4, 5, 5, 7, 9}: mean 5, population variance 4 → 2.
    expect(weightedStdDev(f64([2, 4, 4, 4, 5, 5, 7, 9]), f64([1, 1, 1, 1, 1, 1, 1, 1]), 8)).toBeCloseTo(2, 14);
    // Weights act as repetitions: {2 ×3, 4 ×1}: mean 2.5, variance (3·0.25 + 2.25)/4 = 0.75.
    expect(weightedStdDev(f64([2, 4]), f64([3, 1]), 2)).toBeCloseTo(Math.sqrt(0.75), 14);
  });
});

describe('aggregateScores', () => {
  // 3 participants × 1 candidate × 2 criteria.
  const scores = [[[1, 4]], [[2, null]], [[4, 2]]];

  it('mean, median and geometric per cell, skipping unscored cells (hand-derived, 1e-14)', () => {
    const mean = aggregateScores(scores, 1, 2, 'mean');
    expect(mean.aggregated[0][0]).toBeCloseTo(7 / 3, 14);
    expect(mean.aggregated[0][1]).toBeCloseTo(3, 14);
    expect(aggregateScores(scores, 1, 2, 'median').aggregated[0]).toEqual([2, 3]);
    const geo = aggregateScores(scores, 1, 2, 'geometric');
    expect(geo.aggregated[0][0]).toBeCloseTo(2, 14); // (1·2·4)^(1/3)
    expect(geo.aggregated[0][1]).toBeCloseTo(Math.sqrt(8), 14);
  });

  it('weights participants, and a weight of 0 removes a participant from the cell', () => {
    const r = aggregateScores(scores, 1, 2, 'mean', [1, 1, 2]);
    expect(r.aggregated[0][0]).toBeCloseTo((1 + 2 + 8) / 4, 14);
    const only = aggregateScores(scores, 1, 2, 'mean', [0, 1, 0]);
    expect(only.aggregated[0]).toEqual([2, null]);
    expect(only.disagreement[0]).toEqual([0, null]);
  });

  it('throws for a non-positive score under geometric aggregation, naming the cell', () => {
    expect(() => aggregateScores([[[0, 1]]], 1, 2, 'geometric')).toThrow(/scores\[0\]\[0\]\[0\]/);
  });
});

describe('consensusOf', () => {
  it('is 1 with no disagreement and 0 when the room is split between the scale ends', () => {
    expect(consensusOf([[0, 0]], [0.5, 0.5], 1, 5)).toBe(1);
    // Half at 1, half at 5: sd = 2 = (5 − 1)/2, the maximum.
    expect(consensusOf([[2, 2]], [0.5, 0.5], 1, 5)).toBe(0);
  });
  it('weights cells by criterion weight and ignores unscored cells', () => {
    // Normalised disagreements 0.5 (weight 0.75) and 0 (weight 0.25) → 1 − 0.375.
    expect(consensusOf([[1, 0, null]], [0.75, 0.25, 0.5], 1, 5)).toBeCloseTo(0.625, 15);
    expect(consensusOf([[null]], [1], 1, 5)).toBe(1);
  });
});
