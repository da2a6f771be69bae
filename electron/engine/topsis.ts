import { rankDescending } from '../../shared/scoring/ranking';
import { normaliseWeights } from '../../shared/scoring/weights';
import { downscale } from '../../shared/scoring/magnitude';

/**
 * TOPSIS (Hwang & Yoon 1981): rank alternatives by relative closeness to the ideal point
 * and distance from the anti-ideal one, in weighted normalised criterion space.
 */
export type Direction = 'benefit' | 'cost';
export type TopsisNormalization = 'vector' | 'minmax';

export interface TopsisInput {
  /** alternatives × criteria, raw values in any units. */
  matrix: readonly (readonly number[])[];
  /** Non-negative, one per criterion; normalised to sum 1. */
  weights: readonly number[];
  directions: readonly Direction[];
  /**
   * `vector` (Hwang & Yoon): r = x / ‖column‖₂, ideal = best per direction.
   * `minmax`: r = (x − min)/(max − min), turned around for cost criteria so 1 is always best.
   */
  normalization?: TopsisNormalization;
}

export interface TopsisResult {
  /** Per alternative, 0…1: d⁻ / (d⁺ + d⁻); 1 = is the ideal point. */
  closeness: number[];
  /** Alternative indices, best first; ties keep index order. */
  ranking: number[];
}

export function topsis(input: TopsisInput): TopsisResult {
  const { matrix, directions } = input;
  const m = matrix.length;
  const n = input.weights.length;
  const w = normaliseWeights(input.weights, 'weights');
  const minmax = input.normalization === 'minmax';
  const v = new Float64Array(m * n);
  const ideal = new Float64Array(n);
  const anti = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const cost = directions[k] === 'cost';
    // Both normalisations are invariant to scaling a column; a power of two keeps every
    // value exact and the squares and ranges below finite even for values near 1e308.
    let top = 0;
    for (let i = 0; i < m; i++) top = Math.max(top, Math.abs(matrix[i][k]));
    const down = downscale(top);
    const x = (i: number) => matrix[i][k] * down;
    let scale: number;
    let offset = 0;
    let sign = 1;
    if (minmax) {
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = 0; i < m; i++) {
        lo = Math.min(lo, x(i));
        hi = Math.max(hi, x(i));
      }
      // A criterion on which all alternatives are equal cannot separate them: all 0.
      scale = hi > lo ? hi - lo : Infinity;
      offset = cost ? hi : lo;
      sign = cost ? -1 : 1;
    } else {
      let ss = 0;
      for (let i = 0; i < m; i++) ss += x(i) * x(i);
      scale = ss > 0 ? Math.sqrt(ss) : Infinity;
    }
    let hi = -Infinity;
    let lo = Infinity;
    for (let i = 0; i < m; i++) {
      const r = (w[k] * sign * (x(i) - offset)) / scale;
      v[i * n + k] = r;
      hi = Math.max(hi, r);
      lo = Math.min(lo, r);
    }
    // Min-max has already turned cost criteria around; vector normalisation has not.
    const lowIsBest = cost && !minmax;
    ideal[k] = lowIsBest ? lo : hi;
    anti[k] = lowIsBest ? hi : lo;
  }
  const closeness = new Array<number>(m);
  for (let i = 0; i < m; i++) {
    let dPlus = 0;
    let dMinus = 0;
    for (let k = 0; k < n; k++) {
      const x = v[i * n + k];
      dPlus += (x - ideal[k]) ** 2;
      dMinus += (x - anti[k]) ** 2;
    }
    dPlus = Math.sqrt(dPlus);
    dMinus = Math.sqrt(dMinus);
    // Both distances vanish only when every alternative is identical on every weighted
    // criterion: nothing to choose between, so all sit in the middle.
    closeness[i] = dPlus + dMinus > 0 ? dMinus / (dPlus + dMinus) : 0.5;
  }
  return { closeness, ranking: rankDescending(closeness) };
}
