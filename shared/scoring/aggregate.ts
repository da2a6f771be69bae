import { EngineInputError } from './errors';

/**
 * Group aggregation of participants' scores, cell by cell (candidate × criterion).
 * A participant who left a cell unscored (`null`) — or whose participant weight is 0 —
 * simply does not take part in that cell; the remaining weights are renormalised.
 */
export type Aggregation = 'mean' | 'median' | 'geometric';

/** participant × candidate × criterion, `null` = not scored. */
export type ScoreCube = ReadonlyArray<ReadonlyArray<ReadonlyArray<number | null>>>;

export interface AggregatedScores {
  /** candidate × criterion on the original scale; `null` where nobody scored the cell. */
  aggregated: (number | null)[][];
  /**
   * candidate × criterion: weighted population standard deviation of the participants'
   * scores around their weighted mean (original scale units); 0 with a single scorer,
   * `null` where nobody scored. Population (not sample) deviation because the room is
   * the whole population whose disagreement we show, not a sample of it.
   */
  disagreement: (number | null)[][];
}

/**
 * Aggregates each cell of `scores`.
 * @param participantWeights non-negative, one per participant (default: equal)
 * Geometric aggregation needs positive scores; a score ≤ 0 is an EngineInputError
 * naming its cell.
 */
export function aggregateScores(
  scores: ScoreCube,
  candidates: number,
  criteria: number,
  method: Aggregation,
  participantWeights?: readonly number[],
): AggregatedScores {
  const participants = scores.length;
  const values = new Float64Array(participants);
  const weights = new Float64Array(participants);
  const aggregated: (number | null)[][] = [];
  const disagreement: (number | null)[][] = [];
  for (let c = 0; c < candidates; c++) {
    const aggRow: (number | null)[] = new Array(criteria);
    const disRow: (number | null)[] = new Array(criteria);
    for (let k = 0; k < criteria; k++) {
      let count = 0;
      for (let p = 0; p < participants; p++) {
        const s = scores[p][c][k];
        const w = participantWeights ? participantWeights[p] : 1;
        if (s === null || !(w > 0)) continue;
        if (method === 'geometric' && !(s > 0)) {
          throw new EngineInputError(`scores[${p}][${c}][${k}]`, 'geometric aggregation needs scores > 0');
        }
        values[count] = s;
        weights[count] = w;
        count++;
      }
      if (count === 0) {
        aggRow[k] = null;
        disRow[k] = null;
        continue;
      }
      aggRow[k] = aggregateCell(values, weights, count, method);
      disRow[k] = weightedStdDev(values, weights, count);
    }
    aggregated.push(aggRow);
    disagreement.push(disRow);
  }
  return { aggregated, disagreement };
}

/** Aggregate of the first `count` entries of `values` with positive `weights`. Reorders both arrays (median). */
export function aggregateCell(values: Float64Array, weights: Float64Array, count: number, method: Aggregation): number {
  if (method === 'median') return weightedMedian(values, weights, count);
  let sw = 0;
  let acc = 0;
  if (method === 'geometric') {
    for (let i = 0; i < count; i++) {
      sw += weights[i];
      acc += weights[i] * Math.log(values[i]);
    }
    return Math.exp(acc / sw);
  }
  for (let i = 0; i < count; i++) {
    sw += weights[i];
    acc += weights[i] * values[i];
  }
  return acc / sw;
}

/**
 * Weighted median: the value where the cumulative weight reaches half the total. When the
 * cumulative weight lands exactly on one half the two neighbouring values are averaged,
 * so with equal weights this is the ordinary median (mean of the middle two for an even count).
 * Sorts the first `count` entries in place (insertion sort: cells hold a room's worth of scores).
 */
export function weightedMedian(values: Float64Array, weights: Float64Array, count: number): number {
  for (let i = 1; i < count; i++) {
    const v = values[i];
    const w = weights[i];
    let j = i - 1;
    while (j >= 0 && values[j] > v) {
      values[j + 1] = values[j];
      weights[j + 1] = weights[j];
      j--;
    }
    values[j + 1] = v;
    weights[j + 1] = w;
  }
  let total = 0;
  for (let i = 0; i < count; i++) total += weights[i];
  const half = total / 2;
  const tolerance = total * 1e-12;
  let cumulative = 0;
  for (let i = 0; i < count; i++) {
    cumulative += weights[i];
    if (Math.abs(cumulative - half) <= tolerance && i + 1 < count) return (values[i] + values[i + 1]) / 2;
    if (cumulative > half) return values[i];
  }
  return values[count - 1];
}

/** Weighted population standard deviation of the first `count` entries. */
export function weightedStdDev(values: Float64Array, weights: Float64Array, count: number): number {
  let sw = 0;
  let mean = 0;
  for (let i = 0; i < count; i++) {
    sw += weights[i];
    mean += weights[i] * values[i];
  }
  mean /= sw;
  let acc = 0;
  for (let i = 0; i < count; i++) {
    const d = values[i] - mean;
    acc += weights[i] * d * d;
  }
  return Math.sqrt(acc / sw);
}

/**
 * Consensus of the room, 0…1 (1 = everyone gave identical scores everywhere).
 * Each scored cell's disagreement is divided by the largest standard deviation possible
 * on the scale, (max − min)/2 (half the room at each end), giving 0…1; consensus is one
 * minus the average of those, weighted by criterion weight so that disputes about what
 * matters count for more. Cells with no scores do not count; with none at all it is 1.
 */
export function consensusOf(disagreement: (number | null)[][], criterionWeights: ArrayLike<number>, scaleMin: number, scaleMax: number): number {
  const maxSd = (scaleMax - scaleMin) / 2;
  let acc = 0;
  let sw = 0;
  for (const row of disagreement) {
    for (let k = 0; k < row.length; k++) {
      const d = row[k];
      if (d === null) continue;
      acc += criterionWeights[k] * Math.min(1, d / maxSd);
      sw += criterionWeights[k];
    }
  }
  return sw > 0 ? 1 - acc / sw : 1;
}
