/**
 * View-model of the robustness panel: which criteria are closest to changing the winner,
 * in the order the tornado chart shows them.
 */
export interface IntervalLike {
  weight: number;
  stableFrom: number;
  stableTo: number;
  winnerBelow: number | null;
  winnerAbove: number | null;
}

/**
 * Weight change (0…1, always ≥ 0) to the nearest flip of the winner for one criterion, or
 * `Infinity` when moving this weight alone can never change the winner.
 */
export function distanceToFlip(c: IntervalLike): number {
  const down = c.winnerBelow === null ? Infinity : Math.max(0, c.weight - c.stableFrom);
  const up = c.winnerAbove === null ? Infinity : Math.max(0, c.stableTo - c.weight);
  return Math.min(down, up);
}

/** Criterion indices, the one nearest to a flip first (ties in criterion order). */
export function tornadoOrder(criteria: readonly IntervalLike[]): number[] {
  return criteria
    .map((c, i) => ({ i, d: distanceToFlip(c) }))
    .sort((a, b) => (a.d === b.d ? a.i - b.i : a.d < b.d ? -1 : 1))
    .map((x) => x.i);
}
