import { describe, expect, it } from 'vitest';
import { topsis, type TopsisInput } from './topsis';

// Hodgett's "TOPSIS in Excel" car example, used as the regression test of the R package MCDA
// (github.com/paterijk/MCDA, tests/TOPSIS.R: stopifnot(round(overall1, 4) == c(0.4817, 0.5182, 0.1780))).
// Corsa, Clio, Fiesta × purchase price (min), economy, aesthetics, boot capacity (max).
const cars: TopsisInput = {
  matrix: [
    [5490, 51.4, 8.5, 285],
    [6500, 70.6, 7, 288],
    [6489, 54.3, 7.5, 290],
  ],
  weights: [0.35, 0.25, 0.25, 0.15],
  directions: ['cost', 'benefit', 'benefit', 'benefit'],
};

describe('topsis', () => {
  it('reproduces the MCDA package example to the 4 decimals it checks', () => {
    const r = topsis(cars);
    // Tolerance: half a unit in the 4th decimal (the package compares round(x, 4)).
    [0.4817, 0.5182, 0.178].forEach((x, i) => expect(Math.abs(r.closeness[i] - x)).toBeLessThanOrEqual(0.00005));
    expect(r.ranking).toEqual([1, 0, 2]);
  });

  it('min-max normalisation, hand-derived (1e-15)', () => {
    // r: col 1 benefit 0, .5, 1; col 2 cost (30 − x)/20 = 1, 0, .5; v = r/2.
    // Ideal (.5, .5), anti-ideal (0, 0): A d+ = .5, d− = .5; B d+ = √.3125, d− = .25; C mirrored.
    const r = topsis({
      matrix: [
        [1, 10],
        [2, 30],
        [3, 20],
      ],
      weights: [1, 1],
      directions: ['benefit', 'cost'],
      normalization: 'minmax',
    });
    const s = Math.sqrt(0.3125);
    expect(r.closeness[0]).toBeCloseTo(0.5, 15);
    expect(r.closeness[1]).toBeCloseTo(0.25 / (0.25 + s), 15);
    expect(r.closeness[2]).toBeCloseTo(s / (0.25 + s), 15);
    expect(r.ranking).toEqual([2, 0, 1]);
  });

  it('scaling a criterion by a positive constant changes nothing (1e-12), for both normalisations', () => {
    for (const normalization of ['vector', 'minmax'] as const) {
      const base = topsis({ ...cars, normalization });
      const scaled = topsis({ ...cars, normalization, matrix: cars.matrix.map((row) => row.map((x, k) => (k === 0 ? x / 1000 : x * 3))) });
      scaled.closeness.forEach((c, i) => expect(c).toBeCloseTo(base.closeness[i], 12));
      expect(scaled.ranking).toEqual(base.ranking);
    }
  });

  it('permuting alternatives permutes closeness; weights are normalised', () => {
    const perm = [2, 0, 1];
    const r = topsis(cars);
    const p = topsis({ ...cars, matrix: perm.map((i) => cars.matrix[i]), weights: cars.weights.map((w) => w * 20) });
    perm.forEach((from, to) => expect(p.closeness[to]).toBeCloseTo(r.closeness[from], 14));
  });

  it('identical alternatives sit at 0.5 and tie by index; the ideal alternative scores 1', () => {
    expect(
      topsis({
        matrix: [
          [1, 2],
          [1, 2],
        ],
        weights: [1, 1],
        directions: ['benefit', 'benefit'],
      }),
    ).toEqual({ closeness: [0.5, 0.5], ranking: [0, 1] });
    const r = topsis({
      matrix: [
        [3, 1],
        [1, 2],
        [2, 3],
      ],
      weights: [1, 1],
      directions: ['benefit', 'cost'],
    });
    expect(r.closeness[0]).toBe(1);
  });
});
