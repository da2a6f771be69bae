import { describe, expect, it } from 'vitest';
import { smaa, type SmaaInput } from './smaa';

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const sd = (xs: readonly number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
};

/** The reported standard error against the spread of the estimate over independent seeds. */
function acrossSeeds(input: Omit<SmaaInput, 'seed'>, seeds: number, cell: [number, number]) {
  const estimates: number[] = [];
  const errors: number[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const r = smaa({ ...input, seed });
    estimates.push(r.rankAcceptability[cell[0]][cell[1]]);
    errors.push(r.standardError[cell[0]][cell[1]]);
    expect(r.standardError.map((row) => row.length)).toEqual(r.rankAcceptability.map((row) => row.length));
  }
  return { empirical: sd(estimates), reported: mean(errors), p: mean(estimates) };
}

describe('smaa: Monte Carlo standard error of the rank acceptabilities', () => {
  const twoCriteria = {
    values: [
      [1, 0],
      [0, 0.5],
    ],
    weights: { kind: 'uniform' as const },
  };

  it('independent draws: the mean reported error is the binomial √(p(1 − p)/N) within 5% (30 seeds of 20,000)', () => {
    const samples = 20_000;
    const { reported } = acrossSeeds({ ...twoCriteria, samples }, 30, [0, 0]);
    // P(first) = 2/3 exactly (closed form in smaa.test.ts).
    const binomial = Math.sqrt(((2 / 3) * (1 / 3)) / samples);
    expect(Math.abs(reported / binomial - 1)).toBeLessThan(0.05);
  });

  it('matches the spread of the estimate over 40 seeds within ±35% (3 s.e. of a 40-sample standard deviation)', () => {
    const { empirical, reported } = acrossSeeds({ ...twoCriteria, samples: 5000 }, 40, [0, 0]);
    expect(reported / empirical).toBeGreaterThan(0.65);
    expect(reported / empirical).toBeLessThan(1.35);
  });

  it('hit-and-run (correlated draws): the batch-means error matches the spread over 40 seeds within ±35%', () => {
    // Narrow intervals in 8 dimensions: rejection would accept too rarely, so the chain is used.
    const centre = [0.05, 0.1, 0.15, 0.2, 0.1, 0.15, 0.1, 0.15];
    // At the centre the first alternative totals 0.4, as the constant second one does: a close race.
    const values = [
      [1, 0, 0.5, 0.2, 0.9, 0.1, 0.4, 0.6],
      [0.4, 0.4, 0.4, 0.4, 0.4, 0.4, 0.4, 0.4],
    ];
    const input = {
      values,
      weights: { kind: 'intervals' as const, intervals: centre.map((c) => [c * 0.5, c * 1.5] as [number, number]) },
      samples: 5000,
    };
    const { empirical, reported, p } = acrossSeeds(input, 40, [0, 0]);
    expect(p).toBeGreaterThan(0.05);
    expect(p).toBeLessThan(0.95);
    expect(reported / empirical).toBeGreaterThan(0.65);
    expect(reported / empirical).toBeLessThan(1.35);
  });

  it('a tie that always happens has no Monte Carlo error', () => {
    const r = smaa({ values: [[1], [1]], weights: { kind: 'uniform' }, samples: 3000, seed: 1 });
    expect(r.standardError).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});
