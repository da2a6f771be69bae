import { aggregateScores, consensusOf, type Aggregation, type ScoreCube } from './aggregate';
import { EngineInputError } from './errors';
import { rankDescending } from './ranking';
import { normaliseWeights } from './weights';

/** The workshop's weighted-sum evaluation of candidates scored by a group. */
export interface EvaluateInput {
  candidates: readonly string[];
  criteria: ReadonlyArray<{ id: string; weight: number }>;
  /** participant × candidate × criterion on `scale`, `null` = not scored. */
  scores: ScoreCube;
  /** The scoring scale (e.g. 1…5); max > min. */
  scale: { min: number; max: number };
  aggregation: Aggregation;
  /** Non-negative, one per participant; default equal. */
  participantWeights?: readonly number[];
}

export interface Evaluation {
  /** Per candidate, 0…1: Σ_k w_k · (aggregated − min)/(max − min). */
  totals: number[];
  /** Candidate indices, best first; ties (within 1e-12) keep index order. */
  ranking: number[];
  /** candidate × criterion: w_k · normalised aggregate; each row sums to the total. */
  contributions: number[][];
  /** candidate × criterion on the original scale; `null` where nobody scored. */
  aggregated: (number | null)[][];
  /** candidate × criterion: standard deviation across participants (scale units). */
  disagreement: (number | null)[][];
  /** 0…1, 1 = everyone agrees (see `consensusOf`). */
  consensus: number;
  /**
   * Per candidate, 0…1: the share of criterion weight that has at least one score.
   * An unscored cell contributes 0 (as if scored at the scale minimum) — we never invent
   * a score — so a total with coverage < 1 is a lower bound and the UI should say so.
   */
  coverage: number[];
}

export function evaluate(input: EvaluateInput): Evaluation {
  const m = input.candidates.length;
  const n = input.criteria.length;
  const { min, max } = input.scale;
  if (!(max > min)) throw new EngineInputError('scale.max', 'must be greater than scale.min');
  const raw = new Float64Array(n);
  for (let k = 0; k < n; k++) raw[k] = input.criteria[k].weight;
  const w = normaliseWeights(raw, 'criteria');
  const { aggregated, disagreement } = aggregateScores(input.scores, m, n, input.aggregation, input.participantWeights);
  const range = max - min;
  const totals = new Array<number>(m);
  const contributions: number[][] = [];
  const coverage = new Array<number>(m);
  for (let c = 0; c < m; c++) {
    const row = new Array<number>(n);
    let total = 0;
    let covered = 0;
    for (let k = 0; k < n; k++) {
      const a = aggregated[c][k];
      const part = a === null ? 0 : (w[k] * (a - min)) / range;
      if (a !== null) covered += w[k];
      row[k] = part;
      total += part;
    }
    contributions.push(row);
    totals[c] = total;
    coverage[c] = Math.min(1, covered);
  }
  return {
    totals,
    ranking: rankDescending(totals),
    contributions,
    aggregated,
    disagreement,
    consensus: consensusOf(disagreement, w, min, max),
    coverage,
  };
}
