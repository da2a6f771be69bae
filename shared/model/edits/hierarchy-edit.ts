import { pick } from '../../framework';
import type { HierarchyNode, WorkshopDoc } from '../schema';
import { round } from './common';

/** Points each focus point starts with when a dimension is expanded (equal local weights). */
export const LEAF_START_POINTS = 10;

/** Whether a criterion can be expanded: it exists, is not expanded, and lists at least two focus points. */
export function canExpand(doc: WorkshopDoc, criterionId: string): boolean {
  const c = doc.criteria.find((x) => x.id === criterionId);
  return !!c && !doc.hierarchy.some((n) => n.criterionId === criterionId) && namedFocusPoints(c.focusPoints).length >= 2;
}

/** Expands a dimension into its focus points (those with a name in either language), equal local weights. */
export function expandCriterion(doc: WorkshopDoc, criterionId: string): WorkshopDoc {
  if (!canExpand(doc, criterionId)) return doc;
  const c = doc.criteria.find((x) => x.id === criterionId)!;
  const leaves = namedFocusPoints(c.focusPoints)
    .slice(0, 50)
    .map((name, i) => ({ id: `fp-${i + 1}`, name: { ...name }, weight: LEAF_START_POINTS }));
  const node: HierarchyNode = { criterionId, leaves };
  return { ...doc, hierarchy: [...doc.hierarchy, node] };
}

/** Folds an expanded dimension back (its local weights and leaf scores are dropped); the dimension's own weight and scores are untouched. */
export function collapseCriterion(doc: WorkshopDoc, criterionId: string): WorkshopDoc {
  if (!doc.hierarchy.some((n) => n.criterionId === criterionId)) return doc;
  return { ...doc, hierarchy: doc.hierarchy.filter((n) => n.criterionId !== criterionId), leafScores: leafScoresWithout(doc.leafScores, { criterionId }) };
}

/**
 * Where an expanded dimension is scored: at the dimension or at its focus points (hierarchy.ts).
 * Switching keeps both the dimension's scores and the leaf scores; only the chosen ones count.
 */
export function setScoreAt(doc: WorkshopDoc, criterionId: string, scoreAt: 'dimension' | 'leaves'): WorkshopDoc {
  const node = doc.hierarchy.find((n) => n.criterionId === criterionId);
  if (!node || (node.scoreAt ?? 'dimension') === scoreAt) return doc;
  return { ...doc, hierarchy: doc.hierarchy.map((x) => (x === node ? { ...node, scoreAt } : x)) };
}

/** One focus point's cell: a participant's score of a candidate on a focus point of a dimension. */
export interface LeafCell {
  participantId: string;
  candidateId: string;
  criterionId: string;
  leafId: string;
}

/**
 * The document with one focus point cell's entry changed by `change` (its value and rationale;
 * an entry with neither leaves the document). Refused (the same document): unknown participant,
 * candidate, dimension or focus point, or no change.
 */
function changeLeafCell(
  doc: WorkshopDoc,
  cell: LeafCell,
  change: (was: { value: number | null; rationale: string }) => { value: number | null; rationale: string },
): WorkshopDoc {
  const node = doc.hierarchy.find((n) => n.criterionId === cell.criterionId);
  if (!node || !node.leaves.some((l) => l.id === cell.leafId)) return doc;
  if (!doc.participants.some((p) => p.id === cell.participantId) || !doc.candidates.some((c) => c.id === cell.candidateId)) return doc;
  const same = (s: WorkshopDoc['leafScores'][number]) =>
    s.participantId === cell.participantId && s.candidateId === cell.candidateId && s.criterionId === cell.criterionId && s.leafId === cell.leafId;
  const i = doc.leafScores.findIndex(same);
  const was = i < 0 ? { value: null, rationale: '' } : doc.leafScores[i];
  const next = change(was);
  if (next.value === was.value && next.rationale === was.rationale) return doc;
  const entry = { participantId: cell.participantId, candidateId: cell.candidateId, criterionId: cell.criterionId, leafId: cell.leafId, ...next };
  const keep = next.value !== null || next.rationale !== '';
  if (i < 0) return keep ? { ...doc, leafScores: [...doc.leafScores, entry] } : doc;
  const leafScores = doc.leafScores.slice();
  if (keep) leafScores[i] = entry;
  else leafScores.splice(i, 1);
  return { ...doc, leafScores };
}

/**
 * One participant's score of one candidate on one focus point (null clears it, keeping its
 * rationale). Refused (the same document): unknown participant, candidate, dimension or focus
 * point, or a value off the scale.
 */
export function setLeafScore(doc: WorkshopDoc, cell: LeafCell, value: number | null): WorkshopDoc {
  if (value !== null && !(Number.isFinite(value) && value >= doc.scale.min && value <= doc.scale.max)) return doc;
  return changeLeafCell(doc, cell, (was) => ({ value, rationale: was.rationale }));
}

/** The short rationale of one focus point cell (kept even when it has no score yet; '' removes it). */
export function setLeafRationale(doc: WorkshopDoc, cell: LeafCell, text: string): WorkshopDoc {
  const rationale = text.slice(0, 10_000);
  return changeLeafCell(doc, cell, (was) => ({ value: was.value, rationale }));
}

/** Leaf scores without those of a removed participant, candidate or dimension. */
export function leafScoresWithout(
  leafScores: WorkshopDoc['leafScores'],
  gone: { participantId?: string; candidateId?: string; criterionId?: string },
): WorkshopDoc['leafScores'] {
  const hit = (s: WorkshopDoc['leafScores'][number]) =>
    s.participantId === gone.participantId || s.candidateId === gone.candidateId || s.criterionId === gone.criterionId;
  return leafScores.some(hit) ? leafScores.filter((s) => !hit(s)) : leafScores;
}

/** A focus point's local weight in points (clamped to 0…10,000); no change, the same document. */
export function setLeafWeight(doc: WorkshopDoc, criterionId: string, leafId: string, points: number): WorkshopDoc {
  if (!Number.isFinite(points)) return doc;
  const w = round(Math.min(10_000, Math.max(0, points)));
  let changed = false;
  const hierarchy = doc.hierarchy.map((n) => {
    if (n.criterionId !== criterionId) return n;
    const leaves = n.leaves.map((l) => {
      if (l.id !== leafId || l.weight === w) return l;
      changed = true;
      return { ...l, weight: w };
    });
    return changed ? { ...n, leaves } : n;
  });
  return changed ? { ...doc, hierarchy } : doc;
}

/**
 * How a dimension's focus points get their local weights: 'points' (as entered) or 'pairwise'
 * (AHP on their pairwise judgments). Switching to pairwise starts an unanswered matrix (1 on the
 * diagonal, null elsewhere) unless one is kept from before; switching back keeps the judgments.
 */
export function setHierarchyMethod(doc: WorkshopDoc, criterionId: string, method: 'points' | 'pairwise'): WorkshopDoc {
  const node = doc.hierarchy.find((n) => n.criterionId === criterionId);
  if (!node || (node.method ?? 'points') === method) return doc;
  const matrix = node.matrix ?? unansweredMatrix(node.leaves.length);
  const next: HierarchyNode = method === 'pairwise' ? { ...node, method, matrix } : { ...node, method };
  return { ...doc, hierarchy: doc.hierarchy.map((x) => (x === node ? next : x)) };
}

/**
 * Judgment "focus point i is `value` times as important as focus point j" under a pairwise
 * dimension; the mirror a_ji = 1 / value follows, and null marks the pair not judged (both sides).
 * `participantId`: that participant's own matrix (started unanswered; dropped once no pair of it
 * is judged); absent: the team's `matrix`. Refused (the same document): no such node, pair or
 * participant, i = j, or a value not positive and finite.
 */
export function setLeafJudgment(doc: WorkshopDoc, criterionId: string, i: number, j: number, value: number | null, participantId?: string): WorkshopDoc {
  const node = doc.hierarchy.find((n) => n.criterionId === criterionId);
  const n = node?.leaves.length ?? 0;
  if (!node || !node.matrix || i === j || !(i >= 0 && j >= 0 && i < n && j < n)) return doc;
  if (value !== null && !(value > 0 && Number.isFinite(value))) return doc;
  if (participantId !== undefined && !doc.participants.some((p) => p.id === participantId)) return doc;
  const judgments = node.judgments ?? [];
  const own = participantId === undefined ? null : judgments.find((x) => x.participantId === participantId);
  const m = participantId === undefined ? node.matrix : (own?.matrix ?? unansweredMatrix(n));
  if (!m[i] || !m[j]) return doc;
  const was = m[i][j];
  if (value === null ? was === null : was !== null && Math.abs(was - value) < 1e-12) return doc;
  const matrix = m.map((row) => [...row]);
  matrix[i][j] = value;
  matrix[j][i] = value === null ? null : 1 / value;
  let next: HierarchyNode;
  if (participantId === undefined) next = { ...node, matrix };
  else {
    const judged = matrix.some((row, a) => row.some((x, b) => a !== b && x !== null));
    const rest = judgments.filter((x) => x.participantId !== participantId);
    next = { ...node, judgments: judged ? (own ? judgments.map((x) => (x === own ? { ...x, matrix } : x)) : [...rest, { participantId, matrix }]) : rest };
  }
  return { ...doc, hierarchy: doc.hierarchy.map((x) => (x === node ? next : x)) };
}

/** n × n with 1 on the diagonal and every pair unanswered (null). */
function unansweredMatrix(n: number): (number | null)[][] {
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : null)));
}

/** The hierarchy without a removed participant's judgments (the same array when they judged no node). */
export function hierarchyWithoutParticipant(hierarchy: WorkshopDoc['hierarchy'], participantId: string): WorkshopDoc['hierarchy'] {
  if (!hierarchy.some((n) => n.judgments?.some((j) => j.participantId === participantId))) return hierarchy;
  return hierarchy.map((n) =>
    n.judgments?.some((j) => j.participantId === participantId) ? { ...n, judgments: n.judgments.filter((j) => j.participantId !== participantId) } : n,
  );
}

/** The document without the hierarchy node of a removed criterion. */
export function hierarchyWithout(hierarchy: WorkshopDoc['hierarchy'], criterionId: string): WorkshopDoc['hierarchy'] {
  return hierarchy.some((n) => n.criterionId === criterionId) ? hierarchy.filter((n) => n.criterionId !== criterionId) : hierarchy;
}

function namedFocusPoints<T extends { 'zh-CN': string; en: string }>(points: readonly T[]): T[] {
  return points.filter((p) => pick(p, 'en').trim() !== '');
}

/** Moves a focus point one place up (-1) or down (+1) under its dimension (its rank for rank-order weights). */
export function moveLeaf(doc: WorkshopDoc, criterionId: string, leafId: string, by: -1 | 1): WorkshopDoc {
  const i = doc.hierarchy.findIndex((n) => n.criterionId === criterionId);
  if (i < 0) return doc;
  const leaves = doc.hierarchy[i].leaves;
  const j = leaves.findIndex((l) => l.id === leafId);
  const k = j + by;
  if (j < 0 || k < 0 || k >= leaves.length) return doc;
  const next = leaves.slice();
  [next[j], next[k]] = [next[k], next[j]];
  // Pairwise judgments follow their focus points: swap rows and columns j and k.
  // Every participant's own matrix follows them too.
  const swap = (x: number) => (x === j ? k : x === k ? j : x);
  const swapped = (m: (number | null)[][]) => m.map((_, r) => m[swap(r)].map((__, c) => m[swap(r)][swap(c)]));
  const node = doc.hierarchy[i];
  const hierarchy = doc.hierarchy.slice();
  hierarchy[i] = {
    ...node,
    leaves: next,
    ...(node.matrix ? { matrix: swapped(node.matrix) } : {}),
    ...(node.judgments ? { judgments: node.judgments.map((x) => ({ ...x, matrix: swapped(x.matrix) })) } : {}),
  };
  return { ...doc, hierarchy };
}

/** Sets a dimension's local weights from shares (e.g. rank-order weights), in leaf order, as points out of 100. */
export function setLocalShares(doc: WorkshopDoc, criterionId: string, shares: readonly number[]): WorkshopDoc {
  const node = doc.hierarchy.find((n) => n.criterionId === criterionId);
  if (!node || shares.length !== node.leaves.length || shares.some((x) => !(Number.isFinite(x) && x >= 0))) return doc;
  return node.leaves.reduce((d, l, j) => setLeafWeight(d, criterionId, l.id, shares[j] * 100), doc);
}
