import { EngineInputError } from './errors';
import { downscale } from './magnitude';

/**
 * Criterion weights: normalisation, weights from a ranking, and the slider rule.
 * All weights here are non-negative and, once normalised, sum to 1.
 */

/**
 * Scales non-negative weights so they sum to 1.
 * Throws EngineInputError (at `path`) when a weight is negative or all are zero:
 * there is no meaningful "equal weights" fallback the team would have chosen.
 */
export function normaliseWeights(weights: ArrayLike<number>, path = 'weights'): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (!(w >= 0) || !Number.isFinite(w)) throw new EngineInputError(`${path}[${i}]`, 'weight must be a finite number ≥ 0');
    sum += w;
  }
  if (!(sum > 0)) throw new EngineInputError(path, 'all weights are zero; at least one must be positive');
  if (sum === Infinity) {
    // Weights near the largest double overflow their sum: rescale them (exactly) first.
    let top = 0;
    for (let i = 0; i < weights.length; i++) top = Math.max(top, weights[i]);
    const s = downscale(top);
    sum = 0;
    for (let i = 0; i < weights.length; i++) sum += weights[i] * s;
    for (let i = 0; i < weights.length; i++) out[i] = (weights[i] * s) / sum;
    return out;
  }
  for (let i = 0; i < weights.length; i++) out[i] = weights[i] / sum;
  return out;
}

export type RankWeightMethod = 'roc' | 'rank-sum' | 'rank-reciprocal';

/**
 * Surrogate weights from an importance ranking.
 * @param order criterion indices, most important first (a permutation of 0…n−1)
 * @returns weights indexed by criterion (`weights[i]` is criterion i's weight), summing to 1
 *
 * - `roc`: rank-order centroid, w_k = (1/n) Σ_{i=k..n} 1/i (Barron & Barrett 1996) — the
 *   centroid of all weight vectors consistent with the ranking.
 * - `rank-sum`: w_k = 2(n + 1 − k) / (n(n + 1)).
 * - `rank-reciprocal`: w_k = (1/k) / Σ_i 1/i.
 */
export function rankWeights(order: readonly number[], method: RankWeightMethod): number[] {
  const n = order.length;
  const seen = new Uint8Array(n);
  for (let r = 0; r < n; r++) {
    const c = order[r];
    if (!Number.isInteger(c) || c < 0 || c >= n) throw new EngineInputError(`order[${r}]`, `must be a criterion index in 0…${n - 1}`);
    if (seen[c]) throw new EngineInputError(`order[${r}]`, `criterion ${c} appears twice`);
    seen[c] = 1;
  }
  const byRank = new Float64Array(n);
  if (method === 'roc') {
    // Suffix sums of the harmonic series, from the least important rank up.
    let tail = 0;
    for (let k = n; k >= 1; k--) {
      tail += 1 / k;
      byRank[k - 1] = tail / n;
    }
  } else if (method === 'rank-sum') {
    for (let k = 1; k <= n; k++) byRank[k - 1] = (2 * (n + 1 - k)) / (n * (n + 1));
  } else {
    let harmonic = 0;
    for (let k = 1; k <= n; k++) harmonic += 1 / k;
    for (let k = 1; k <= n; k++) byRank[k - 1] = 1 / k / harmonic;
  }
  const weights = new Array<number>(n);
  for (let r = 0; r < n; r++) weights[order[r]] = byRank[r];
  return weights;
}

/**
 * Slider semantics: criterion `k` is set to `x` ∈ [0, 1] and every other weight is
 * rescaled proportionally so the total stays 1. If all other weights are zero there is
 * no proportion to keep, so 1 − x is split equally among them (the only symmetric choice).
 * @param weights normalised weights (sum 1)
 */
export function rescaleWeights(weights: ArrayLike<number>, k: number, x: number): Float64Array {
  const n = weights.length;
  const out = new Float64Array(n);
  const rest = otherWeightShares(weights, k);
  for (let j = 0; j < n; j++) out[j] = j === k ? x : (1 - x) * rest[j];
  return out;
}

/**
 * Shares of the criteria other than `k` within the remaining weight (sum 1 over j ≠ k;
 * 0 at k): the fixed proportions that the slider rule preserves.
 */
export function otherWeightShares(weights: ArrayLike<number>, k: number): Float64Array {
  const n = weights.length;
  const out = new Float64Array(n);
  let others = 0;
  for (let j = 0; j < n; j++) if (j !== k) others += weights[j];
  for (let j = 0; j < n; j++) {
    if (j === k) continue;
    out[j] = others > 0 ? weights[j] / others : n > 1 ? 1 / (n - 1) : 0;
  }
  return out;
}
