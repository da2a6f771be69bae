import { describe, expect, it } from 'vitest';
import { sensitivity, stabilityMap } from './sensitivity';
import { createRng } from './rng';

const total = (row: readonly number[], w: readonly number[]) => row.reduce((s, v, j) => s + v * w[j], 0);
const winnerAt = (values: number[][], w: readonly number[]) => {
  let best = 0;
  for (let a = 1; a < values.length; a++) if (total(values[a], w) > total(values[best], w)) best = a;
  return best;
};

describe('sensitivity: smallest change of the whole weight vector', () => {
  it('matches a brute-force search over a 1/400 grid of the 3-criterion simplex (within the grid step), 6 random cases', () => {
    const rng = createRng(5);
    const step = 1 / 400;
    for (let c = 0; c < 6; c++) {
      const values = Array.from({ length: 3 + (c % 2) }, () => Array.from({ length: 3 }, () => rng.uniform()));
      const weights = [0.2 + rng.uniform(), 0.2 + rng.uniform(), 0.2 + rng.uniform()];
      const sum = weights.reduce((s, x) => s + x, 0);
      const w = weights.map((x) => x / sum);
      const r = sensitivity(values, weights);
      let best = Infinity;
      for (let i = 0; i <= 400; i++) {
        for (let j = 0; i + j <= 400; j++) {
          const p = [i * step, j * step, 1 - (i + j) * step];
          if (winnerAt(values, p) === r.winner) continue;
          best = Math.min(best, Math.abs(p[0] - w[0]) + Math.abs(p[1] - w[1]) + Math.abs(p[2] - w[2]));
        }
      }
      if (!Number.isFinite(best)) {
        expect(r.smallestChange).toBeNull();
        continue;
      }
      const s = r.smallestChange!;
      // The grid only approaches the exact boundary: the brute-force minimum is at most 3 grid steps (L1) above it.
      expect(s.distance).toBeLessThanOrEqual(best + 1e-12);
      expect(best - s.distance).toBeLessThan(3 * step);
      // At the reported weights, the new winner ties the old one and the weights are on the simplex.
      expect(total(values[s.winner], s.weights)).toBeCloseTo(total(values[r.winner], s.weights), 12);
      expect(s.weights.reduce((acc, x) => acc + x, 0)).toBeCloseTo(1, 12);
      s.weights.forEach((x) => expect(x).toBeGreaterThanOrEqual(0));
      expect(s.weights.reduce((acc, x, j) => acc + Math.abs(x - w[j]), 0)).toBeCloseTo(s.distance, 12);
    }
  });

  it('a dominated field (the winner is best on every criterion) has no smallest change', () => {
    const r = sensitivity(
      [
        [5, 5, 5],
        [4, 1, 3],
        [1, 4, 4],
      ],
      [1, 1, 1],
    );
    expect(r.smallestChange).toBeNull();
    expect(r.mostCritical).toBeNull();
  });

  it('criticality in percent: the smallest winner-changing change of a weight relative to the weight', () => {
    const r = sensitivity(
      [
        [1, 0],
        [0, 1],
      ],
      [0.6, 0.4],
    );
    // a wins while w1 > 0.5: w1 may fall by 0.1, i.e. 100·0.1/0.6 = 16.67%; w2 may rise by 0.1 = 25%.
    expect(r.criteria[0].criticalPercent).toBeCloseTo(100 / 6, 10);
    expect(r.criteria[1].criticalPercent).toBeCloseTo(25, 10);
    expect(r.mostCritical).toMatchObject({ criterion: 0, winner: 1 });
    expect(r.mostCritical!.percent).toBeCloseTo(100 / 6, 10);
    // L1: move 0.1 from w1 to w2 → distance 0.2.
    expect(r.smallestChange!.distance).toBeCloseTo(0.2, 12);
    expect(r.smallestChange!.weights[0]).toBeCloseTo(0.5, 12);
  });
});

describe('stabilityMap', () => {
  const values = [
    [1, 0, 0.5],
    [0, 1, 0.5],
    [0.45, 0.45, 0.6],
  ];

  it('each cell is the winner at its weights, the others rescaled proportionally; null outside the triangle', () => {
    const weights = [2, 1, 1];
    const r = stabilityMap(values, weights, [0, 1], 20);
    expect(r.current).toEqual([0.5, 0.25]);
    for (let i = 0; i <= 20; i++) {
      for (let j = 0; j <= 20; j++) {
        if (i + j > 20) {
          expect(r.winners[i][j]).toBeNull();
          continue;
        }
        const x = i / 20;
        const y = j / 20;
        expect(r.winners[i][j]).toBe(winnerAt(values, [x, y, 1 - x - y]));
      }
    }
    expect(r.share.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
    expect(r.share.every((x) => x > 0)).toBe(true);
  });

  it('the cell at the current weights shows the current winner', () => {
    const weights = [0.3, 0.3, 0.4];
    const r = stabilityMap(values, weights, [2, 0], 10);
    expect(r.winners[4][3]).toBe(sensitivity(values, weights).winner);
  });
});
