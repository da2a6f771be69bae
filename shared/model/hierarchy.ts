import { pick, type Lang, type LocalizedText } from '../framework';
import { connectingPair } from './edits/ahp-edit';
import { weightedMedian } from '../scoring/aggregate';
import type { HierarchyNode, WorkshopDoc } from './schema';

/**
 * The criteria hierarchy: a dimension may be expanded into its focus points (seed §四's
 * 关注要点) as sub-criteria with local weights. The focus points split the dimension's weight,
 * so a focus point's global weight is the dimension's share × its local share, and a
 * dimension's leaves add up to the dimension's share. The evaluation, sensitivity and SMAA
 * therefore run on the global weights summed per dimension — the dimension weights — whatever
 * the expansion.
 *
 * Scoring is at the dimension unless the team scores an expanded dimension at its focus points
 * (`scoreAt: 'leaves'`, the scores in `doc.leafScores`). Then a participant's value of a
 * candidate on that dimension is derived from their leaf scores (`dimensionFromLeaves`, the one
 * place it is computed): Σ_j local_j × score_j / Σ_j local_j over the focus points that
 * participant scored — unscored focus points are left out and the local shares renormalised
 * over the scored ones; none scored (or only focus points of local share 0) = the dimension is
 * not scored. A pairwise dimension whose local weights are not settled yet derives nothing (not
 * scored). The evaluation, sensitivity, SMAA and reports then work unchanged on these dimension
 * values and the dimension weights: with every focus point scored (and the mean aggregation,
 * which is linear) this is exactly scoring the leaves with their global weights. Switching back
 * to the dimension keeps the leaf scores but stops using them (the dimension's own scores count).
 */

/** Local shares of points under one parent: points / their sum; all zero (or none) = equal shares. */
export function localShares(points: readonly number[]): number[] {
  const sum = points.reduce((a, b) => a + b, 0);
  if (!(sum > 0)) return points.map(() => 1 / points.length);
  return points.map((p) => p / sum);
}

/**
 * What the engine's AHP (`engine.ahp`: principal eigenvector, Harker's method for pairs left
 * null) answered for a pairwise dimension's judgments: the local weights, CR and the next pair.
 */
export interface NodeJudged {
  weights: readonly number[];
  cr: number | null;
  nextPair: readonly [number, number] | null;
  /** Alonso–Lamata's CR of the same matrix (the room's other consistency index). */
  crAlonsoLamata?: number | null;
  /** A group node (participants judged): Goepel's S* over its judges, null (n/a) with fewer than two. */
  consensus?: NodeConsensus | null;
  /** A group node: how many participants' judgments counted (absent: the team's own matrix). */
  judges?: number;
}

/** Goepel's consensus S* with the engine's verbal label. */
export interface NodeConsensus {
  sStar: number;
  label: 'very-low' | 'low' | 'moderate' | 'high' | 'very-high';
}

/** Pairwise dimension → the engine's answer for its matrix (absent: not asked yet, or the pairs do not link every leaf). */
export type HierarchyJudged = Readonly<Record<string, NodeJudged>>;

/** Whether a node's local weights come from pairwise judgments. */
export const isPairwise = (node: HierarchyNode): node is HierarchyNode & { matrix: (number | null)[][] } => node.method === 'pairwise' && !!node.matrix;

/**
 * THE local shares of one dimension's focus points, for the panel, the reports and analysis:
 * a points node from its points (`localShares`); a pairwise node from the engine's AHP on its
 * matrix (`judged`), or equal shares while that is pending (`settled` false).
 */
export function nodeLocalShares(node: HierarchyNode, judged?: NodeJudged): { local: number[]; settled: boolean } {
  if (!isPairwise(node)) return { local: localShares(node.leaves.map((l) => l.weight)), settled: true };
  if (!judged || judged.weights.length !== node.leaves.length) return { local: node.leaves.map(() => 1 / node.leaves.length), settled: false };
  return { local: [...judged.weights], settled: true };
}

export interface LeafPriority {
  id: string;
  name: LocalizedText;
  /** The local weight in points, as entered. */
  points: number;
  /** Share under its dimension (the dimension's leaves sum to 1). */
  local: number;
  /** Dimension share × local share (every leaf of every dimension, with the flat dimensions, sums to 1). */
  global: number;
}

export interface DimensionPriorities {
  criterionId: string;
  /** The dimension's position in `doc.criteria`. */
  index: number;
  /** The dimension's normalised weight (its global weight). */
  share: number;
  leaves: LeafPriority[];
  method: 'points' | 'pairwise';
  /** Pairwise only: false while the judgments do not yet link every focus point (equal shares shown). */
  settled: boolean;
  /** Pairwise only: the engine's consistency ratio (Saaty; Alonso–Lamata beside it) and next pair to ask. */
  cr: number | null;
  crAlonsoLamata: number | null;
  nextPair: readonly [number, number] | null;
  /** Pairwise only: how many participants' judgments made the local weights (0: the team's own matrix) and their consensus S* (null: n/a). */
  judges: number;
  consensus: NodeConsensus | null;
}

/** The hierarchy node of a criterion, if it is expanded. */
export function hierarchyNode(doc: Pick<WorkshopDoc, 'hierarchy'>, criterionId: string): HierarchyNode | undefined {
  return doc.hierarchy.find((n) => n.criterionId === criterionId);
}

/** Every expanded dimension, in criterion order, with its leaves' local and global priorities (`judged`: see `nodeLocalShares`). */
export function hierarchyPriorities(doc: Pick<WorkshopDoc, 'criteria' | 'hierarchy'>, judged: HierarchyJudged = {}): DimensionPriorities[] {
  const sum = doc.criteria.reduce((a, c) => a + c.weight, 0);
  const out: DimensionPriorities[] = [];
  doc.criteria.forEach((c, index) => {
    const node = hierarchyNode(doc, c.id);
    if (!node) return;
    const share = sum > 0 ? c.weight / sum : 0;
    const answer = judged[c.id];
    const { local, settled } = nodeLocalShares(node, answer);
    const pairwise = isPairwise(node);
    out.push({
      criterionId: c.id,
      index,
      share,
      method: pairwise ? 'pairwise' : 'points',
      settled,
      cr: pairwise && settled ? (answer?.cr ?? null) : null,
      crAlonsoLamata: pairwise && settled ? (answer?.crAlonsoLamata ?? null) : null,
      nextPair: pairwise && settled ? (answer?.nextPair ?? null) : null,
      judges: pairwise && settled ? (answer?.judges ?? 0) : 0,
      consensus: pairwise && settled ? (answer?.consensus ?? null) : null,
      leaves: node.leaves.map((l, j) => ({ id: l.id, name: l.name, points: l.weight, local: local[j], global: share * local[j] })),
    });
  });
  return out;
}

/** The group `engine.ahp` request of a node judged by participants: their matrices, influences and the team's aggregation. */
export interface NodeGroupRequest {
  participantIds: string[];
  matrices: (number | null)[][][];
  participantWeights: number[];
  aggregation: 'aij' | 'aip';
}

/**
 * The participants whose own judgments of a node count (as `ahpJudges` at the dimension level):
 * influence > 0 and pairs that link every focus point. Null when none: the team's matrix rules.
 */
export function nodeGroupRequest(doc: Pick<WorkshopDoc, 'participants' | 'weighting'>, node: HierarchyNode): NodeGroupRequest | null {
  const judges = doc.participants.flatMap((p) => {
    const own = p.influence > 0 ? node.judgments?.find((j) => j.participantId === p.id) : undefined;
    return own && own.matrix.length === node.leaves.length && connectingPair(own.matrix) === null
      ? [{ id: p.id, influence: p.influence, matrix: own.matrix }]
      : [];
  });
  if (judges.length === 0) return null;
  return {
    participantIds: judges.map((j) => j.id),
    matrices: judges.map((j) => j.matrix),
    participantWeights: judges.map((j) => j.influence),
    aggregation: doc.weighting.ahpAggregation,
  };
}

/**
 * THE request behind each pairwise dimension's local weights, what to hand `engine.ahp` (one per
 * node; the renderer asks it, analysis calls the engine the same way): the group of participants
 * who judged the node (`group`, see `nodeGroupRequest`), else the team's `matrix`. A team matrix
 * not yet linking every focus point has `linking`, the pair to ask first (no request then).
 */
export function hierarchyAhpNodes(doc: Pick<WorkshopDoc, 'hierarchy' | 'participants' | 'weighting'>): Array<{
  criterionId: string;
  matrix: (number | null)[][];
  linking: [number, number] | null;
  group: NodeGroupRequest | null;
}> {
  return doc.hierarchy.filter(isPairwise).map((node) => {
    const group = nodeGroupRequest(doc, node);
    return { criterionId: node.criterionId, matrix: node.matrix, linking: group ? null : connectingPair(node.matrix), group };
  });
}

/** Whether a dimension is scored at its focus points (its node says `scoreAt: 'leaves'`). */
export const scoredAtLeaves = (node: HierarchyNode | undefined): node is HierarchyNode => node?.scoreAt === 'leaves';

/**
 * THE derivation of a dimension's value from focus-point scores (see the header): `local` the
 * focus points' local shares, `values` one participant's scores of one candidate on them in the
 * same order (null = not scored). Unscored focus points are left out and the shares renormalised
 * over the scored ones; null when none is scored or the scored ones carry no local share.
 */
export function dimensionFromLeaves(local: readonly number[], values: readonly (number | null)[]): number | null {
  let sum = 0;
  let weight = 0;
  local.forEach((w, j) => {
    const v = values[j];
    if (v === null || v === undefined) return;
    sum += w * v;
    weight += w;
  });
  return weight > 0 ? sum / weight : null;
}

/**
 * A dimension's value in a paced question's answers (the room-vote board): each answer's focus
 * point scores (`rows`, columns in `leafIds` order) derived as the grid derives a participant's
 * value (`dimensionFromLeaves` with the node's local shares; `judged` as in `nodeLocalShares`),
 * sorted, and their median, the measure the board gives a cell. Null while a pairwise node's
 * shares are pending, or when no answer derives a value.
 */
export function dimensionOfAnswers(
  node: HierarchyNode,
  judged: NodeJudged | undefined,
  leafIds: readonly string[],
  rows: readonly (readonly number[])[],
): { values: number[]; group: number } | null {
  const { local, settled } = nodeLocalShares(node, judged);
  if (!settled) return null;
  const column = node.leaves.map((l) => leafIds.indexOf(l.id));
  const values = rows
    .map((row) =>
      dimensionFromLeaves(
        local,
        column.map((c) => (c < 0 ? null : (row[c] ?? null))),
      ),
    )
    .filter((v): v is number => v !== null)
    .sort((a, b) => a - b);
  if (values.length === 0) return null;
  return { values, group: weightedMedian(Float64Array.from(values), new Float64Array(values.length).fill(1), values.length) };
}

/** One derived dimension value: participant × candidate × dimension scored at its leaves. */
export interface DerivedDimensionScore {
  participantId: string;
  candidateId: string;
  criterionId: string;
  /** The derived value (null = not scored, see `dimensionFromLeaves`). */
  value: number | null;
  /** Focus points this participant scored for this candidate, of `of`. */
  scored: number;
  of: number;
}

/** Key of one leaf score: "participantId|candidateId|criterionId|leafId". */
export const leafScoreKey = (s: { participantId: string; candidateId: string; criterionId: string; leafId: string }): string =>
  `${s.participantId}|${s.candidateId}|${s.criterionId}|${s.leafId}`;

/**
 * Every participant's derived value of every candidate on every dimension scored at its leaves
 * (document order; the later of two entries for one leaf cell wins). `judged`: the engine's
 * answers for pairwise dimensions (`nodeLocalShares`); a pairwise dimension not settled derives null.
 */
export function derivedDimensionScores(
  doc: Pick<WorkshopDoc, 'criteria' | 'hierarchy' | 'participants' | 'candidates' | 'leafScores'>,
  judged: HierarchyJudged = {},
): DerivedDimensionScore[] {
  const nodes = doc.criteria.map((c) => hierarchyNode(doc, c.id)).filter((n): n is HierarchyNode => scoredAtLeaves(n));
  if (nodes.length === 0) return [];
  const cells = new Map<string, number | null>();
  for (const s of doc.leafScores) cells.set(leafScoreKey(s), s.value);
  const out: DerivedDimensionScore[] = [];
  for (const node of nodes) {
    const { local, settled } = nodeLocalShares(node, judged[node.criterionId]);
    for (const p of doc.participants)
      for (const c of doc.candidates) {
        const values = node.leaves.map(
          (l) => cells.get(leafScoreKey({ participantId: p.id, candidateId: c.id, criterionId: node.criterionId, leafId: l.id })) ?? null,
        );
        const scored = values.filter((v) => v !== null).length;
        out.push({
          participantId: p.id,
          candidateId: c.id,
          criterionId: node.criterionId,
          value: settled ? dimensionFromLeaves(local, values) : null,
          scored,
          of: node.leaves.length,
        });
      }
  }
  return out;
}

/** A focus point's name in `lang` (the other language when that one is empty). */
export function leafName(leaf: { name: LocalizedText }, lang: Lang): string {
  return pick(leaf.name, lang);
}

/** The name of a dimension's focus point by id in `lang`, or its id when the focus point no longer exists. */
export function leafNameOf(doc: Pick<WorkshopDoc, 'hierarchy'>, criterionId: string, leafId: string, lang: Lang): string {
  const leaf = hierarchyNode(doc, criterionId)?.leaves.find((l) => l.id === leafId);
  return leaf ? leafName(leaf, lang) : leafId;
}
