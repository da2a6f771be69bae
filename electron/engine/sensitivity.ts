import { argmaxStable } from '../../shared/scoring/ranking';
import { EngineInputError } from '../../shared/scoring/errors';
import { normaliseWeights, otherWeightShares } from '../../shared/scoring/weights';
import { downscale, maxAbs } from '../../shared/scoring/magnitude';

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
  /**
   * Relative criticality (Triantaphyllou & Sánchez 1997): the smallest change of this weight
   * that changes the winner, in percent of the weight itself; `null` when none does (or the
   * weight is 0).
   */
  criticalPercent: number | null;
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
  mostCritical: { criterion: number; change: number; winner: number; percent: number | null } | null;
  /**
   * The smallest change of the whole (normalised) weight vector, in L1 distance Σ|w'_j − w_j|,
   * at which another candidate ties the winner (any further step makes it win); `null` when no
   * weights make anyone else win.
   */
  smallestChange: { weights: number[]; winner: number; distance: number } | null;
  /**
   * For every pair adjacent in the ranking (by total, ties by index): the smallest L1 change
   * of the weights on the simplex at which `challenger` ties `leader` — "what it takes" for
   * each candidate to catch the one just above it. `distance` and `weights` are `null` when no
   * weights let it catch up.
   */
  reversals: Reversal[];
}

export interface Reversal {
  leader: number;
  challenger: number;
  distance: number | null;
  weights: number[] | null;
}

/**
 * @param values alternatives × criteria on a common higher-is-better scale
 * @param weights non-negative, one per criterion (normalised here)
 */
export function sensitivity(rawValues: readonly (readonly number[])[], weights: readonly number[]): SensitivityResult {
  const m = rawValues.length;
  const n = weights.length;
  const w = normaliseWeights(weights, 'weights');
  // Who wins, and at which weights, does not change when every value is scaled by the same
  // power of two; the scaled values' totals and differences cannot overflow.
  const down = downscale(maxAbs(rawValues));
  const values = down === 1 ? rawValues : rawValues.map((row) => row.map((x) => x * down));
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
  const margin = m > 1 ? (totals[winner] - runnerUp) / down : 0;
  if (!Number.isFinite(margin)) {
    throw new EngineInputError('values', 'the totals differ by more than the largest representable number (about 1.8e308): rescale the values');
  }

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
    const winnerBelow = from > 0 ? winnerBeyond(intercept, slope, from, -1, tolerance) : null;
    const winnerAbove = to < 1 ? winnerBeyond(intercept, slope, to, 1, tolerance) : null;
    const changes = [winnerBelow === null ? Infinity : w[k] - from, winnerAbove === null ? Infinity : to - w[k]];
    const smallest = Math.min(...changes);
    criteria.push({
      weight: w[k],
      stableFrom: from,
      stableTo: to,
      winnerBelow,
      winnerAbove,
      criticalPercent: Number.isFinite(smallest) && w[k] > 0 ? (100 * smallest) / w[k] : null,
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
      if (mostCritical === null || Math.abs(change) < Math.abs(mostCritical.change)) {
        mostCritical = { criterion: k, change, winner: next, percent: c.weight > 0 ? (100 * Math.abs(change)) / c.weight : null };
      }
    }
  });
  const ranking = Array.from({ length: m }, (_, a) => a).sort((a, b) => totals[b] - totals[a] || a - b);
  ranking.splice(ranking.indexOf(winner), 1);
  ranking.unshift(winner);
  const reversals: Reversal[] = [];
  for (let r = 0; r + 1 < m; r++) {
    const tie = tieChange(values, w, ranking[r], ranking[r + 1], tolerance);
    reversals.push({ leader: ranking[r], challenger: ranking[r + 1], distance: tie?.distance ?? null, weights: tie?.weights ?? null });
  }
  return { winner, margin, criteria, mostCritical, smallestChange: smallestChange(values, w, winner, tolerance), reversals };
}

/**
 * Smallest L1 change of the weight vector (on the simplex) after which `b` ties `a` (which
 * leads or ties at w); `null` when no weights let b catch up. With d = v_a − v_b the gap d·w
 * must fall to 0; moving t of weight from criterion l to k changes it by t (d_k − d_l) at an
 * L1 cost of 2t. So the best move puts everything into k = argmin d and takes from the
 * criteria with the largest d first, each up to its whole weight — a fractional knapsack,
 * solved greedily and exactly.
 */
function tieChange(
  values: readonly (readonly number[])[],
  w: Float64Array,
  a: number,
  b: number,
  tolerance: number,
): { weights: number[]; distance: number } | null {
  const n = w.length;
  const d = Array.from({ length: n }, (_, j) => values[a][j] - values[b][j]);
  let gap = 0;
  for (let j = 0; j < n; j++) gap += d[j] * w[j];
  let k = 0;
  for (let j = 1; j < n; j++) if (d[j] < d[k]) k = j;
  const sources = Array.from({ length: n }, (_, j) => j)
    .filter((j) => j !== k && d[j] - d[k] > tolerance && w[j] > 0)
    .sort((x, y) => d[y] - d[x] || x - y);
  const next = Array.from(w);
  let moved = 0;
  for (const l of sources) {
    if (gap <= 0) break;
    const rate = d[l] - d[k];
    const t = Math.min(w[l], gap / rate);
    next[l] -= t;
    next[k] += t;
    moved += t;
    gap -= t * rate;
  }
  if (gap > tolerance) return null;
  return { weights: next, distance: 2 * moved };
}

/** `tieChange` from the winner to every other candidate: the closest one. */
function smallestChange(values: readonly (readonly number[])[], w: Float64Array, winner: number, tolerance: number): SensitivityResult['smallestChange'] {
  let best: SensitivityResult['smallestChange'] = null;
  for (let b = 0; b < values.length; b++) {
    if (b === winner) continue;
    const tie = tieChange(values, w, winner, b, tolerance);
    if (tie && (best === null || tie.distance < best.distance - 1e-15)) best = { weights: tie.weights, winner: b, distance: tie.distance };
  }
  return best;
}

export interface StabilityMapResult {
  /** The two criteria on the axes. */
  dimensions: [number, number];
  resolution: number;
  /** Their current (normalised) weights. */
  current: [number, number];
  /**
   * winners[i][j]: who wins with weight i/resolution on dimensions[0] and j/resolution on
   * dimensions[1], the other weights rescaled proportionally to the rest; `null` outside the
   * triangle i + j ≤ resolution (or where the other weights have nothing to hold).
   */
  winners: (number | null)[][];
  /** Per alternative: share of the triangle's cells it wins. */
  share: number[];
}

/**
 * Two-dimension stability map: the weighted-sum winner over the plane of two criteria's
 * weights, the others keeping their proportions (equal shares if they are all 0).
 */
export function stabilityMap(
  rawValues: readonly (readonly number[])[],
  weights: readonly number[],
  dimensions: readonly [number, number],
  resolution: number,
): StabilityMapResult {
  const m = rawValues.length;
  const n = weights.length;
  const w = normaliseWeights(weights, 'weights');
  const down = downscale(maxAbs(rawValues));
  const values = down === 1 ? rawValues : rawValues.map((row) => row.map((x) => x * down));
  const [p, q] = dimensions;
  if (p === q) throw new EngineInputError('dimensions', 'must name two different criteria');
  let rest = 0;
  for (let j = 0; j < n; j++) if (j !== p && j !== q) rest += w[j];
  const shares = Array.from({ length: n }, (_, j) => (j === p || j === q ? 0 : rest > 0 ? w[j] / rest : 1 / (n - 2)));
  // Totals are linear: T_a = x v_ap + y v_aq + (1 − x − y) R_a.
  const r = values.map((row) => row.reduce((acc, v, j) => acc + shares[j] * v, 0));
  const counts = new Array<number>(m).fill(0);
  let cells = 0;
  const totals = new Float64Array(m);
  const winners: (number | null)[][] = [];
  for (let i = 0; i <= resolution; i++) {
    const row: (number | null)[] = [];
    for (let j = 0; j <= resolution; j++) {
      const x = i / resolution;
      const y = j / resolution;
      if (i + j > resolution || (n === 2 && i + j < resolution)) {
        row.push(null);
        continue;
      }
      const z = Math.max(0, 1 - x - y);
      for (let a = 0; a < m; a++) totals[a] = x * values[a][p] + y * values[a][q] + z * r[a];
      const win = argmaxStable(totals);
      row.push(win);
      counts[win]++;
      cells++;
    }
    winners.push(row);
  }
  return { dimensions: [p, q], resolution, current: [w[p], w[q]], winners, share: counts.map((c) => c / cells) };
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
