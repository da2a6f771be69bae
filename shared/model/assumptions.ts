import { nextReviewDate } from './review-due';
import { changesSinceDecision, currentTotals, hasChanges, type SnapshotChanges } from './decision-snapshot';
import type { HierarchyJudged } from './hierarchy';
import type { DecisionSnapshot, MetricSeries, WorkshopDoc } from './schema';

/**
 * The assumptions board (seed §六.6 灰度上线, §六.7 持续迭代, §九): each assumption the recorded
 * decision rests on, from its snapshot, held against the canary / production metrics the team
 * imported (`doc.review.canary`). Status: holding (inside the expected band, its edges included),
 * drifting (outside, by at most the team's tolerance — a share of the band's edge), broken
 * (further out), unobserved (no canary figure yet).
 *
 * | assumption        | expected                                  | observed (mean of the canary series)    |
 * | step-time         | the winner's calibrated p10–p90 step time | 3600 ÷ iterations per hour, per row      |
 * | monthly-cost      | ≤ the needs' monthly budget               | monthly cost                             |
 * | success-rate      | ≥ the needs' KPI, else the pilot's rate   | task success rate                        |
 * | throughput        | ≥ the pilot's iterations per hour         | iterations per hour                      |
 * | rollout-length    | ≤ the needs' rollout length (steps)       | rollout steps per task                   |
 * | throughput-demand | ≤ the pilot's iterations per hour         | iterations per hour the workload demands |
 *
 * The last two are §九's interplay: "更长的上下文会加剧失配风险" (a longer context than the pilot's
 * aggravates the mismatch risk) and "更高的吞吐需求会放大信用分配的计算压力" (a higher throughput
 * demand amplifies the compute pressure of credit assignment). When they are exceeded the board
 * flags the linked dimension with its weight.
 */

export type AssumptionId = 'step-time' | 'monthly-cost' | 'success-rate' | 'throughput' | 'rollout-length' | 'throughput-demand';
export type AssumptionStatus = 'holding' | 'drifting' | 'broken' | 'unobserved';
/** Where the expected value comes from: the calibrated cost evidence, the needs, or the pilot's measured metrics. */
export type AssumptionSource = 'cost-evidence' | 'needs' | 'pilot';
/** The canary measure an assumption reads (`step-seconds` is derived from iteration speed). */
export type AssumptionMetric = 'step-seconds' | MetricSeries['metric'];

export interface ExpectedBand {
  /** Lowest value that holds (null: no lower bound). */
  min: number | null;
  /** Highest value that holds (null: no upper bound). */
  max: number | null;
}

export interface Assumption {
  id: AssumptionId;
  /** The criterion the assumption bears on, when the workshop has it. */
  dimension?: string;
  source: AssumptionSource;
  metric: AssumptionMetric;
  expected: ExpectedBand;
  /** The canary's mean (null: not imported yet). */
  observed: number | null;
  status: AssumptionStatus;
  /** Relative distance outside the band (0 inside; null when unobserved). */
  deviation: number | null;
  /** §九 interplay: the dimension whose risk the observed value raises, its weight now, and the seed's words. */
  interplay: { dimension: string; weight: number | null; words: { 'zh-CN': string; en: string } } | null;
}

/** The seed's §九 words, quoted in Chinese, with a faithful English rendering. */
export const INTERPLAY_WORDS = {
  context: { 'zh-CN': '更长的上下文会加剧失配风险', en: 'a longer context aggravates the mismatch risk' },
  throughput: { 'zh-CN': '更高的吞吐需求会放大信用分配的计算压力', en: 'a higher throughput demand amplifies the compute pressure of credit assignment' },
} as const;

/** Default tolerance: 10 % beyond a band's edge is drifting, further is broken. */
export const DEFAULT_TOLERANCE = 0.1;

/** Relative distance of `x` outside `band` (0 inside or on an edge). */
export function deviationFrom(x: number, band: ExpectedBand): number {
  const rel = (edge: number, d: number) => d / (Math.abs(edge) > 0 ? Math.abs(edge) : 1);
  if (band.min !== null && x < band.min) return rel(band.min, band.min - x);
  if (band.max !== null && x > band.max) return rel(band.max, x - band.max);
  return 0;
}

/** holding inside the band (edges included), drifting up to `tolerance` outside it, broken beyond. */
export function assumptionStatus(observed: number | null, band: ExpectedBand, tolerance: number): AssumptionStatus {
  if (observed === null) return 'unobserved';
  const d = deviationFrom(observed, band);
  if (d === 0) return 'holding';
  return d <= tolerance ? 'drifting' : 'broken';
}

function meanOf(points: readonly (readonly [number, number])[], f: (y: number) => number = (y) => y): number | null {
  let sum = 0;
  let n = 0;
  for (const p of points) {
    const v = f(p[1]);
    if (Number.isFinite(v)) {
      sum += v;
      n++;
    }
  }
  return n ? sum / n : null;
}

/** The canary's mean of a measure for the decided candidate (null when not imported). */
export function observedOf(canary: readonly MetricSeries[], candidateId: string, metric: AssumptionMetric): number | null {
  if (metric === 'step-seconds') {
    const s = canary.find((c) => c.candidateId === candidateId && c.metric === 'iteration-speed');
    return s ? meanOf(s.points, (y) => (y > 0 ? 3600 / y : NaN)) : null;
  }
  // Success rate: every horizon's points together.
  const series = canary.filter((c) => c.candidateId === candidateId && c.metric === metric);
  if (series.length === 0) return null;
  return meanOf(series.flatMap((s) => s.points));
}

interface Spec {
  id: AssumptionId;
  source: AssumptionSource;
  metric: AssumptionMetric;
  expected: ExpectedBand | null;
  dimension?: string;
  interplay?: keyof typeof INTERPLAY_WORDS;
}

function specs(s: DecisionSnapshot): Spec[] {
  const winner = s.candidateId;
  const evidence = s.evidence.find((e) => e.candidateId === winner);
  const pilot = s.pilot.find((p) => p.candidateId === winner);
  const step = evidence?.stepSeconds;
  const successFromNeeds = s.needs.successTarget !== null;
  const successMin = s.needs.successTarget ?? pilot?.success ?? null;
  return [
    {
      id: 'step-time',
      source: 'cost-evidence',
      metric: 'step-seconds',
      expected: step ? { min: step.p10 ?? step.mid, max: step.p90 ?? step.mid } : null,
      dimension: 'throughput-efficiency',
    },
    {
      id: 'monthly-cost',
      source: 'needs',
      metric: 'monthly-cost',
      expected: s.needs.monthlyBudget !== null ? { min: null, max: s.needs.monthlyBudget } : null,
      dimension: 'cost-structure',
    },
    {
      id: 'success-rate',
      source: successFromNeeds ? 'needs' : 'pilot',
      metric: 'success-rate',
      expected: successMin !== null ? { min: successMin, max: null } : null,
    },
    {
      id: 'throughput',
      source: 'pilot',
      metric: 'iteration-speed',
      expected: pilot?.iterationSpeed != null ? { min: pilot.iterationSpeed, max: null } : null,
      dimension: 'throughput-efficiency',
    },
    {
      id: 'rollout-length',
      source: 'needs',
      metric: 'rollout-steps',
      expected: s.needs.rolloutSteps !== null ? { min: null, max: s.needs.rolloutSteps } : null,
      dimension: 'mismatch-control',
      interplay: 'context',
    },
    {
      id: 'throughput-demand',
      source: 'pilot',
      metric: 'throughput-demand',
      expected: pilot?.iterationSpeed != null ? { min: null, max: pilot.iterationSpeed } : null,
      dimension: 'credit-assignment',
      interplay: 'throughput',
    },
  ];
}

/**
 * The board: every assumption the snapshot states an expectation for, held against `canary`
 * (default the document's) with the team's tolerance. Empty without a snapshot.
 */
export function assumptionsBoard(doc: WorkshopDoc, canary: readonly MetricSeries[] = doc.review.canary, tolerance = doc.review.tolerance): Assumption[] {
  const s = doc.decision.snapshot;
  if (!s) return [];
  const weightOf = (id: string) => doc.criteria.find((c) => c.id === id)?.weight ?? null;
  const hasCriterion = (id: string | undefined) => id !== undefined && doc.criteria.some((c) => c.id === id);
  return specs(s)
    .filter((spec): spec is Spec & { expected: ExpectedBand } => spec.expected !== null)
    .map((spec) => {
      const observed = observedOf(canary, s.candidateId, spec.metric);
      const status = assumptionStatus(observed, spec.expected, tolerance);
      const exceeded = spec.interplay !== undefined && observed !== null && spec.expected.max !== null && observed > spec.expected.max;
      return {
        id: spec.id,
        ...(hasCriterion(spec.dimension) ? { dimension: spec.dimension } : {}),
        source: spec.source,
        metric: spec.metric,
        expected: spec.expected,
        observed,
        status,
        deviation: observed === null ? null : deviationFrom(observed, spec.expected),
        interplay: exceeded && spec.dimension ? { dimension: spec.dimension, weight: weightOf(spec.dimension), words: INTERPLAY_WORDS[spec.interplay!] } : null,
      };
    });
}

export interface DecisionReview {
  assumptions: Assumption[];
  /** Whether the decided candidate still ranks first on the current analysis (null: no decision or no analysis). */
  stillWins: boolean | null;
  /** Its weighted total minus the best other candidate's (negative when another wins); null as above. */
  margin: number | null;
  /** What changed since the decision (null without a snapshot). */
  changes: SnapshotChanges | null;
  changedSinceDecision: boolean;
}

/** The decided candidate's standing on the current analysis (`judged`: the engine's answers for pairwise dimensions scored at their focus points, decision-snapshot.ts): first or not, and by how much. */
export function standing(doc: WorkshopDoc, judged: HierarchyJudged = {}): { stillWins: boolean | null; margin: number | null } {
  const id = doc.decision.candidateId;
  const totals = currentTotals(doc, judged);
  const i = id === null ? -1 : doc.candidates.findIndex((c) => c.id === id);
  if (!totals || i < 0) return { stillWins: null, margin: null };
  let best = -Infinity;
  totals.forEach((t, k) => {
    if (k !== i && t > best) best = t;
  });
  const margin = Number.isFinite(best) ? totals[i] - best : totals[i];
  return { stillWins: margin >= 0, margin };
}

/** The whole review: the board, the decision's standing now and what changed since it was taken (`judged`: as for `standing`). */
export function reviewDecision(doc: WorkshopDoc, judged: HierarchyJudged = {}): DecisionReview {
  const s = doc.decision.snapshot;
  const changes = s ? changesSinceDecision(doc, s, judged) : null;
  return {
    assumptions: assumptionsBoard(doc),
    ...standing(doc, judged),
    changes,
    changedSinceDecision: changes ? hasChanges(changes) : false,
  };
}

/** The review's worst status (broken over drifting over holding); null when nothing is observed. */
export function worstStatus(assumptions: readonly Assumption[]): Exclude<AssumptionStatus, 'unobserved'> | null {
  const observed = assumptions.filter((a) => a.status !== 'unobserved');
  if (observed.some((a) => a.status === 'broken')) return 'broken';
  if (observed.some((a) => a.status === 'drifting')) return 'drifting';
  return observed.length ? 'holding' : null;
}

/** What the library shows of a workshop's review: the decision's next review date ('' = none or no decision) and its board at its worst. */
export function reviewSummary(doc: WorkshopDoc): { reviewDate: string; assumptions: Exclude<AssumptionStatus, 'unobserved'> | null } {
  return { reviewDate: doc.decision.candidateId === null ? '' : nextReviewDate(doc), assumptions: worstStatus(assumptionsBoard(doc)) };
}
