import { describe, expect, it } from 'vitest';
import { argmaxStable } from '../../shared/scoring/ranking';
import { createRng } from './rng';
import { sensitivity } from './sensitivity';
import { rescaleWeights } from '../../shared/scoring/weights';

function winnerAt(values: number[][], weights: ArrayLike<number>): number {
  return argmaxStable(values.map((row) => row.reduce((s, v, j) => s + v * weights[j], 0)));
}

describe('sensitivity', () => {
  it('two alternatives, two criteria: intervals by hand', () => {
    // T0(x) = x, T1(x) = 1 − x for criterion 0: they cross at 0.5.
    const r = sensitivity(
      [
        [1, 0],
        [0, 1],
      ],
      [0.6, 0.4],
    );
    expect(r.winner).toBe(0);
    expect(r.margin).toBeCloseTo(0.2, 15);
    expect(r.criteria[0]).toMatchObject({ weight: 0.6, stableFrom: 0.5, stableTo: 1, winnerBelow: 1, winnerAbove: null });
    expect(r.criteria[1]).toMatchObject({ weight: 0.4, stableFrom: 0, stableTo: 0.5, winnerBelow: null, winnerAbove: 1 });
    expect(r.mostCritical?.criterion).toBe(0);
    expect(r.mostCritical?.change).toBeCloseTo(-0.1, 15);
    expect(r.mostCritical?.winner).toBe(1);
  });

  it('a dominating alternative is stable on [0, 1] everywhere', () => {
    const r = sensitivity(
      [
        [5, 5, 5],
        [1, 2, 3],
        [4, 4, 4],
      ],
      [1, 1, 1],
    );
    for (const c of r.criteria) expect(c).toMatchObject({ stableFrom: 0, stableTo: 1, winnerBelow: null, winnerAbove: null });
    expect(r.mostCritical).toBeNull();
  });

  it('three-way crossing: picks who wins just beyond it (hand-derived)', () => {
    // Criterion 0 slider on 3 alternatives with the other criterion's share 1:
    // T0 = 0.5 (flat), T1 = x, T2 = 0.8x + 0.1 → T1 overtakes T0 at 0.5 and T2 meets both there.
    const r = sensitivity(
      [
        [0.5, 0.5],
        [1, 0],
        [0.9, 0.1],
      ],
      [0.2, 0.8],
    );
    expect(r.winner).toBe(0);
    expect(r.criteria[0].stableTo).toBeCloseTo(0.5, 15);
    expect(r.criteria[0].winnerAbove).toBe(1); // steepest just above
  });

  it('just past each reported edge the winner really is winnerBelow / winnerAbove (re-evaluated; ε = 1e-7)', () => {
    const rng = createRng(42);
    let checked = 0;
    for (let trial = 0; trial < 200; trial++) {
      const m = 2 + (trial % 6);
      const n = 2 + (trial % 5);
      const values = Array.from({ length: m }, () => Array.from({ length: n }, () => rng.uniform()));
      const weights = Array.from({ length: n }, () => rng.uniform());
      const r = sensitivity(values, weights);
      const total = weights.reduce((a, b) => a + b, 0);
      const w = weights.map((x) => x / total);
      expect(r.winner).toBe(winnerAt(values, w));
      r.criteria.forEach((c, k) => {
        expect(c.stableFrom).toBeLessThanOrEqual(c.weight);
        expect(c.stableTo).toBeGreaterThanOrEqual(c.weight);
        // Inside the interval the winner holds.
        expect(winnerAt(values, rescaleWeights(w, k, (c.stableFrom + c.stableTo) / 2))).toBe(r.winner);
        if (c.winnerAbove !== null) {
          expect(winnerAt(values, rescaleWeights(w, k, c.stableTo + 1e-7))).toBe(c.winnerAbove);
          expect(winnerAt(values, rescaleWeights(w, k, c.stableTo - 1e-7))).toBe(r.winner);
          checked++;
        }
        if (c.winnerBelow !== null) {
          expect(winnerAt(values, rescaleWeights(w, k, c.stableFrom - 1e-7))).toBe(c.winnerBelow);
          expect(winnerAt(values, rescaleWeights(w, k, c.stableFrom + 1e-7))).toBe(r.winner);
          checked++;
        }
      });
      if (r.mostCritical) {
        const c = r.criteria[r.mostCritical.criterion];
        const smallest = Math.min(
          ...r.criteria.flatMap((x) => [
            x.winnerBelow !== null ? x.weight - x.stableFrom : Infinity,
            x.winnerAbove !== null ? x.stableTo - x.weight : Infinity,
          ]),
        );
        expect(Math.abs(r.mostCritical.change)).toBeCloseTo(smallest, 15);
        expect([c.stableFrom - c.weight, c.stableTo - c.weight]).toContain(r.mostCritical.change);
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('the margin is the winner minus the runner-up; an exact tie goes to the lower index with margin 0', () => {
    expect(
      sensitivity(
        [
          [0.2, 0.9],
          [0.8, 0.3],
          [0.5, 0.5],
        ],
        [3, 1],
      ).margin,
    ).toBeCloseTo(0.675 - 0.5, 15);
    const tie = sensitivity(
      [
        [0.2, 0.9],
        [0.8, 0.3],
        [0.5, 0.5],
      ],
      [1, 1],
    );
    expect(tie.winner).toBe(0);
    expect(tie.margin).toBe(0);
  });
});
