import { prefillSeconds } from '../decode';
import { advance, cacheRemove, freeze, freezeAll, reschedule } from './engine';
import { DECODING, FREE, PREFILL, REPREFILL, SYNC_FREEZE, WEIGHT_SYNC, type DesState } from './state';

/**
 * Weight sync: after training, the new weights are loaded into every engine (`syncSeconds`,
 * see `weightUpdateSeconds`), which pauses their decoding. With interruptible rollouts the
 * engines then recompute the KV of the rollouts in flight (`recomputeStaleKv`).
 */
export function startWeightSync(st: DesState): void {
  st.trainerPhase = WEIGHT_SYNC;
  freezeAll(st, st.syncSec);
  st.acc[SYNC_FREEZE] += st.syncSec * st.E;
  if (st.interruptible) recomputeStaleKv(st);
  st.q.set(st.TRAINER, st.clk[0] + st.syncSec);
}

/**
 * Interruptible rollouts (async partial rollout): a weight update interrupts the generation in
 * flight, and the KV cache computed with the old weights is stale, so it is discarded and the
 * context of every interrupted rollout is prefilled again with the new weights before it goes
 * on. AReaL's interruptible rollout workers (Fu et al. 2025, arXiv 2505.24298): its generation
 * manager, on new weights, “sends update weight requests to all generation servers to interrupt
 * ongoing requests and update the weights to the latest version”, then routes the “interrupted
 * requests” again (inclusionAI/AReaL docs/developer/rollout/gserver.md); an interrupted request
 * resubmits its prompt and what it generated, which the server prefills. On each
 * engine, after the weight load: the rollouts holding KV (decoding, or pinned while they wait)
 * recompute their whole current context, the engine frozen for the sum of their prefills; the
 * evictable cache of rollouts in a tool call and KV swapped to the host are dropped, so those
 * rollouts prefill their context when they are next admitted. Paused rollouts hold no KV: they
 * re-prefill when they resume, as before.
 */
function recomputeStaleKv(st: DesState): void {
  const { E, em, rState, rPinned, rEngine, rCtx, rTauEnd, rSeg, eTau } = st;
  const sec = st.recomputeSec;
  sec.fill(0);
  let tokens = 0;
  for (let id = 0; id < st.cap; id++) {
    if (rState[id] === FREE) continue;
    st.rSwapped[id] = 0;
    const e = rEngine[id];
    if (e < 0 || rPinned[id] === 0) continue;
    // A decoding sequence's context has grown by what it decoded of its segment so far.
    const ctx = rCtx[id] + (rState[id] === DECODING ? eTau[e] - (rTauEnd[id] - rSeg[id]) : 0);
    sec[e] += prefillSeconds(em, ctx, 0);
    tokens += ctx;
  }
  for (let e = 0; e < E; e++) {
    advance(st, e);
    while (st.eCHead[e] >= 0) cacheRemove(st, st.eCHead[e], e);
    if (sec[e] > 0) {
      freeze(st, e, sec[e]);
      st.acc[PREFILL] += sec[e];
    }
    reschedule(st, e);
  }
  st.acc[REPREFILL] += tokens;
}
