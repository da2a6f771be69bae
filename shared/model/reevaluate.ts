import { evaluate } from '../scoring';
import { valueOf, valueToScore } from '../scoring/value-function';
import { criterionWeights, engineValues, evaluateInput } from './analysis';
import { observedOf, standing } from './assumptions';
import { applyWhatIf, groupOverride } from './edits/scenarios';
import { DEFAULT_VALUE_FUNCTIONS, MEASURE_CRITERION, suggestScores } from './metrics-suggest';
import type { WorkshopDoc } from './schema';

/** What `engine.sensitivity` takes: the engines' values (candidates × criteria) and the weights (the model knows the shape, not the contract). */
export interface SensitivityRequest {
  values: number[][];
  weights: number[];
}
/** The engine's smallest weight change that changes the winner (`engine.sensitivity`'s `smallestChange`). */
interface SmallestChange {
  weights: number[];
  winner: number;
  distance: number;
}
/** The parts of `engine.sensitivity`'s answer the re-evaluation reads. */
interface SensitivityAnswer {
  winner: number;
  smallestChange: SmallestChange | null;
  reversals: { leader: number; challenger: number; distance: number | null; weights: number[] | null }[];
}

/**
 * Re-evaluating the decision with the canary's evidence (seed §六.7, "优先用小规模验证替代理论推演"):
 * a what-if of the current analysis in which the decided candidate's throughput score is what
 * its observed iteration speed suggests (the pilot's series replaced by the canary's, through the
 * same suggestion and value function as step 4) and its cost score what its observed monthly
 * cost against the monthly budget suggests (the budget-share value function). Every
 * participant's score of those cells is overridden (a group what-if); nothing else changes.
 */
export interface Reevaluation {
  /** Score overrides ("participant|candidate|criterion" → value), ready for a saved what-if scenario. */
  overrides: Record<string, number>;
  /** The cells changed: the criterion, the measure observed and the score it suggests. */
  cells: { criterionId: string; measure: 'iteration-speed' | 'budget-share'; measured: number; score: number }[];
  stillWins: boolean | null;
  margin: number | null;
  /** The decided candidate's index (document order). */
  decided: number;
  /** The `engine.sensitivity` request of the what-if (null when it cannot be evaluated): what it would take, by `whatItTakes`. */
  sensitivity: SensitivityRequest | null;
}

export function reevaluate(doc: WorkshopDoc): Reevaluation | null {
  const id = doc.decision.candidateId;
  if (id === null || doc.decision.snapshot === null) return null;
  const criteria = new Set(doc.criteria.map((c) => c.id));
  const cells: Reevaluation['cells'] = [];
  let overrides: Record<string, number> = {};
  const speed = observedOf(doc.review.canary, id, 'iteration-speed');
  const throughputId = MEASURE_CRITERION['iteration-speed'];
  if (speed !== null && criteria.has(throughputId)) {
    const canary = doc.review.canary.find((s) => s.candidateId === id && s.metric === 'iteration-speed')!;
    const series = [...doc.metrics.series.filter((s) => !(s.candidateId === id && s.metric === 'iteration-speed')), canary];
    const suggestion = suggestScores({ ...doc, metrics: { ...doc.metrics, series } }).find((s) => s.candidateId === id && s.measure === 'iteration-speed');
    if (suggestion) {
      cells.push({ criterionId: throughputId, measure: 'iteration-speed', measured: suggestion.measured, score: suggestion.value });
      overrides = { ...overrides, ...groupOverride(doc, id, throughputId, suggestion.value) };
    }
  }
  const cost = observedOf(doc.review.canary, id, 'monthly-cost');
  const budget = doc.decision.snapshot.needs.monthlyBudget;
  const costId = MEASURE_CRITERION['budget-share'];
  if (cost !== null && budget !== null && budget > 0 && criteria.has(costId)) {
    const fn = doc.metrics.valueFunctions['budget-share'] ?? DEFAULT_VALUE_FUNCTIONS['budget-share']!;
    const share = cost / budget;
    const score = valueToScore(valueOf(fn, share), doc.scale);
    cells.push({ criterionId: costId, measure: 'budget-share', measured: share, score });
    overrides = { ...overrides, ...groupOverride(doc, id, costId, score) };
  }
  const whatIf = applyWhatIf(doc, undefined, overrides);
  return { overrides, cells, ...standing(whatIf), decided: doc.candidates.findIndex((c) => c.id === id), sensitivity: sensitivityRequest(whatIf) };
}

/** The engines' values and the weights of a document, as `engine.sensitivity` takes them (null: nothing to evaluate). */
function sensitivityRequest(doc: WorkshopDoc): SensitivityRequest | null {
  const weights = criterionWeights(doc);
  if (doc.candidates.length < 2 || !weights.some((w) => w > 0)) return null;
  try {
    return { values: engineValues(evaluate(evaluateInput(doc)).aggregated, doc.scale), weights };
  } catch {
    return null;
  }
}

/** What it would take for the decided candidate to rank first again (null: it does). */
export interface WhatItTakes {
  /** The candidate ranked just above it (index). */
  above: number;
  /** How many candidates rank above it. */
  behind: number;
  /** The smallest L1 change of the normalised weights at which it ties `above`, and those weights; null when no weights let it. */
  distance: number | null;
  weights: number[] | null;
  /** The engine's smallest weight change that changes the winner at all (to whichever candidate). */
  smallest: SmallestChange | null;
}

/** From `engine.sensitivity`'s answer on the re-evaluation: the reversal in which the decided candidate (`decided`) challenges the one ranked just above it. */
export function whatItTakes(answer: SensitivityAnswer, decided: number): WhatItTakes | null {
  if (answer.winner === decided) return null;
  const r = answer.reversals.findIndex((x) => x.challenger === decided);
  if (r < 0) return null;
  const { leader, distance, weights } = answer.reversals[r];
  return { above: leader, behind: r + 1, distance, weights, smallest: answer.smallestChange };
}
