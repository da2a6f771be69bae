import { describe, expect, it } from 'vitest';
import { evaluate, type EvaluateInput } from './evaluate';

const base: EvaluateInput = {
  candidates: ['A', 'B', 'C'],
  criteria: [
    { id: 'cost', weight: 2 },
    { id: 'speed', weight: 1 },
    { id: 'ecosystem', weight: 1 },
  ],
  // 2 participants × 3 candidates × 3 criteria on 1…5.
  scores: [
    [
      [5, 3, 1],
      [3, 3, 3],
      [1, 5, 5],
    ],
    [
      [5, 1, 3],
      [3, 5, 3],
      [1, 5, null],
    ],
  ],
  scale: { min: 1, max: 5 },
  aggregation: 'mean',
};

describe('evaluate', () => {
  it('computes the weighted sum on the 0…1 scale (hand-derived, 1e-15)', () => {
    const r = evaluate(base);
    // Weights 0.5, 0.25, 0.25. A: means 5, 2, 2 → 0.5·1 + 0.25·0.25 + 0.25·0.25 = 0.625.
    // B: 3, 4, 3 → 0.5·0.5 + 0.25·0.75 + 0.25·0.5 = 0.5625. C: 1, 5, 5 → 0.5.
    expect(r.totals[0]).toBeCloseTo(0.625, 15);
    expect(r.totals[1]).toBeCloseTo(0.5625, 15);
    expect(r.totals[2]).toBeCloseTo(0.5, 15);
    expect(r.ranking).toEqual([0, 1, 2]);
    expect(r.aggregated[0]).toEqual([5, 2, 2]);
    expect(r.disagreement[0]).toEqual([0, 1, 1]);
    expect(r.coverage).toEqual([1, 1, 1]);
  });

  it('contributions sum to the totals (1e-15)', () => {
    const r = evaluate(base);
    r.contributions.forEach((row, c) => expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(r.totals[c], 15));
  });

  it('counts an unscored cell as 0 and reports the covered share of weight', () => {
    const scores = base.scores.map((p) => p.map((row) => row.slice()));
    scores[0][2][2] = null; // C.ecosystem now unscored by everyone
    const r = evaluate({ ...base, scores });
    expect(r.aggregated[2][2]).toBeNull();
    expect(r.disagreement[2][2]).toBeNull();
    expect(r.contributions[2][2]).toBe(0);
    expect(r.coverage[2]).toBeCloseTo(0.75, 15);
  });

  it('permuting candidates permutes every result', () => {
    const perm = [2, 0, 1];
    const permuted = evaluate({
      ...base,
      candidates: perm.map((i) => base.candidates[i]),
      scores: base.scores.map((p) => perm.map((i) => p[i])),
    });
    const r = evaluate(base);
    perm.forEach((from, to) => {
      expect(permuted.totals[to]).toBe(r.totals[from]);
      expect(permuted.contributions[to]).toEqual(r.contributions[from]);
      expect(permuted.disagreement[to]).toEqual(r.disagreement[from]);
    });
    expect(permuted.ranking.map((i) => perm[i])).toEqual(r.ranking);
  });

  it('an affine change of the scoring scale leaves totals (1e-12) and ranking unchanged', () => {
    const r = evaluate(base);
    const t = (x: number | null) => (x === null ? null : 10 * x + 7);
    const scaled = evaluate({ ...base, scale: { min: 17, max: 57 }, scores: base.scores.map((p) => p.map((row) => row.map(t))) });
    scaled.totals.forEach((x, c) => expect(x).toBeCloseTo(r.totals[c], 12));
    expect(scaled.ranking).toEqual(r.ranking);
    expect(scaled.consensus).toBeCloseTo(r.consensus, 12);
  });

  it('breaks exact ties by candidate index', () => {
    const r = evaluate({
      ...base,
      scores: [
        [
          [3, 3, 3],
          [3, 3, 3],
          [3, 3, 3],
        ],
      ],
    });
    expect(r.ranking).toEqual([0, 1, 2]);
    expect(r.consensus).toBe(1);
  });

  it('rejects all-zero weights', () => {
    expect(() => evaluate({ ...base, criteria: base.criteria.map((c) => ({ ...c, weight: 0 })) })).toThrow(/criteria: all weights are zero/);
  });
});
