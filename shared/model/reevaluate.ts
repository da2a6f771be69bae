import { valueOf, valueToScore } from '../scoring/value-function';
import { observedOf, standing } from './assumptions';
import { applyWhatIf, groupOverride } from './edits/scenarios';
import { DEFAULT_VALUE_FUNCTIONS, MEASURE_CRITERION, suggestScores } from './metrics-suggest';
import type { WorkshopDoc } from './schema';

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
  return { overrides, cells, ...standing(applyWhatIf(doc, undefined, overrides)) };
}
