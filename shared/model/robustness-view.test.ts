import { describe, expect, it } from 'vitest';
import { distanceToFlip, tornadoOrder } from './robustness-view';

const iv = (weight: number, stableFrom: number, stableTo: number, below: number | null, above: number | null) => ({
  weight,
  stableFrom,
  stableTo,
  winnerBelow: below,
  winnerAbove: above,
});

describe('tornado order', () => {
  it('measures the distance to the nearer flip; no flip on a side counts as infinitely far', () => {
    expect(distanceToFlip(iv(0.2, 0.1, 0.5, 1, 2))).toBeCloseTo(0.1, 12);
    expect(distanceToFlip(iv(0.2, 0, 0.23, null, 2))).toBeCloseTo(0.03, 12);
    expect(distanceToFlip(iv(0.2, 0, 1, null, null))).toBe(Infinity);
  });
  it('puts the criterion nearest to a flip on top, never-flipping criteria last, ties in criterion order', () => {
    expect(tornadoOrder([iv(0.2, 0, 1, null, null), iv(0.1, 0, 0.4, null, 1), iv(0.3, 0.28, 1, 0, null), iv(0.1, 0, 0.4, null, 2)])).toEqual([2, 1, 3, 0]);
  });
});
