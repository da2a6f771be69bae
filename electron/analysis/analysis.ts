import { hierarchyAhpNodes, type HierarchyJudged, type NodeJudged, type WorkshopDoc } from '../../shared/model';
import { applyWhatIf } from '../../shared/model/edits/scenarios';
import { criterionWeights, engineValues, evaluateInput, scoreCube } from '../../shared/model/analysis';
import { evaluate, type Evaluation } from '../../shared/scoring/evaluate';
import { EngineInputError } from '../../shared/scoring/errors';
import { ahpGroupRequest } from '../../shared/model/provenance';
import { ahp, ahpGroup, type ConsensusLabel } from '../engine/ahp';
import { sensitivity, type SensitivityResult } from '../engine/sensitivity';
import { smaa, type SmaaResult, type SmaaWeights } from '../engine/smaa';
import { ConstraintConflict } from '../engine/smaa-constraints';
import type { SmaaModelName, SmaaWeightModel, WorkshopAnalysisResult } from '../../shared/contract/analysis';
import { topsis, type TopsisResult } from '../engine/topsis';

/**
 * Everything the report says about the numbers, computed by the decision engine from the
 * document (the report never re-implements an engine formula). Derived, never stored.
 */
export interface WorkshopAnalysis {
  /** Weights normalised to sum 1, criterion order. */
  weights: number[];
  /** `null` when the engine refused the inputs; `problem` says why. */
  evaluation: Evaluation | null;
  problem: string | null;
  /** Whether any cell is scored at all (no scores: no ranking worth showing). */
  scored: boolean;
  sensitivity: SensitivityResult | null;
  smaa: SmaaResult | null;
  /** SMAA settings used, to state them next to the figures (the weight model among them). */
  smaaSettings: SmaaSettings | null;
  /** Why the chosen SMAA weights gave no answer (null with `around`, which always answers). */
  smaaProblem: WorkshopAnalysisResult['smaaProblem'];
  verdict: Verdict | null;
  /** TOPSIS on the same values and weights, a check that the winner does not hinge on the method. */
  topsis: (TopsisResult & { agrees: boolean }) | null;
  /**
   * The group AHP behind AHP weights (null when the weights are not from AHP): Goepel's S*
   * over the participants whose judgments connect all criteria (`null`, not applicable, with
   * fewer than two of them) and how many judges counted.
   */
  ahp: GroupAhpSummary | null;
}

export interface SmaaSettings {
  samples: number;
  seed: number;
  /** RMS spread around the team's weights (model `around`), else null. */
  spread: number | null;
  model: SmaaModelName;
  /** Model `constraints`: those applied, by criterion index. */
  constraints: { greater: number; lesser: number; ratio: number }[];
}

export interface GroupAhpSummary {
  consensus: { sStar: number; label: ConsensusLabel } | null;
  judges: number;
}

/** Is the winner robust? Reasons are machine-readable so every format words them itself. */
export interface Verdict {
  fragile: boolean;
  reasons: FragilityReason[];
}

export type FragilityReason =
  | { kind: 'low-acceptability'; acceptability: number }
  | { kind: 'small-weight-change'; criterion: number; change: number; winner: number }
  | { kind: 'narrow-margin'; margin: number }
  | { kind: 'incomplete-scores'; coverage: number };

/**
 * Thresholds of the fragile-winner verdict. The winner is fragile when any holds:
 * it ranks first in fewer than half of the SMAA samples; moving one criterion's weight by
 * less than 5 percentage points changes it; it leads the runner-up by under 2 % of the
 * value scale; or its total rests on less than 90 % of the weight (missing scores).
 */
export const FRAGILITY = { minAcceptability: 0.5, minWeightChange: 0.05, minMargin: 0.02, minCoverage: 0.9 } as const;

/**
 * SMAA run of the report: reproducible (fixed seed), weights around the team's weights.
 * 10 000 samples (the engine's default) put each acceptability within ±1 percentage point
 * (two standard errors, √(p(1 − p)/n) ≤ 0.005).
 */
export const REPORT_SMAA = { samples: 10_000, seed: 1, maxSpread: 0.05 } as const;

/**
 * @param smaaWeights the room's choice of SMAA weights; the reports use the default, weights
 *   around the team's.
 */
export function analyseWorkshop(doc: WorkshopDoc, smaaWeights: SmaaWeightModel = { kind: 'around' }): WorkshopAnalysis {
  const rawWeights = criterionWeights(doc);
  const sum = rawWeights.reduce((a, b) => a + b, 0);
  const weights = rawWeights.map((w) => (sum > 0 ? w / sum : 0));
  const empty: WorkshopAnalysis = {
    weights,
    evaluation: null,
    problem: null,
    scored: false,
    sensitivity: null,
    smaa: null,
    smaaSettings: null,
    smaaProblem: null,
    verdict: null,
    topsis: null,
    ahp: groupAhp(doc),
  };
  if (doc.candidates.length === 0 || doc.criteria.length === 0) return empty;

  let evaluation: Evaluation;
  try {
    evaluation = evaluate(evaluateInput(doc, rawWeights, scoreCube(doc, {}, hierarchyJudged(doc))));
  } catch (err) {
    if (err instanceof EngineInputError) return { ...empty, problem: err.message };
    throw err;
  }
  // Observers (influence 0) do not count: "scored" means some cell has a counted score.
  const scored = evaluation.aggregated.some((row) => row.some((a) => a !== null));
  if (!scored) return { ...empty, evaluation };

  // Engine inputs on a common 0…1 higher-is-better scale; an unscored cell counts as the
  // scale minimum, exactly as `evaluate` counts it.
  const range = doc.scale.max - doc.scale.min;
  const values = engineValues(evaluation.aggregated, doc.scale);
  const spread = evaluation.disagreement.map((row) => row.map((d) => (d === null ? 0 : d / range)));

  const sens = doc.candidates.length > 1 ? sensitivity(values, rawWeights) : null;

  let smaaResult: SmaaResult | null = null;
  let smaaSettings: WorkshopAnalysis['smaaSettings'] = null;
  let smaaProblem: WorkshopAnalysis['smaaProblem'] = null;
  if (doc.candidates.length > 1) {
    const chosen = smaaWeightsOf(doc, weights, smaaWeights);
    if ('problem' in chosen) smaaProblem = chosen.problem;
    else if (chosen.weights) {
      try {
        smaaResult = smaa({ values, valueSpread: spread, weights: chosen.weights, samples: REPORT_SMAA.samples, seed: REPORT_SMAA.seed });
        smaaSettings = { samples: REPORT_SMAA.samples, seed: REPORT_SMAA.seed, ...chosen.settings };
      } catch (err) {
        if (err instanceof ConstraintConflict) smaaProblem = { kind: 'conflict', constraints: err.constraints.map((k) => chosen.source[k]) };
        else if (err instanceof EngineInputError) smaaProblem = { kind: 'refused', detail: err.detail };
        else throw err;
      }
    }
  }
  let method: WorkshopAnalysis['topsis'] = null;
  if (doc.candidates.length > 1) {
    const t = topsis({ matrix: values, weights: rawWeights, directions: values[0].map(() => 'benefit' as const) });
    method = { ...t, agrees: t.ranking[0] === evaluation.ranking[0] };
  }
  return {
    weights,
    evaluation,
    problem: null,
    scored: true,
    sensitivity: sens,
    smaa: smaaResult,
    smaaSettings,
    smaaProblem,
    verdict: fragility(evaluation, sens, smaaResult),
    topsis: method,
    ahp: empty.ahp,
  };
}

type ChosenWeights =
  | { problem: NonNullable<WorkshopAnalysis['smaaProblem']> }
  | { weights: SmaaWeights | null; settings: Omit<SmaaSettings, 'samples' | 'seed'>; source: number[] };

/**
 * The engine's SMAA weights for the room's choice. `source[k]`: the index, in the request, of
 * the engine's constraint k (constraints naming criteria no longer in the workshop are
 * dropped; none left, the weights fall back to `around`).
 */
function smaaWeightsOf(doc: WorkshopDoc, weights: number[], model: SmaaWeightModel): ChosenWeights {
  if (model.kind === 'judgments') {
    const group = ahpGroupRequest(doc, 'en');
    // Observers (influence 0) do not count; a participant who judged no pair did not judge.
    const matrices = group?.request.matrices.map((m, p) =>
      group.request.participantWeights[p] > 0 && m.some((row, i) => row.some((x, j) => i !== j && x !== null)) ? m : null,
    );
    if (!group || !matrices || matrices.every((m) => m === null)) return { problem: { kind: 'no-judgments' } };
    return {
      weights: {
        kind: 'judgments',
        matrices,
        mode: model.mode,
        aggregation: group.request.aggregation,
        participantWeights: group.request.participantWeights,
      },
      settings: { spread: null, model: model.mode === 'bootstrap' ? 'judgments-bootstrap' : 'judgments-perturb', constraints: [] },
      source: [],
    };
  }
  if (model.kind === 'constraints') {
    const index = new Map(doc.criteria.map((c, i) => [c.id, i]));
    const source: number[] = [];
    const constraints: SmaaSettings['constraints'] = [];
    model.constraints.forEach((c, k) => {
      const greater = index.get(c.greater);
      const lesser = index.get(c.lesser);
      if (greater === undefined || lesser === undefined || greater === lesser) return;
      source.push(k);
      constraints.push({ greater, lesser, ratio: c.ratio });
    });
    if (constraints.length > 0) return { weights: { kind: 'constraints', constraints }, settings: { spread: null, model: 'constraints', constraints }, source };
  }
  // A Dirichlet "around" the weights needs a spread below its limit sqrt(mean c(1 − c)).
  const limit = Math.sqrt(weights.reduce((a, c) => a + c * (1 - c), 0) / weights.length);
  const s = Math.min(REPORT_SMAA.maxSpread, limit / 2);
  if (!(s > 0)) return { weights: null, settings: { spread: null, model: 'around', constraints: [] }, source: [] };
  return { weights: { kind: 'around', center: weights, spread: s }, settings: { spread: s, model: 'around', constraints: [] }, source: [] };
}

/**
 * The group AHP summary of a workshop weighted by AHP (or whose weights were adopted from AHP):
 * the engine's `ahpGroup` on the judges' matrices (`ahpGroupRequest`); no judge, 0 judges.
 */
export function groupAhp(doc: WorkshopDoc): GroupAhpSummary | null {
  if (doc.weighting.method !== 'ahp' && doc.weighting.provenance.source !== 'ahp') return null;
  const group = ahpGroupRequest(doc, 'en');
  if (!group) return { consensus: null, judges: 0 };
  try {
    const r = ahpGroup(group.request.matrices, group.request.participantWeights, group.request.aggregation);
    return { consensus: r.consensus, judges: r.judges };
  } catch (err) {
    if (err instanceof EngineInputError) return { consensus: null, judges: 0 };
    throw err;
  }
}

/**
 * The engine's AHP (principal eigenvector, Harker's method for pairs left null) on every pairwise
 * dimension of the hierarchy whose judgments link all its focus points — the group of participants
 * who judged it (`hierarchyAhpNodes`), else the team's matrix: what `hierarchyPriorities` takes for
 * their local shares (the renderer asks `engine.ahp` the same per node).
 */
export function hierarchyJudged(doc: WorkshopDoc): HierarchyJudged {
  const out: Record<string, NodeJudged> = {};
  for (const node of hierarchyAhpNodes(doc)) {
    if (node.linking) continue;
    try {
      if (node.group) {
        const r = ahpGroup(node.group.matrices, node.group.participantWeights, node.group.aggregation);
        out[node.criterionId] = {
          weights: r.weights,
          cr: r.cr,
          crAlonsoLamata: r.crAlonsoLamata,
          nextPair: r.nextPair,
          consensus: r.consensus,
          judges: r.judges,
        };
        continue;
      }
      const r = ahp(node.matrix);
      out[node.criterionId] = { weights: r.weights, cr: r.cr, crAlonsoLamata: r.crAlonsoLamata, nextPair: r.nextPair };
    } catch (err) {
      if (!(err instanceof EngineInputError)) throw err;
    }
  }
  return out;
}

/** The fragile-winner verdict (see FRAGILITY). */
export function fragility(evaluation: Evaluation, sens: SensitivityResult | null, acceptability: SmaaResult | null): Verdict {
  const winner = evaluation.ranking[0];
  const reasons: FragilityReason[] = [];
  if (acceptability) {
    const first = acceptability.rankAcceptability[winner][0];
    if (first < FRAGILITY.minAcceptability) reasons.push({ kind: 'low-acceptability', acceptability: first });
  }
  if (sens?.mostCritical && Math.abs(sens.mostCritical.change) < FRAGILITY.minWeightChange) {
    reasons.push({ kind: 'small-weight-change', ...sens.mostCritical });
  }
  if (evaluation.totals.length > 1) {
    const runnerUp = evaluation.totals[evaluation.ranking[1]];
    const margin = evaluation.totals[winner] - runnerUp;
    if (margin < FRAGILITY.minMargin) reasons.push({ kind: 'narrow-margin', margin });
  }
  if (evaluation.coverage[winner] < FRAGILITY.minCoverage) reasons.push({ kind: 'incomplete-scores', coverage: evaluation.coverage[winner] });
  return { fragile: reasons.length > 0, reasons };
}

/** Who wins under each saved what-if scenario (its weights and score overrides applied). */
export interface ScenarioOutcome {
  id: string;
  name: string;
  /** Candidate index of the winner; null when nothing is scored or the engine refused the inputs. */
  winner: number | null;
  /** The winner's weighted total, 0…1. */
  total: number | null;
  /** Why there is no winner, when the engine refused the scenario's inputs. */
  problem: string | null;
}

/**
 * The weighted-sum winner of every what-if scenario. Only `evaluate` runs here (no SMAA):
 * a workshop may hold 200 scenarios, and the report states their winners, not their robustness.
 */
export function scenarioOutcomes(doc: WorkshopDoc): ScenarioOutcome[] {
  return doc.scenarios.map((sc) => {
    const base = { id: sc.id, name: sc.name };
    if (doc.candidates.length === 0 || doc.criteria.length === 0) return { ...base, winner: null, total: null, problem: null };
    const what = applyWhatIf(doc, sc.weights, sc.scoreOverrides);
    try {
      const ev = evaluate(evaluateInput(what, undefined, scoreCube(what, {}, hierarchyJudged(what))));
      const scored = ev.aggregated.some((row) => row.some((a) => a !== null));
      return scored
        ? { ...base, winner: ev.ranking[0], total: ev.totals[ev.ranking[0]], problem: null }
        : { ...base, winner: null, total: null, problem: null };
    } catch (err) {
      if (err instanceof EngineInputError) return { ...base, winner: null, total: null, problem: err.message };
      throw err;
    }
  });
}
