import { useMemo, useSyncExternalStore } from 'react';
import { hierarchyAhpNodes, scoredAtLeaves, type HierarchyJudged, type NodeJudged, type WorkshopDoc } from '../../shared/model';
import { ContractError } from '../../shared/contract/errors';
import type { RequestOf } from '../../shared/contract';
import { retryDelay } from '../store/retry';
import { call } from './client';

/**
 * THE page's engine answers for the pairwise dimensions scored at their focus points: their local
 * shares give the derived dimension values (shared/model/hierarchy.ts), so the live ranking, the
 * decision's snapshot, its standing and the re-evaluation all need them — the Node side computes
 * the same with `hierarchyJudged`. Each node is asked once per request (`hierarchyAhpNodes` says
 * what to ask: the participants who judged it, else the team's matrix once it links every focus
 * point); an answer that arrives is told to every listener, also one that comes after failed calls
 * tried again (`ask`). Until then `pending` is true and such a dimension counts as not scored, so
 * a caller that freezes figures (a decision) waits for it. The engine's refusal of a request is
 * kept and told: that node is not scored (as on the Node side) and nothing waits for it.
 */
export interface DocJudged {
  judged: HierarchyJudged;
  /** Some node's answer is still on its way. */
  pending: boolean;
}

/** Request (JSON) → the engine's answer, or 'refused' (the engine's typed refusal: the node stays not scored, as on the Node side). */
const byRequest = new Map<string, NodeJudged | 'refused'>();
/** Request (JSON) → the failed calls so far, for a request being asked (the call on its way, or its next try awaited). */
const asking = new Map<string, number>();
/** Most requests remembered; past that the cache starts again (a long session of edits to one node's judgments). */
const MAX_KEPT = 200;
const listeners = new Set<() => void>();
let version = 0;
/** The requests of the document state looked at last (`judgedNow`): a failed call is tried again only while it is one of them. */
let wanted = new Set<string>();

function told() {
  version++;
  for (const l of listeners) l();
}

/** Calls `listener` whenever an answer arrives; returns the unsubscribe. */
export function onJudged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes whenever an answer arrives (what was built from `judgedNow` before it may be out of date). */
export function judgedVersion(): number {
  return version;
}

/**
 * Asks the engine for one request. Its answer (or its refusal) is kept and told to every listener.
 * A failed call (the Node side restarting, away) is not told — telling would make every listener
 * look again and ask again at once, in a loop while the Node side is away: it is tried again after
 * `retryDelay` (1 s doubling to 30 s) while someone listens and the document state looked at last
 * still asks for it; otherwise it is forgotten and the next look asks again.
 */
function ask(key: string, request: RequestOf<'engine.ahp'>, failures: number) {
  asking.set(key, failures);
  void call('engine.ahp', request).then(
    (r) => {
      asking.delete(key);
      keep(key, r);
    },
    (err: unknown) => {
      if (err instanceof ContractError && err.code === 'invalid_request') {
        asking.delete(key);
        keep(key, 'refused');
        return;
      }
      if (listeners.size === 0) {
        asking.delete(key);
        return;
      }
      setTimeout(() => {
        if (listeners.size === 0 || !wanted.has(key)) asking.delete(key);
        else ask(key, request, failures + 1);
      }, retryDelay(failures));
    },
  );
}

function keep(key: string, known: NodeJudged | 'refused') {
  if (byRequest.size >= MAX_KEPT) byRequest.clear();
  byRequest.set(key, known);
  told();
}

/** The answers known now for `doc`'s pairwise dimensions scored at their focus points; asks for the missing ones. */
export function judgedNow(doc: Pick<WorkshopDoc, 'hierarchy' | 'participants' | 'weighting'>): DocJudged {
  const judged: Record<string, NodeJudged> = {};
  let pending = false;
  const mine = new Set<string>();
  wanted = mine;
  const atLeaves = new Set(doc.hierarchy.filter(scoredAtLeaves).map((n) => n.criterionId));
  if (atLeaves.size === 0) return { judged, pending };
  for (const node of hierarchyAhpNodes(doc)) {
    if (!atLeaves.has(node.criterionId) || (!node.group && node.linking)) continue;
    const request = node.group
      ? { matrices: node.group.matrices, participantWeights: node.group.participantWeights, aggregation: node.group.aggregation }
      : { matrix: node.matrix };
    const key = JSON.stringify(request);
    mine.add(key);
    const known = byRequest.get(key);
    if (known === 'refused') continue;
    if (known) {
      judged[node.criterionId] = known;
      continue;
    }
    pending = true;
    if (!asking.has(key)) ask(key, request, 0);
  }
  return { judged, pending };
}

/** `judgedNow` for a component: renders again when an answer arrives. */
export function useDocJudged(doc: Pick<WorkshopDoc, 'hierarchy' | 'participants' | 'weighting'>): DocJudged {
  const v = useSyncExternalStore(onJudged, () => version);
  return useMemo(() => judgedNow(doc), [doc, v]); // eslint-disable-line react-hooks/exhaustive-deps
}
