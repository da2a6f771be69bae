import { evaluate } from '../scoring';
import { valueOf, valueToScore } from '../scoring/value-function';
import { criterionWeights, engineValues, evaluateInput, scoreCube } from './analysis';
import { observedOf, standing } from './assumptions';
import { addIterationEntry } from './edits/iteration';
import { addScenario, applyWhatIf, groupOverride } from './edits/scenarios';
import type { HierarchyJudged } from './hierarchy';
import { newId } from './ids';
import { DEFAULT_VALUE_FUNCTIONS, MEASURE_CRITERION, suggestScores } from './metrics-suggest';
import type { WhatIfScenario, WorkshopDoc } from './schema';

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

export function reevaluate(doc: WorkshopDoc, judged: HierarchyJudged = {}): Reevaluation | null {
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
  return {
    overrides,
    cells,
    ...standing(whatIf, judged),
    decided: doc.candidates.findIndex((c) => c.id === id),
    sensitivity: sensitivityRequest(whatIf, judged),
  };
}

/** The engines' values and the weights of a document, as `engine.sensitivity` takes them (null: nothing to evaluate). */
function sensitivityRequest(doc: WorkshopDoc, judged: HierarchyJudged): SensitivityRequest | null {
  const weights = criterionWeights(doc);
  if (doc.candidates.length < 2 || !weights.some((w) => w > 0)) return null;
  try {
    return { values: engineValues(evaluate(evaluateInput(doc, weights, scoreCube(doc, {}, judged))).aggregated, doc.scale), weights };
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

/**
 * A re-evaluation the team kept is a what-if scenario of step 5 whose id starts with this prefix;
 * the step 7 log entry of a decision confirmed after it has the scenario's id (no schema field:
 * the ids say it).
 */
export const REEVALUATION_PREFIX = 'reeval-';

/** A new id for a kept re-evaluation. */
export const reevaluationId = (): string => `${REEVALUATION_PREFIX}${newId()}`;

export const isReevaluation = (scenario: Pick<WhatIfScenario, 'id'>): boolean => scenario.id.startsWith(REEVALUATION_PREFIX);

/** Keeps the re-evaluation `r` as a what-if scenario of step 5 (named `name`, at `at`), one edit. */
export function saveReevaluation(doc: WorkshopDoc, r: Pick<Reevaluation, 'overrides'>, input: { id?: string; name: string; at: string }): WorkshopDoc {
  return addScenario(doc, {
    id: input.id ?? reevaluationId(),
    name: input.name,
    createdAt: input.at,
    weights: doc.criteria.map((c) => c.weight),
    scoreOverrides: r.overrides,
  });
}

/**
 * The team confirms the old decision after the re-evaluation `r`, with a note, in one edit: the
 * re-evaluation is kept as a what-if (the last one kept, if it has the same overrides and
 * weights; else a new one) and step 7's log gets `observation` under that what-if's id.
 */
export function confirmAfterReevaluation(
  doc: WorkshopDoc,
  r: Pick<Reevaluation, 'overrides'>,
  input: { name: string; at: string; date: string; observation: string },
): WorkshopDoc {
  const last = doc.scenarios.filter(isReevaluation).at(-1);
  const now = normalised(doc.criteria.map((c) => c.weight));
  const same =
    last !== undefined &&
    !doc.iteration.log.some((e) => e.id === last.id) &&
    sameRecord(last.scoreOverrides, r.overrides) &&
    normalised(doc.criteria.map((c) => last.weights[c.id] ?? 0)).every((w, k) => Math.abs(w - now[k]) < 1e-3);
  const id = same ? last.id : reevaluationId();
  const kept = same ? doc : saveReevaluation(doc, r, { id, name: input.name, at: input.at });
  return addIterationEntry(kept, { id, date: input.date, observation: input.observation, area: 'other' });
}

const normalised = (ws: readonly number[]) => {
  const sum = ws.reduce((a, b) => a + b, 0);
  return ws.map((w) => (sum > 0 ? w / sum : 0));
};

function sameRecord(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => k in b && Math.abs(a[k] - b[k]) < 1e-9);
}

/** What the team did after a re-evaluation: confirmed the old decision (with its log entry), recorded a new one, or nothing yet. */
export type ReevaluationOutcome =
  { kind: 'confirmed'; date: string; observation: string } | { kind: 'new-decision'; candidateId: string; at: string; same: boolean } | { kind: 'open' };

/** The last re-evaluation the team kept, evaluated on the current document. */
export interface KeptReevaluation {
  scenario: WhatIfScenario;
  /** The candidate decided when it was made (whose cells it overrides), and its index (-1: removed since). */
  candidateId: string;
  decided: number;
  /** Whether that candidate ranks first in the what-if, and its total minus the best other's (0…1). */
  stillWins: boolean | null;
  margin: number | null;
  sensitivity: SensitivityRequest | null;
  outcome: ReevaluationOutcome;
}

/** The last re-evaluation kept (a what-if whose id has `REEVALUATION_PREFIX`), or null when none was. */
export function lastReevaluation(doc: WorkshopDoc, judged: HierarchyJudged = {}): KeptReevaluation | null {
  const scenario = doc.scenarios.filter(isReevaluation).at(-1);
  if (!scenario) return null;
  const fromOverrides = Object.keys(scenario.scoreOverrides)[0]?.split('|')[1];
  const candidateId = fromOverrides ?? doc.decision.snapshot?.candidateId ?? doc.decision.candidateId ?? '';
  const whatIf = applyWhatIf(doc, scenario.weights, scenario.scoreOverrides);
  const asDecided = { ...whatIf, decision: { ...whatIf.decision, candidateId: candidateId || null } };
  return {
    scenario,
    candidateId,
    decided: doc.candidates.findIndex((c) => c.id === candidateId),
    ...standing(asDecided, judged),
    sensitivity: sensitivityRequest(whatIf, judged),
    outcome: outcomeOf(doc, scenario, candidateId),
  };
}

function outcomeOf(doc: WorkshopDoc, scenario: WhatIfScenario, candidateId: string): ReevaluationOutcome {
  const confirmed = doc.iteration.log.find((e) => e.id === scenario.id);
  const snapshot = doc.decision.snapshot;
  const recorded = snapshot !== null && doc.decision.candidateId !== null && snapshot.at > scenario.createdAt ? snapshot : null;
  if (confirmed && (recorded === null || confirmed.date >= recorded.at.slice(0, 10)))
    return { kind: 'confirmed', date: confirmed.date, observation: confirmed.observation };
  if (recorded) return { kind: 'new-decision', candidateId: recorded.candidateId, at: recorded.at, same: recorded.candidateId === candidateId };
  return { kind: 'open' };
}
