import { EngineInputError } from '../../shared/scoring/errors';
import { ahp, type AhpResult, type PairwiseMatrix } from './ahp';

/**
 * AHP ratings of candidates on one dimension: the candidates are judged pairwise (as
 * criteria are for weights, `null` for a pair not judged) and the priorities of that
 * matrix — by the same eigenvector / Harker engine as the weights, so missing pairs are
 * allowed — become the dimension's scores.
 *
 * The mapping is Saaty's **ideal mode** of synthesis: each priority is divided by the
 * largest one, so the best candidate gets the ideal 1 and the others their ratio to it
 * (Saaty, "Decision making with the analytic hierarchy process", Int. J. Services Sciences
 * 1(1), 2008, §"Ideal mode"; Belton & Gear, Omega 11(3), 1983, who proposed normalising by
 * the maximum). Unlike the distributive mode (priorities summing to 1), the ideal mode does
 * not let adding or removing a candidate change the others' ratio to the best one.
 *
 * On the workshop's scale [min, max]:  score_i = min + (max − min) · w_i / max_k w_k.
 * The evaluation normalises a score as (score − min) / (max − min), so what enters the
 * weighted sum is exactly the ideal-mode priority w_i / max w; on the default 0–10 scale
 * this is score = 10 · w_i / max w.
 */

export interface AhpRatingsResult extends AhpResult {
  /** Ideal-mode priorities: w_i / max w (the best candidate is 1). */
  ideal: number[];
  /** The dimension's scores on the scale: min + (max − min) · ideal_i. */
  scores: number[];
}

export interface RatingScale {
  min: number;
  max: number;
}

export function ahpRatings(matrix: PairwiseMatrix, scale: RatingScale, labels?: readonly string[]): AhpRatingsResult {
  if (!(scale.max > scale.min)) throw new EngineInputError('scale.max', 'must be greater than scale.min');
  const result = ahp(matrix, { labels, items: 'candidates' });
  const best = Math.max(...result.weights);
  const ideal = result.weights.map((w) => w / best);
  const span = scale.max - scale.min;
  // The best candidate gets max exactly (ideal = 1 to the last bit, not min + span·0.9999…).
  const scores = ideal.map((v) => (v === 1 ? scale.max : Math.min(scale.max, Math.max(scale.min, scale.min + span * v))));
  return { ...result, ideal, scores };
}
