import { EngineInputError } from '../../shared/scoring/errors';
import { normaliseWeights } from '../../shared/scoring/weights';
import { ahp, ahpGroup, type AhpAggregation, type ConsensusLabel, type PairwiseMatrix } from './ahp';

/**
 * A criteria hierarchy (Saaty's AHP hierarchy): each parent node's children get local
 * priorities — from one judge's pairwise matrix, a group's matrices (AIJ or AIP, as
 * `ahpGroup`), or given directly — and a leaf's global priority is the product of the local
 * priorities along its path from the root (the distributive synthesis). Pairs left `null` are
 * handled by Harker's method per node, as in `ahp`.
 */
export interface HierarchyNode {
  id: string;
  children?: readonly HierarchyNode[];
}

export interface HierarchyInput {
  root: HierarchyNode;
  /** Per parent node: one matrix over its children (in order), or a group's matrices. */
  matrices?: Readonly<Record<string, PairwiseMatrix | readonly PairwiseMatrix[]>>;
  /** Per parent node: local weights given directly (non-negative, normalised here). */
  weights?: Readonly<Record<string, readonly number[]>>;
  aggregation?: AhpAggregation;
  participantWeights?: readonly number[];
}

export interface HierarchyNodeResult {
  /** How the local priorities of its children were formed. */
  method: 'ahp' | 'direct' | 'single';
  cr: number | null;
  missingPairs: Array<[number, number]>;
  nextPair: [number, number] | null;
  /** Group only: Goepel's S* (null with fewer than two connected judges) and how many judges counted. */
  consensus?: { sStar: number; label: ConsensusLabel } | null;
  judges?: number;
}

export interface HierarchyResult {
  /** nodeId → priority under its parent (the root: 1). */
  local: Record<string, number>;
  /** leafId → product of the local priorities along its path. */
  global: Record<string, number>;
  /** parentId → how its children were weighed, with consistency and the next pair to ask. */
  nodes: Record<string, HierarchyNodeResult>;
}

const isGroup = (m: PairwiseMatrix | readonly PairwiseMatrix[]): m is readonly PairwiseMatrix[] => Array.isArray(m[0]?.[0]) || m.length === 0;

export function hierarchy(input: HierarchyInput): HierarchyResult {
  const local: Record<string, number> = { [input.root.id]: 1 };
  const global: Record<string, number> = {};
  const nodes: Record<string, HierarchyNodeResult> = {};
  const seen = new Set<string>();
  const visit = (node: HierarchyNode, path: string, above: number, depth: number) => {
    if (depth > 20) throw new EngineInputError(path, 'the hierarchy is deeper than 20 levels');
    if (seen.has(node.id)) throw new EngineInputError(`${path}.id`, `node id "${node.id}" is used twice`);
    seen.add(node.id);
    const children = node.children ?? [];
    if (children.length === 0) {
      global[node.id] = above;
      return;
    }
    const priorities = localPriorities(node.id, children.length, input, nodes);
    children.forEach((child, k) => {
      local[child.id] = priorities[k];
      visit(child, `${path}.children[${k}]`, above * priorities[k], depth + 1);
    });
  };
  visit(input.root, 'root', 1, 0);
  for (const id of [...Object.keys(input.matrices ?? {}), ...Object.keys(input.weights ?? {})]) {
    if (!(id in nodes))
      throw new EngineInputError(input.matrices && id in input.matrices ? `matrices.${id}` : `weights.${id}`, `"${id}" is not a parent node of the hierarchy`);
  }
  return { local, global, nodes };
}

function localPriorities(id: string, k: number, input: HierarchyInput, nodes: Record<string, HierarchyNodeResult>): number[] {
  const judged = input.matrices?.[id];
  const direct = input.weights?.[id];
  if (judged !== undefined && direct !== undefined) throw new EngineInputError(`weights.${id}`, 'give either matrices or weights for a node, not both');
  if (k === 1) {
    nodes[id] = { method: 'single', cr: null, missingPairs: [], nextPair: null };
    return [1];
  }
  if (direct !== undefined) {
    if (direct.length !== k) throw new EngineInputError(`weights.${id}`, `must have ${k} entries, one per child`);
    nodes[id] = { method: 'direct', cr: null, missingPairs: [], nextPair: null };
    return Array.from(normaliseWeights(direct, `weights.${id}`));
  }
  if (judged === undefined) throw new EngineInputError(`matrices.${id}`, `node "${id}" has ${k} children but neither judgments (matrices) nor weights`);
  const path = `matrices.${id}`;
  try {
    if (isGroup(judged)) {
      if (judged.length === 0) throw new EngineInputError(path, 'at least one matrix is needed');
      judged.forEach((m, p) => {
        if (m.length !== k) throw new EngineInputError(`${path}[${p}]`, `must be ${k}×${k}, one row per child`);
      });
      const r = ahpGroup(judged, input.participantWeights, input.aggregation);
      nodes[id] = { method: 'ahp', cr: r.cr, missingPairs: r.missingPairs, nextPair: r.nextPair, consensus: r.consensus, judges: r.judges };
      return r.weights;
    }
    if (judged.length !== k) throw new EngineInputError(path, `must be ${k}×${k}, one row per child`);
    const r = ahp(judged);
    nodes[id] = { method: 'ahp', cr: r.cr, missingPairs: r.missingPairs, nextPair: r.nextPair };
    return r.weights;
  } catch (err) {
    if (err instanceof EngineInputError && !err.path.startsWith(path)) throw new EngineInputError(path, err.detail);
    throw err;
  }
}
