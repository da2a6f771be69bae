import { useMemo, useSyncExternalStore } from 'react';
import { hierarchyAhpNodes, scoredAtLeaves, type HierarchyJudged, type NodeJudged, type WorkshopDoc } from '../../shared/model';
import { ContractError } from '../../shared/contract/errors';
import { call } from './client';

/**
 * THE page's engine answers for the pairwise dimensions scored at their focus points: their local
 * shares give the derived dimension values (shared/model/hierarchy.ts), so the live ranking, the
 * decision's snapshot, its standing and the re-evaluation all need them — the Node side computes
 * the same with `hierarchyJudged`. Each node is asked once per request (`hierarchyAhpNodes` says
 * what to ask: the participants who judged it, else the team's matrix once it links every focus
 * point); an answer that arrives is told to every listener. Until then `pending` is true and such
 * a dimension counts as not scored, so a caller that freezes figures (a decision) waits for it.
 */
export interface DocJudged {
  judged: HierarchyJudged;
  /** Some node's answer is still on its way. */
  pending: boolean;
}

/** Request (JSON) → the engine's answer, 'asking', or 'refused' (the engine's typed refusal: the node stays not scored, as on the Node side). */
const byRequest = new Map<string, NodeJudged | 'asking' | 'refused'>();
/** Most requests remembered; past that the cache starts again (a long session of edits to one node's judgments). */
const MAX_KEPT = 200;
const listeners = new Set<() => void>();
let version = 0;

function told() {
  version++;
  for (const l of listeners) l();
}

/** Calls `listener` whenever an answer arrives; returns the unsubscribe. */
export function onJudged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The answers known now for `doc`'s pairwise dimensions scored at their focus points; asks for the missing ones. */
export function judgedNow(doc: Pick<WorkshopDoc, 'hierarchy' | 'participants' | 'weighting'>): DocJudged {
  const judged: Record<string, NodeJudged> = {};
  let pending = false;
  const atLeaves = new Set(doc.hierarchy.filter(scoredAtLeaves).map((n) => n.criterionId));
  if (atLeaves.size === 0) return { judged, pending };
  for (const node of hierarchyAhpNodes(doc)) {
    if (!atLeaves.has(node.criterionId) || (!node.group && node.linking)) continue;
    const request = node.group
      ? { matrices: node.group.matrices, participantWeights: node.group.participantWeights, aggregation: node.group.aggregation }
      : { matrix: node.matrix };
    const key = JSON.stringify(request);
    const known = byRequest.get(key);
    if (known === 'refused') continue;
    if (known && known !== 'asking') {
      judged[node.criterionId] = known;
      continue;
    }
    pending = true;
    if (known) continue;
    if (byRequest.size >= MAX_KEPT) byRequest.clear();
    byRequest.set(key, 'asking');
    void call('engine.ahp', request).then(
      (r) => {
        byRequest.set(key, r);
        told();
      },
      (err: unknown) => {
        // The engine's refusal stands (the node is not scored, as on the Node side) and is told; a
        // failed call (the Node side restarting) is forgotten untold, so the next look asks again
        // (telling it would ask again at once, in a loop while the Node side is away).
        if (err instanceof ContractError && err.code === 'invalid_request') {
          byRequest.set(key, 'refused');
          told();
        } else byRequest.delete(key);
      },
    );
  }
  return { judged, pending };
}

/** `judgedNow` for a component: renders again when an answer arrives. */
export function useDocJudged(doc: Pick<WorkshopDoc, 'hierarchy' | 'participants' | 'weighting'>): DocJudged {
  const v = useSyncExternalStore(onJudged, () => version);
  return useMemo(() => judgedNow(doc), [doc, v]); // eslint-disable-line react-hooks/exhaustive-deps
}
