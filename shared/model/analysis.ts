import { derivedDimensionScores, hierarchyNode, scoredAtLeaves, type HierarchyJudged } from './hierarchy';
import type { WorkshopDoc } from './schema';

/**
 * The one mapping from a workshop document to decision-engine inputs. Every consumer
 * (report, evaluation room, what-if) reads the document through these, so indices mean
 * the same thing everywhere: participants, candidates and criteria in document order.
 */

/** participant × candidate × criterion, on the workshop's scale; `null` = not scored. */
export type DocScoreCube = (number | null)[][][];

/** Key of one score cell, as used by what-if `scoreOverrides`: "participantId|candidateId|criterionId". */
export function scoreKey(participantId: string, candidateId: string, criterionId: string): string {
  return `${participantId}|${candidateId}|${criterionId}`;
}

/**
 * Every participant's score of every candidate on every criterion, in document order.
 * Cells nobody filled in — and scores whose value is `null` — are `null`. When a cell
 * appears twice in `doc.scores` the later entry wins (the document's last word). A dimension
 * scored at its focus points takes the values derived from the leaf scores
 * (`derivedDimensionScores`, hierarchy.ts), not its own scores.
 * @param overrides optional `scoreKey → value` replacements (a what-if scenario)
 * @param judged the engine's AHP answers for pairwise dimensions (their local shares)
 */
export function scoreCube(doc: WorkshopDoc, overrides: Readonly<Record<string, number>> = {}, judged: HierarchyJudged = {}): DocScoreCube {
  const p = indexOf(doc.participants);
  const c = indexOf(doc.candidates);
  const k = indexOf(doc.criteria);
  const cube: DocScoreCube = doc.participants.map(() => doc.candidates.map(() => doc.criteria.map(() => null)));
  for (const s of scoresInForce(doc, judged)) {
    const pi = p.get(s.participantId);
    const ci = c.get(s.candidateId);
    const ki = k.get(s.criterionId);
    if (pi === undefined || ci === undefined || ki === undefined) continue;
    cube[pi][ci][ki] = s.value;
  }
  for (const [key, value] of Object.entries(overrides)) {
    const [pid, cid, kid] = key.split('|');
    const pi = p.get(pid);
    const ci = c.get(cid);
    const ki = k.get(kid);
    if (pi === undefined || ci === undefined || ki === undefined) continue;
    cube[pi][ci][ki] = value;
  }
  return cube;
}

/** One score in force (see `scoresInForce`). */
export interface ScoreInForce {
  participantId: string;
  candidateId: string;
  criterionId: string;
  value: number | null;
  /** The participant's rationale; none for a value derived from focus points. */
  rationale: string;
}

/**
 * THE scores that count, in document order: the entered scores of dimensions scored at the
 * dimension, then the values derived from the focus point scores of dimensions scored at their
 * focus points (hierarchy.ts; their own dimension scores are kept but do not count). `judged`:
 * the engine's answers for pairwise ones (without it such a dimension is not scored). The score
 * cube, the room's per-cell statistics and the round history all read the scores through this.
 */
export function scoresInForce(doc: WorkshopDoc, judged: HierarchyJudged = {}): ScoreInForce[] {
  const atLeaves = new Set(doc.criteria.filter((x) => scoredAtLeaves(hierarchyNode(doc, x.id))).map((x) => x.id));
  const derived = derivedDimensionScores(doc, judged).map(({ participantId, candidateId, criterionId, value }) => ({
    participantId,
    candidateId,
    criterionId,
    value,
    rationale: '',
  }));
  return atLeaves.size === 0 ? doc.scores : [...doc.scores.filter((x) => !atLeaves.has(x.criterionId)), ...derived];
}

/**
 * Criterion weights in points (the document's current weights), in criterion order: the one
 * source of every engine's weights. With a criteria hierarchy (hierarchy.ts) scoring stays at
 * the dimension, and a dimension's focus points split its weight, so these are also the global
 * weights of the leaves summed per dimension (`hierarchyPriorities` gives the leaves' own).
 */
export function criterionWeights(doc: WorkshopDoc): number[] {
  return doc.criteria.map((c) => c.weight);
}

/** Weights that sum to 1 (in criterion order); all zero when every weight is zero. */
export function normalisedCriterionWeights(doc: WorkshopDoc): number[] {
  const raw = criterionWeights(doc);
  const sum = raw.reduce((a, b) => a + b, 0);
  return raw.map((w) => (sum > 0 ? w / sum : 0));
}

/**
 * The evaluation input (`engine.evaluate` request) of a document: every candidate, every
 * criterion with `weights` (criterion order; default the document's points), the score cube
 * (default the document's scores), its scale, aggregation and participants' influence.
 */
export function evaluateInput(doc: WorkshopDoc, weights: readonly number[] = criterionWeights(doc), scores: DocScoreCube = scoreCube(doc)) {
  return {
    candidates: doc.candidates.map((c) => c.id),
    criteria: doc.criteria.map((c, i) => ({ id: c.id, weight: weights[i] ?? 0 })),
    scores,
    scale: doc.scale,
    aggregation: doc.aggregation,
    participantWeights: participantWeights(doc),
  };
}

/** Participants' influence in group aggregation, in participant order (0 = observer). */
export function participantWeights(doc: WorkshopDoc): number[] {
  return doc.participants.map((p) => p.influence);
}

/** Criterion indices, most important first, from `weighting.rankOrder` (unknown ids dropped, missing ones appended in document order). */
export function rankOrderIndices(doc: WorkshopDoc): number[] {
  const k = indexOf(doc.criteria);
  const seen = new Set<number>();
  const out: number[] = [];
  for (const id of doc.weighting.rankOrder) {
    const i = k.get(id);
    if (i !== undefined && !seen.has(i)) {
      seen.add(i);
      out.push(i);
    }
  }
  doc.criteria.forEach((_, i) => {
    if (!seen.has(i)) out.push(i);
  });
  return out;
}

function indexOf(items: readonly { id: string }[]): Map<string, number> {
  const m = new Map<string, number>();
  items.forEach((item, i) => {
    if (!m.has(item.id)) m.set(item.id, i);
  });
  return m;
}

/**
 * The engines' candidate × criterion values from an evaluation's group scores: a common 0…1
 * higher-is-better scale, an unscored cell counted as the scale minimum (as `evaluate` counts it).
 * Sensitivity, SMAA, TOPSIS and the stability map all take these.
 */
export function engineValues(aggregated: readonly (readonly (number | null)[])[], scale: { min: number; max: number }): number[][] {
  const range = scale.max - scale.min;
  return aggregated.map((row) => row.map((a) => (a === null || !(range > 0) ? 0 : (a - scale.min) / range)));
}
