import { describe, expect, it } from 'vitest';
import { ahpRatings } from './ahp-ratings';

/**
 * The "choosing a leader" worked example of the AHP (Wikipedia, "Analytic hierarchy process –
 * leader example", after Saaty): three candidates Tom, Dick, Harry compared pairwise on each
 * of four criteria. Its published local priorities (3 decimals) are the independent check;
 * our tolerance is half a unit in their last digit (0.0005).
 */
const LEADER = {
  experience: {
    matrix: [
      [1, 1 / 4, 4],
      [4, 1, 9],
      [1 / 4, 1 / 9, 1],
    ],
    published: [0.217, 0.717, 0.066],
  },
  education: {
    matrix: [
      [1, 3, 1 / 5],
      [1 / 3, 1, 1 / 7],
      [5, 7, 1],
    ],
    published: [0.188, 0.081, 0.731],
  },
  charisma: {
    matrix: [
      [1, 5, 9],
      [1 / 5, 1, 4],
      [1 / 9, 1 / 4, 1],
    ],
    published: [0.743, 0.194, 0.063],
  },
  age: {
    matrix: [
      [1, 1 / 3, 5],
      [3, 1, 9],
      [1 / 5, 1 / 9, 1],
    ],
    published: [0.265, 0.672, 0.063],
  },
};
/** The example's published criterion weights and its (distributive) overall priorities. */
const LEADER_WEIGHTS = [0.547, 0.127, 0.27, 0.056];
const LEADER_OVERALL = [0.358, 0.493, 0.149];
const SCALE = { min: 0, max: 10 };

describe('ahpRatings: candidates compared pairwise on a dimension (ideal mode)', () => {
  it('reproduces the leader example’s published priorities on each criterion (±0.0005)', () => {
    for (const { matrix, published } of Object.values(LEADER)) {
      const r = ahpRatings(matrix, SCALE);
      r.weights.forEach((w, k) => expect(Math.abs(w - published[k])).toBeLessThan(0.0005));
    }
  });

  it('its distributive synthesis gives the published overall .358 / .493 / .149 (±0.001), and the ideal scores rank Dick first too', () => {
    const results = Object.values(LEADER).map(({ matrix }) => ahpRatings(matrix, SCALE));
    const overall = [0, 1, 2].map((c) => results.reduce((s, r, k) => s + LEADER_WEIGHTS[k] * r.weights[c], 0));
    overall.forEach((v, c) => expect(Math.abs(v - LEADER_OVERALL[c])).toBeLessThan(0.001));
    const ideal = [0, 1, 2].map((c) => results.reduce((s, r, k) => s + LEADER_WEIGHTS[k] * r.scores[c], 0));
    expect(ideal.indexOf(Math.max(...ideal))).toBe(1);
  });

  it('scores = 10 · priority / max priority on 0–10: the published experience priorities give 3.03 / 10 / 0.92', () => {
    const r = ahpRatings(LEADER.experience.matrix, SCALE);
    const { published } = LEADER.experience;
    // From the published 3-decimal priorities the ratio is known to ±0.001, so the score to ±0.01.
    published.forEach((p, k) => expect(Math.abs(r.scores[k] - (10 * p) / 0.717)).toBeLessThan(0.01));
    expect(r.scores[1]).toBe(10);
    r.ideal.forEach((v, k) => expect(v).toBeCloseTo(r.weights[k] / r.weights[1], 14));
  });

  it('on another scale (1–5) the best gets 5 and the others min + (max − min) · ratio', () => {
    const w = [0.4, 0.3, 0.2, 0.1];
    const r = ahpRatings(
      w.map((a) => w.map((b) => a / b)),
      { min: 1, max: 5 },
    );
    w.forEach((x, k) => expect(r.scores[k]).toBeCloseTo(1 + 4 * (x / 0.4), 12));
    expect(r.scores[0]).toBe(5);
  });

  it('a consistent matrix with pairs missing (still connected) gives exactly its ratios (1e-12)', () => {
    const w = [0.1, 0.5, 0.25, 0.15];
    const m: (number | null)[][] = w.map((a) => w.map((b) => a / b));
    for (const [i, j] of [
      [0, 2],
      [1, 3],
      [0, 3],
    ]) {
      m[i][j] = null;
      m[j][i] = null;
    }
    const r = ahpRatings(m, SCALE);
    w.forEach((x, k) => expect(Math.abs(r.scores[k] - (10 * x) / 0.5)).toBeLessThan(1e-12));
    expect(r.missingPairs).toHaveLength(3);
    expect(r.cr!).toBeLessThan(1e-12);
  });

  it('refuses pairs that leave a candidate unlinked, naming the candidate', () => {
    const m = [
      [1, 3, null],
      [1 / 3, 1, null],
      [null, null, 1],
    ];
    expect(() => ahpRatings(m, SCALE, ['Tom', 'Dick', 'Harry'])).toThrow(/connect all candidates: "Harry"/);
    expect(() => ahpRatings(LEADER.age.matrix, { min: 5, max: 5 })).toThrow(/greater than scale.min/);
  });
});
