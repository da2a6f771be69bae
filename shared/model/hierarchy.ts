import { pick, type Lang, type LocalizedText } from '../framework';
import type { HierarchyNode, WorkshopDoc } from './schema';

/**
 * The criteria hierarchy: a dimension may be expanded into its focus points (seed §四's
 * 关注要点) as sub-criteria with local weights. Scoring stays at the dimension: candidates are
 * scored per dimension, and the focus points split the dimension's weight, so a focus point's
 * global weight is the dimension's share × its local share, and a dimension's leaves add up to
 * the dimension's share. The evaluation, sensitivity and SMAA therefore run on the global
 * weights summed per dimension — the dimension weights — whatever the expansion.
 */

/** Local shares of points under one parent: points / their sum; all zero (or none) = equal shares. */
export function localShares(points: readonly number[]): number[] {
  const sum = points.reduce((a, b) => a + b, 0);
  if (!(sum > 0)) return points.map(() => 1 / points.length);
  return points.map((p) => p / sum);
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
}

/** The hierarchy node of a criterion, if it is expanded. */
export function hierarchyNode(doc: Pick<WorkshopDoc, 'hierarchy'>, criterionId: string): HierarchyNode | undefined {
  return doc.hierarchy.find((n) => n.criterionId === criterionId);
}

/** Every expanded dimension, in criterion order, with its leaves' local and global priorities. */
export function hierarchyPriorities(doc: Pick<WorkshopDoc, 'criteria' | 'hierarchy'>): DimensionPriorities[] {
  const sum = doc.criteria.reduce((a, c) => a + c.weight, 0);
  const out: DimensionPriorities[] = [];
  doc.criteria.forEach((c, index) => {
    const node = hierarchyNode(doc, c.id);
    if (!node) return;
    const share = sum > 0 ? c.weight / sum : 0;
    const local = localShares(node.leaves.map((l) => l.weight));
    out.push({
      criterionId: c.id,
      index,
      share,
      leaves: node.leaves.map((l, j) => ({ id: l.id, name: l.name, points: l.weight, local: local[j], global: share * local[j] })),
    });
  });
  return out;
}

/** A focus point's name in `lang` (the other language when that one is empty). */
export function leafName(leaf: { name: LocalizedText }, lang: Lang): string {
  return pick(leaf.name, lang);
}
