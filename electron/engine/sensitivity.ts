import { argmaxStable } from '../../shared/scoring/ranking';
import { normaliseWeights, otherWeightShares } from '../../shared/scoring/weights';

/**
 * One-at-a-time weight sensitivity of the weighted-sum winner, exactly.
 *
 * With slider semantics (criterion k set to x, the others rescaled proportionally to
 * 1 − x), every alternative's total is linear in x:
 *   T_a(x) = R_a + x (v_ak − R_a),  R_a = Σ_{j≠k} s_j v_aj,  s_j = w_j / Σ_{i≠k} w_i.
 * So the winner changes only where two of these lines cross, and the stability interval
 * is bounded by the nearest crossings on either side — computed in closed form, not by
 * scanning x.
 */
export interface StabilityInterval {
  /** The criterion's current (normalised) weight. */
  weight: number;
  /** Smallest weight (≥ 0) down to which the current winner stays the winner. */
  stableFrom: number;
  /** Largest weight (≤ 1) up to which the current winner stays the winner. */
  stableTo: number;
  /** Who wins just below `stableFrom`; `null` when the interval reaches 0. */
  winnerBelow: number | null;
  /** Who wins just above `stableTo`; `null` when the interval reaches 1. */
  winnerAbove: number | null;
}

export interface SensitivityResult {
  /** Index of the alternative with the highest weighted sum (ties: lowest index). */
  winner: number;
  /** Winner's total minus the runner-up's (value-scale units; 0 with one alternative). */
  margin: number;
  /** One interval per criterion. */
  criteria: StabilityInterval[];
  /**
   * The criterion whose weight needs the smallest change to change the winner: `change` is
   * the signed weight change (to the interval edge), `winner` who wins beyond it.
   * `null` when no single weight can change the winner.
   */
  mostCritical: { criterion: number; change: number; winner: number } | null;
}

/**
 * @param values alternatives × criteria on a common higher-is-better scale
 * @param weights non-negative, one per criterion (normalised here)
 */
export function sensitivity(values: readonly (readonly number[])[], weights: readonly number[]): SensitivityResult {
  const m = values.length;
  const n = weights.length;
  const w = normaliseWeights(weights, 'weights');
  let magnitude = 0;
  for (const row of values) for (const x of row) magnitude = Math.max(magnitude, Math.abs(x));
  // Totals are compared to within this (1e-12 relative): same rule as `rankDescending`.
  const tolerance = Math.max(magnitude, 1e-300) * 1e-12;

  const totals = new Float64Array(m);
  for (let a = 0; a < m; a++) {
    let t = 0;
    for (let j = 0; j < n; j++) t += w[j] * values[a][j];
    totals[a] = t;
  }
  const winner = argmaxStable(totals);
  let runnerUp = -Infinity;
  for (let a = 0; a < m; a++) if (a !== winner) runnerUp = Math.max(runnerUp, totals[a]);
  const margin = m > 1 ? totals[winner] - runnerUp : 0;

  const intercept = new Float64Array(m);
  const slope = new Float64Array(m);
  const criteria: StabilityInterval[] = [];
  for (let k = 0; k < n; k++) {
    const shares = otherWeightShares(w, k);
    for (let a = 0; a < m; a++) {
      let r = 0;
      for (let j = 0; j < n; j++) if (j !== k) r += shares[j] * values[a][j];
      intercept[a] = r;
      slope[a] = values[a][k] - r;
    }
    let from = 0;
    let to = 1;
    for (let a = 0; a < m; a++) {
      if (a === winner) continue;
      const d0 = intercept[winner] - intercept[a];
      const d1 = slope[winner] - slope[a];
      if (Math.abs(d1) <= tolerance) continue; // parallel: never cross
      const cross = -d0 / d1;
      // d1 > 0: the winner pulls ahead as x grows, so a overtakes below the crossing.
      if (d1 > 0) from = Math.max(from, Math.min(cross, w[k]));
      else to = Math.min(to, Math.max(cross, w[k]));
    }
    criteria.push({
      weight: w[k],
      stableFrom: from,
      stableTo: to,
      winnerBelow: from > 0 ? winnerBeyond(intercept, slope, from, -1, tolerance) : null,
      winnerAbove: to < 1 ? winnerBeyond(intercept, slope, to, 1, tolerance) : null,
    });
  }

  let mostCritical: SensitivityResult['mostCritical'] = null;
  criteria.forEach((c, k) => {
    const options: Array<[number, number | null]> = [
      [c.stableFrom - c.weight, c.winnerBelow],
      [c.stableTo - c.weight, c.winnerAbove],
    ];
    for (const [change, next] of options) {
      if (next === null) continue;
      if (mostCritical === null || Math.abs(change) < Math.abs(mostCritical.change)) mostCritical = { criterion: k, change, winner: next };
    }
  });
  return { winner, margin, criteria, mostCritical };
}

/**
 * Who leads just past a crossing point x (direction −1: below, +1: above): of the
 * alternatives tied for the top at x, the one whose line rises fastest in that direction;
 * exact ties keep the lowest index.
 */
function winnerBeyond(intercept: Float64Array, slope: Float64Array, x: number, direction: -1 | 1, tolerance: number): number {
  let top = -Infinity;
  for (let a = 0; a < intercept.length; a++) top = Math.max(top, intercept[a] + x * slope[a]);
  let best = -1;
  for (let a = 0; a < intercept.length; a++) {
    if (intercept[a] + x * slope[a] < top - tolerance) continue;
    if (best < 0 || direction * slope[a] > direction * slope[best] + tolerance) best = a;
  }
  return best;
}
