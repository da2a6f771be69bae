import { evaluate, type Evaluation } from '../scoring';
import { evaluateInput, scoreCube } from './analysis';
import { calibrationStatus } from './calibration';
import { monthlyBudget } from './currency';
import type { HierarchyJudged } from './hierarchy';
import { summarizeMetrics } from './metrics-suggest';
import type { DecisionSnapshot, WorkshopDoc } from './schema';

/**
 * The decision's frozen basis (seed §六.5–7): when the team records a decision, what it rested
 * on is copied into `decision.snapshot` — the winner, every candidate's weighted total, the
 * weights, the group's scores, each calibrated candidate's cost evidence (p10–p90), the needs'
 * targets and the pilot's measured figures. Canary metrics are held against it (assumptions.ts)
 * and the document is compared with it (`changesSinceDecision`).
 */

/**
 * The analysis the room ranks by: the document's weights and score cube, with the derived values
 * of dimensions scored at their focus points. `judged` holds the engine's AHP answers for the
 * pairwise ones (hierarchy.ts `HierarchyJudged`; the Node side's `hierarchyJudged`, the page's
 * `judgedNow`); without its answer such a dimension counts as not scored. Null when it cannot be
 * evaluated (no candidate, no criterion, or the engine refuses it: every weight zero).
 */
function evaluated(doc: WorkshopDoc, judged: HierarchyJudged): Evaluation | null {
  if (doc.candidates.length === 0 || doc.criteria.length === 0) return null;
  try {
    return evaluate(evaluateInput(doc, undefined, scoreCube(doc, {}, judged)));
  } catch {
    return null;
  }
}

/** The weighted totals of the current analysis (candidate order), or null when it cannot be evaluated (no weight, no criterion). `judged`: see `evaluated`. */
export function currentTotals(doc: WorkshopDoc, judged: HierarchyJudged = {}): number[] | null {
  return evaluated(doc, judged)?.totals ?? null;
}

/**
 * The success-rate KPI the needs state: the first percentage written after "success" / "pass" /
 * "成功率" in the KPIs answer ("task success ≥ 70%" → 0.7), or null when none is stated.
 */
export function successTargetOf(doc: Pick<WorkshopDoc, 'needs'>): number | null {
  const text = doc.needs.answers.kpis;
  if (typeof text !== 'string') return null;
  const m = /(success|pass|成功率|成功)[^\d%\n]{0,30}?(\d+(?:\.\d+)?)\s*[%％]/i.exec(text);
  if (!m) return null;
  const v = Number(m[2]) / 100;
  return v >= 0 && v <= 1 ? v : null;
}

const numberAnswer = (doc: WorkshopDoc, id: string): number | null => {
  const v = doc.needs.answers[id];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

/** The group's aggregated scores of an evaluation, "candidateId|criterionId" → score (unscored cells left out; none without an evaluation). */
function aggregatedScores(doc: WorkshopDoc, evaluation: ReturnType<typeof evaluated>): Record<string, number> {
  const out: Record<string, number> = {};
  if (!evaluation) return out;
  doc.candidates.forEach((c, i) =>
    doc.criteria.forEach((k, j) => {
      const v = evaluation.aggregated[i][j];
      if (v !== null) out[`${c.id}|${k.id}`] = v;
    }),
  );
  return out;
}

/** Each calibrated candidate's cost evidence (a candidate without a pilot calibration has no band to freeze). */
function evidenceOf(doc: WorkshopDoc): DecisionSnapshot['evidence'] {
  const out: DecisionSnapshot['evidence'] = [];
  const money = (usd: number | null) => (usd === null ? null : doc.currency.code === 'USD' ? usd : usd * doc.currency.cnyPerUsd);
  for (const c of doc.candidates) {
    const status = calibrationStatus(doc, c.id);
    if (!status) continue;
    const p = status.record.result.projection;
    out.push({
      candidateId: c.id,
      stepSeconds: { ...p.stepSeconds },
      wallHours: { ...p.wallHours },
      cost: { p10: money(p.costUsd.p10), mid: money(p.costUsd.mid)!, p90: money(p.costUsd.p90) },
    });
  }
  return out;
}

/** The pilot's mean success rate: the unbucketed series, else the mean of the horizons measured. */
function pilotSuccess(s: Partial<Record<'' | 'short' | 'medium' | 'long', number>>): number | null {
  if (s[''] !== undefined) return s[''];
  const vs = (['short', 'medium', 'long'] as const).map((b) => s[b]).filter((v): v is number => v !== undefined);
  return vs.length ? vs.reduce((a, b) => a + b, 0) / vs.length : null;
}

/** The snapshot of the document's decision as it stands, taken at `at` (null without a decided candidate). `judged`: see `evaluated`. */
export function takeSnapshot(doc: WorkshopDoc, at: string, judged: HierarchyJudged = {}): DecisionSnapshot | null {
  const candidateId = doc.decision.candidateId;
  if (candidateId === null) return null;
  // One evaluation for both the totals and the kept scores (it derives the focus-point values too).
  const evaluation = evaluated(doc, judged);
  const totals = evaluation?.totals ?? null;
  return {
    at,
    candidateId,
    candidates: doc.candidates.map((c, i) => ({ id: c.id, total: totals?.[i] ?? 0 })),
    weights: doc.criteria.map((c) => ({ id: c.id, weight: c.weight })),
    scores: aggregatedScores(doc, evaluation),
    evidence: evidenceOf(doc),
    needs: {
      successTarget: successTargetOf(doc),
      monthlyBudget: monthlyBudget(doc),
      currency: doc.currency.code,
      rolloutSteps: numberAnswer(doc, 'rolloutSteps'),
      modelSizeB: numberAnswer(doc, 'modelSizeB'),
    },
    pilot: summarizeMetrics(doc).map((m) => ({
      candidateId: m.candidateId,
      iterationSpeed: m.iterationSpeed ?? null,
      success: pilotSuccess(m.success),
      utilization: m.utilization ?? null,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// What changed since the decision

export interface SnapshotChanges {
  /** Criteria whose weight changed, was added (before null) or removed (after null). */
  weights: { id: string; before: number | null; after: number | null }[];
  /** Group scores that changed (null = not scored / no longer there). */
  scores: { candidateId: string; criterionId: string; before: number | null; after: number | null }[];
  candidates: { added: string[]; removed: string[] };
  /** Calibrated cost evidence (mid figures) that changed, appeared or went away. */
  evidence: { candidateId: string; figure: 'stepSeconds' | 'wallHours' | 'cost'; before: number | null; after: number | null }[];
  /** The needs' targets that changed. */
  needs: {
    target: 'successTarget' | 'monthlyBudget' | 'rolloutSteps' | 'modelSizeB' | 'currency';
    before: number | string | null;
    after: number | string | null;
  }[];
  /** Weighted totals then and now, per candidate of either. */
  totals: { candidateId: string; before: number | null; after: number | null }[];
}

/** Differences below this are rounding, not changes. */
const EPS = 1e-9;
const differs = (a: number | null, b: number | null) => (a === null) !== (b === null) || (a !== null && b !== null && Math.abs(a - b) > EPS);

/** The snapshot against the document now: weights, scores, candidates, evidence and needs that changed. `judged`: see `evaluated`. */
export function changesSinceDecision(doc: WorkshopDoc, snapshot: DecisionSnapshot, judged: HierarchyJudged = {}): SnapshotChanges {
  const now = takeSnapshot({ ...doc, decision: { ...doc.decision, candidateId: snapshot.candidateId } }, snapshot.at, judged)!;
  const weights: SnapshotChanges['weights'] = [];
  const wBefore = new Map(snapshot.weights.map((w) => [w.id, w.weight]));
  const wAfter = new Map(now.weights.map((w) => [w.id, w.weight]));
  for (const id of new Set([...wBefore.keys(), ...wAfter.keys()])) {
    const before = wBefore.get(id) ?? null;
    const after = wAfter.get(id) ?? null;
    if (differs(before, after)) weights.push({ id, before, after });
  }
  const scores: SnapshotChanges['scores'] = [];
  for (const key of new Set([...Object.keys(snapshot.scores), ...Object.keys(now.scores)])) {
    const before = snapshot.scores[key] ?? null;
    const after = now.scores[key] ?? null;
    if (!differs(before, after)) continue;
    const [candidateId, criterionId] = key.split('|');
    scores.push({ candidateId, criterionId, before, after });
  }
  const idsBefore = snapshot.candidates.map((c) => c.id);
  const idsAfter = now.candidates.map((c) => c.id);
  const candidates = { added: idsAfter.filter((id) => !idsBefore.includes(id)), removed: idsBefore.filter((id) => !idsAfter.includes(id)) };
  const evidence: SnapshotChanges['evidence'] = [];
  const eBefore = new Map(snapshot.evidence.map((e) => [e.candidateId, e]));
  const eAfter = new Map(now.evidence.map((e) => [e.candidateId, e]));
  for (const id of new Set([...eBefore.keys(), ...eAfter.keys()]))
    for (const figure of ['stepSeconds', 'wallHours', 'cost'] as const) {
      const before = eBefore.get(id)?.[figure].mid ?? null;
      const after = eAfter.get(id)?.[figure].mid ?? null;
      if (differs(before, after)) evidence.push({ candidateId: id, figure, before, after });
    }
  const needs: SnapshotChanges['needs'] = [];
  for (const target of ['successTarget', 'monthlyBudget', 'rolloutSteps', 'modelSizeB'] as const) {
    const before = snapshot.needs[target];
    const after = now.needs[target];
    if (differs(before, after)) needs.push({ target, before, after });
  }
  if (snapshot.needs.currency !== now.needs.currency) needs.push({ target: 'currency', before: snapshot.needs.currency, after: now.needs.currency });
  const tBefore = new Map(snapshot.candidates.map((c) => [c.id, c.total]));
  const tAfter = new Map(now.candidates.map((c) => [c.id, c.total]));
  const totals = [...new Set([...idsBefore, ...idsAfter])].map((id) => ({ candidateId: id, before: tBefore.get(id) ?? null, after: tAfter.get(id) ?? null }));
  return { weights, scores, candidates, evidence, needs, totals };
}

/** Whether anything the decision rested on changed (weights, scores, candidates, evidence or needs). */
export function hasChanges(c: SnapshotChanges): boolean {
  return c.weights.length + c.scores.length + c.candidates.added.length + c.candidates.removed.length + c.evidence.length + c.needs.length > 0;
}
