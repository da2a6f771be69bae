import { valueOf, valueToScore, type ValueFunction } from '../scoring/value-function';
import { calibrationStatus } from './calibration';
import { hierarchyNode, scoredAtLeaves } from './hierarchy';
import type { MeasureId, MetricSeries, WorkshopDoc } from './schema';

/**
 * From pilot metrics to suggested criterion scores (seed §六.4 → §六.5). Each measure
 * feeds one criterion, relative to the best candidate measured:
 *
 * | measure                                   | criterion              | why (seed)                                   |
 * |-------------------------------------------|------------------------|----------------------------------------------|
 * | mean iteration speed (iterations / hour)  | throughput-efficiency  | §三.2 throughput decides iteration speed     |
 * | mean long-horizon task success rate       | credit-assignment      | §三.4 long chains are where credit assignment fails |
 * | long ÷ short success (how little success drops with length) | context-management | §三.3 long context must not cost success |
 * | mean resource utilization                 | cost-structure         | §四 idle resources are a cost line           |
 *
 * Score = scale.min + (scale.max − scale.min) × v(measured), rounded to 0.1, where v is the
 * team's value function for the measure (`metrics.valueFunctions`: linear, piecewise or
 * threshold, shared/scoring/value-function.ts); without one, v is linear from 0 to the best
 * candidate measured (the best gets the top of the scale and the others in proportion).
 * Rewards are charted but not scored: different stacks' reward models are not on one scale.
 *
 * Cost: where a candidate has a current calibration by its pilot and the workshop a
 * budget, `budget-share` — the projected full-scale run's cost ÷ the budget for its duration
 * (budget per month × the run's months, currency.ts) — suggests its cost-structure score, through
 * the team's value function or the default piecewise one (`DEFAULT_VALUE_FUNCTIONS`). The row then
 * rates every candidate on that one measure: utilization suggests cost scores only while no
 * candidate has a calibration (`measureOf`).
 */
export type Measure = MeasureId;

export const MEASURE_CRITERION: Record<Measure, string> = {
  'iteration-speed': 'throughput-efficiency',
  'long-success': 'credit-assignment',
  'horizon-retention': 'context-management',
  utilization: 'cost-structure',
  'budget-share': 'cost-structure',
};

/**
 * Value functions used when the team has set none, for measures where "in proportion to the
 * best" makes no sense. Budget share (less is better): within budget (≤ 0.75 of it) → the top of
 * the scale, at budget → the middle, 1.5 × the budget or more → the bottom, straight between.
 */
export const DEFAULT_VALUE_FUNCTIONS: Partial<Record<Measure, ValueFunction>> = {
  'budget-share': {
    kind: 'piecewise',
    points: [
      [0.75, 1],
      [1, 0.5],
      [1.5, 0],
    ],
  },
};

export interface CandidateMetrics {
  candidateId: string;
  /** Mean iterations per hour. */
  iterationSpeed?: number;
  /** Mean of the last tenth of the reward curve. */
  finalReward?: number;
  /** Mean success rate (0..1) per horizon bucket ('' = not bucketed). */
  success: Partial<Record<MetricSeries['bucket'], number>>;
  /** Mean utilization (0..1). */
  utilization?: number;
  /** Projected full-scale cost ÷ the budget for its duration (a current calibration and a budget). */
  budgetShare?: number;
}

export interface ScoreSuggestion {
  candidateId: string;
  criterionId: string;
  measure: Measure;
  measured: number;
  best: number;
  value: number;
  /** The value function used; `custom` false = the default, in proportion to the best. */
  fn: ValueFunction;
  custom: boolean;
}

const mean = (pts: [number, number][]) => (pts.length ? pts.reduce((s, p) => s + p[1], 0) / pts.length : undefined);

/** Per-candidate summary figures of the imported series. */
export function summarizeMetrics(doc: WorkshopDoc): CandidateMetrics[] {
  return doc.candidates
    .map((c) => {
      const of = (metric: MetricSeries['metric'], bucket: MetricSeries['bucket'] = '') =>
        doc.metrics.series.find((s) => s.candidateId === c.id && s.metric === metric && s.bucket === bucket);
      const reward = of('reward');
      const tail = reward ? reward.points.slice(Math.floor(reward.points.length * 0.9)) : [];
      const success: CandidateMetrics['success'] = {};
      for (const b of ['', 'short', 'medium', 'long'] as const) {
        const m = mean(of('success-rate', b)?.points ?? []);
        if (m !== undefined) success[b] = m;
      }
      return {
        candidateId: c.id,
        iterationSpeed: mean(of('iteration-speed')?.points ?? []),
        finalReward: mean(tail),
        success,
        utilization: mean(of('utilization')?.points ?? []),
        budgetShare: budgetShareOf(doc, c.id),
      };
    })
    .filter(
      (m) =>
        m.iterationSpeed !== undefined ||
        m.finalReward !== undefined ||
        Object.keys(m.success).length > 0 ||
        m.utilization !== undefined ||
        m.budgetShare !== undefined,
    );
}

function budgetShareOf(doc: WorkshopDoc, candidateId: string): number | undefined {
  if (doc.metrics.calibrations.length === 0) return undefined;
  const status = calibrationStatus(doc, candidateId);
  return status && !status.stale && status.budget.share !== null ? status.budget.share : undefined;
}

/**
 * The measure a candidate is rated on. The cost-structure row uses one measure for every
 * candidate: the projected cost ÷ budget as soon as any candidate has it (a current
 * calibration and a budget), so utilization never rates one candidate beside another's cost;
 * a candidate without its own calibration then has no suggestion there. Without any, mean
 * utilization rates them all.
 */
function measureOf(m: CandidateMetrics, measure: Measure, anyBudgetShare: boolean): number | undefined {
  switch (measure) {
    case 'iteration-speed':
      return m.iterationSpeed;
    case 'long-success':
      return m.success.long;
    case 'horizon-retention':
      return m.success.long !== undefined && m.success.short ? m.success.long / m.success.short : undefined;
    case 'utilization':
      return anyBudgetShare ? undefined : m.utilization;
    case 'budget-share':
      return m.budgetShare;
  }
}

/** Suggested scores for the criteria the workshop has, for every candidate with the measure. */
export function suggestScores(doc: WorkshopDoc): ScoreSuggestion[] {
  const summaries = summarizeMetrics(doc);
  const criteria = new Set(doc.criteria.map((c) => c.id));
  const { min, max } = doc.scale;
  const anyBudgetShare = summaries.some((m) => m.budgetShare !== undefined);
  const out: ScoreSuggestion[] = [];
  for (const measure of Object.keys(MEASURE_CRITERION) as Measure[]) {
    const criterionId = MEASURE_CRITERION[measure];
    if (!criteria.has(criterionId)) continue;
    const measured = summaries
      .map((s) => ({ id: s.candidateId, v: measureOf(s, measure, anyBudgetShare) }))
      .filter((x): x is { id: string; v: number } => x.v !== undefined && x.v >= 0);
    if (measured.length === 0) continue;
    const best = Math.max(...measured.map((x) => x.v));
    const stored = doc.metrics.valueFunctions[measure];
    const fallback = DEFAULT_VALUE_FUNCTIONS[measure];
    if (!stored && !fallback && !(best > 0)) continue;
    const fn: ValueFunction = stored ?? fallback ?? { kind: 'linear', worst: 0, best };
    for (const x of measured) {
      out.push({
        candidateId: x.id,
        criterionId,
        measure,
        measured: x.v,
        best,
        value: valueToScore(valueOf(fn, x.v), { min, max }),
        fn,
        custom: !!stored || !!fallback,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Scores the team took from the suggestions stay the team's

/** A score taken from the metrics whose suggestion has changed since: proposed, never written behind the team's back. */
export interface MetricScoreProposal {
  participantId: string;
  candidateId: string;
  criterionId: string;
  /** The score in the grid (what the team took). */
  current: number;
  /** What the metrics suggest now. */
  proposed: number;
}

const cell = (s: { participantId: string; candidateId: string; criterionId: string }) => `${s.participantId}|${s.candidateId}|${s.criterionId}`;

/**
 * For every score the team took from the suggestions (`metrics.written`) and has not changed
 * by hand since: a proposal when the metrics now suggest another value than the one last
 * reconciled with. A score changed by hand, or no longer suggested (its measure is gone), is
 * left alone.
 */
export function metricScoreProposals(doc: WorkshopDoc): MetricScoreProposal[] {
  if (doc.metrics.written.length === 0) return [];
  const now = new Map(suggestScores(doc).map((s) => [`${s.candidateId}|${s.criterionId}`, s.value]));
  const scores = new Map(doc.scores.map((s) => [cell(s), s.value]));
  const out: MetricScoreProposal[] = [];
  for (const w of doc.metrics.written) {
    const current = scores.get(cell(w));
    const proposed = now.get(`${w.candidateId}|${w.criterionId}`);
    if (current === undefined || current === null || current !== w.value || proposed === undefined) continue;
    if (scoredAtLeaves(hierarchyNode(doc, w.criterionId))) continue; // its dimension scores no longer count
    if (Math.abs(proposed - w.basis) > 1e-9 && Math.abs(proposed - current) > 1e-9) out.push({ ...pick(w), current, proposed });
  }
  return out;
}

const pick = (w: { participantId: string; candidateId: string; criterionId: string }) => ({
  participantId: w.participantId,
  candidateId: w.candidateId,
  criterionId: w.criterionId,
});
