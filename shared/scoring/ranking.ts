/**
 * Indices of `scores`, best (highest) first. Scores closer than 1e-12 of the largest
 * magnitude count as tied — so totals that are mathematically equal but differ in the
 * last bit of floating-point rounding (0.1 + 0.2 vs 0.3) still tie — and ties keep index
 * order, which makes the result stable and reproducible. Quantising (rather than
 * comparing with a tolerance) keeps the comparison transitive, as `sort` requires.
 */
export function rankDescending(scores: ArrayLike<number>): number[] {
  const n = scores.length;
  let scale = 1;
  for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(scores[i]));
  const quantum = scale * 1e-12;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = Math.round(scores[i] / quantum);
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => keys[b] - keys[a] || a - b);
  return order;
}

/** Index of the best score under the same tie rule as `rankDescending`. */
export function argmaxStable(scores: ArrayLike<number>): number {
  return rankDescending(scores)[0];
}
