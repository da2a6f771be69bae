import { ESTIMATE_REGION_MIN_ROLLOUTS_PER_ENGINE, SimScenarioSchema, type EstimateRegionReason, type SimResult } from '../cost/schema';
import { fillText } from './assumptions-text';
import { calibrationStatus, targetScenario } from './calibration';
import { budgetCheck, fromUsd, type BudgetCheck } from './currency';
import type { WorkshopDoc } from './schema';

/**
 * The cost and throughput evidence of each candidate, as step 5 shows it and the report prints
 * it (one choice for both). A candidate calibrated by its pilot (step 4, `sim.calibrate`)
 * shows that projection of the full-scale run, with its p10–p90 band and whether the
 * calibration is stale; a candidate without one shows the fast estimate (`sim.estimate`) of
 * the same full-scale run — its own scenario with the needs' planned steps and model size
 * (`targetScenario`) — marked as uncalibrated, with no band (the estimate has no parameter
 * uncertainty to state; its error against the full simulation is the simulator's to show).
 * Either is set against the workshop's budget for the run's duration (`budgetCheck`).
 */

/** A figure at the fit (`mid`) and its p10–p90 band (null for an uncalibrated estimate). */
export interface EvidenceBand {
  p10: number | null;
  mid: number;
  p90: number | null;
}

export interface CostEvidence {
  candidateId: string;
  /** calibrated: the pilot's projection; estimate: the uncalibrated estimate; none: no figures (see `reason`). */
  source: 'calibrated' | 'estimate' | 'none';
  /** No figures because the simulator does not take the full-scale scenario, or its estimate is not in yet. */
  reason: 'invalid-scenario' | 'pending' | null;
  /** The calibration's pilot data, configuration or full-scale scenario changed since it ran. */
  stale: boolean;
  /** When the calibration ran (ISO), null for an estimate. */
  at: string | null;
  /** The full-scale run the figures are for. */
  run: { steps: number; gpus: number; gpu: string; paramsB: number; archetype: 'self-built' | 'managed' | 'hybrid' } | null;
  stepSeconds: EvidenceBand | null;
  wallHours: EvidenceBand | null;
  /** Cost of the run in the workshop's currency. */
  cost: EvidenceBand | null;
  /** The figures at the fit against the budget (null without figures). */
  budget: BudgetCheck | null;
  /**
   * An uncalibrated estimate outside the region the estimate was validated on: why (the
   * simulator screen's flag, carried to step 5 and the reports); null when inside, or not an estimate.
   */
  outsideRegion: EstimateRegionReason[] | null;
}

/** The words of the estimate-region note (the catalogue's `costEvidence` area, either language). */
export interface OutsideRegionWords {
  outside: string;
  region: Record<EstimateRegionReason, string>;
  regionSep: string;
}

/** The note for a candidate whose estimate lies outside the validated region, in the catalogue's words. */
export function outsideRegionText(words: OutsideRegionWords, name: string, reasons: readonly EstimateRegionReason[]): string {
  const list = reasons.map((r) => fillText(words.region[r], { n: ESTIMATE_REGION_MIN_ROLLOUTS_PER_ENGINE })).join(words.regionSep);
  return fillText(words.outside, { name, reasons: list });
}

/** The scenario to estimate for a candidate without a calibration (null when it has one, or its scenario is not valid). */
export function evidenceEstimateRequest(doc: WorkshopDoc, candidateId: string): Record<string, unknown> | null {
  if (calibrationStatus(doc, candidateId)) return null;
  const target = targetScenario(doc, candidateId);
  return SimScenarioSchema.safeParse(target).success ? target : null;
}

/**
 * `sim.estimate`'s answer to `evidenceEstimateRequest`: the result, `'refused'` when the
 * simulator refuses the scenario (a model that does not fit on the GPUs), or null (not in
 * yet, or none asked).
 */
export type EvidenceEstimate = SimResult | 'refused' | null;

/** One candidate's evidence, given the estimate of its full-scale run. */
export function candidateCostEvidence(doc: WorkshopDoc, candidateId: string, estimate: EvidenceEstimate): CostEvidence {
  const money = (usd: number | null) => (usd === null ? null : fromUsd(usd, doc.currency));
  const status = calibrationStatus(doc, candidateId);
  if (status) {
    const p = status.record.result.projection;
    return {
      candidateId,
      source: 'calibrated',
      reason: null,
      stale: status.stale,
      at: status.record.at,
      run: { steps: p.steps, gpus: p.gpus, gpu: p.gpu, paramsB: p.paramsB, archetype: p.archetype },
      stepSeconds: p.stepSeconds,
      wallHours: p.wallHours,
      cost: { p10: money(p.costUsd.p10), mid: money(p.costUsd.mid)!, p90: money(p.costUsd.p90) },
      budget: status.budget,
      outsideRegion: null,
    };
  }
  const none = (reason: CostEvidence['reason']): CostEvidence => ({
    candidateId,
    source: 'none',
    reason,
    stale: false,
    at: null,
    run: null,
    stepSeconds: null,
    wallHours: null,
    cost: null,
    budget: null,
    outsideRegion: null,
  });
  const parsed = SimScenarioSchema.safeParse(targetScenario(doc, candidateId));
  if (!parsed.success || estimate === 'refused') return none('invalid-scenario');
  if (!estimate) return none('pending');
  const s = parsed.data;
  const point = (mid: number): EvidenceBand => ({ p10: null, mid, p90: null });
  return {
    candidateId,
    source: 'estimate',
    reason: null,
    stale: false,
    at: null,
    run: {
      steps: s.steps,
      gpus: s.cluster.gpus,
      gpu: typeof s.cluster.gpu === 'string' ? s.cluster.gpu : s.cluster.gpu.name,
      paramsB: s.model.paramsB,
      archetype: s.cost.archetype,
    },
    stepSeconds: point(estimate.step.meanSeconds),
    wallHours: point(estimate.totals.wallHours),
    cost: point(money(estimate.totals.costRun)!),
    budget: budgetCheck(doc, estimate.totals.costRun, estimate.totals.wallHours),
    outsideRegion: estimate.estimateRegion && !estimate.estimateRegion.inside ? [...estimate.estimateRegion.reasons] : null,
  };
}

/** Every candidate's evidence, in the workshop's candidate order. */
export function costEvidence(doc: WorkshopDoc, estimateOf: (candidateId: string) => EvidenceEstimate): CostEvidence[] {
  return doc.candidates.map((c) => candidateCostEvidence(doc, c.id, estimateOf(c.id)));
}
