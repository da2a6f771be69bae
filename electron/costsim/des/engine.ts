import { decodeStepSeconds, minDecodeSeconds, prefillSeconds } from '../decode';
import { drawTail } from '../distributions';
import { planTurn, tokensFor } from '../rollout';
import { ADMITS, DEC_INT, DECODE_ACTIVE, DECODING, GENERATED, PAGE, PREFILL, QUEUED, REPREFILL, TOOL, type DesState } from './state';

/**
 * The rollout engines: each engine's decode clock τ, its paged KV pool (pinned context, the
 * evictable prefix cache, the admission queue) and preemption when the pool is full. See
 * simulate.ts for the model. Callers advance an engine before changing it and reschedule it after.
 */

/** Moves the engine's decode clock to now (frozen time does not decode). */
export function advance(st: DesState, e: number): void {
  const now = st.clk[0];
  const last = st.eLast[e];
  if (now <= last) return;
  const dt = now - last;
  let frozen = st.eFEnd[e] - last;
  if (frozen < 0) frozen = 0;
  else if (frozen > dt) frozen = dt;
  const active = dt - frozen;
  const n = st.eNDec[e];
  if (n > 0 && active > 0) {
    st.eTau[e] += active / st.eStep[e];
    st.acc[DECODE_ACTIVE] += active;
    st.acc[DEC_INT] += active * n;
  }
  st.eLast[e] = now;
}

/** Recomputes the decode-step time and the engine's next event: a segment end or a full KV pool. */
export function reschedule(st: DesState, e: number): void {
  const now = st.clk[0];
  const n = st.eNDec[e];
  if (n === 0) {
    st.q.remove(e);
    return;
  }
  // The one decode physics the estimate uses too (decode.ts).
  const step = decodeStepSeconds(st.em, n, st.eSumCtx[e]);
  st.eStep[e] = step;
  let target = st.rTauEnd[st.decoding.top(e)];
  const full = (st.pool - st.eCached[e] - st.eKvConst[e]) / n;
  if (full < target && full > st.eTau[e] + 1e-9) target = full;
  let rem = (target - st.eTau[e]) * step;
  if (rem < 0) rem = 0;
  const fz = st.eFEnd[e] - now;
  st.q.keys[e] = now + (fz > 0 ? fz : 0) + rem;
  st.q.reorder(e);
}

/** Pauses an engine's decoding for `sec` from now (queued behind any current pause). */
export function freeze(st: DesState, e: number, sec: number): void {
  const now = st.clk[0];
  st.eFEnd[e] = (st.eFEnd[e] > now ? st.eFEnd[e] : now) + sec;
}

/** Pauses every engine for `sec` (training when colocated, a weight update, an evaluation). */
export function freezeAll(st: DesState, sec: number): void {
  for (let e = 0; e < st.E; e++) {
    advance(st, e);
    freeze(st, e, sec);
    reschedule(st, e);
  }
}

/** Prefills `tokens` after `ctx` tokens already in the cache: dense FLOPs plus attention over the context. */
export function prefill(st: DesState, e: number, tokens: number, ctx: number): void {
  const sec = prefillSeconds(st.em, tokens, ctx);
  st.acc[PREFILL] += sec;
  freeze(st, e, sec);
}

const kvUsed = (st: DesState, e: number) => st.eKvConst[e] + st.eNDec[e] * st.eTau[e];

/** Free pages: not in use and not cached. */
const kvFree = (st: DesState, e: number) => st.pool - kvUsed(st, e) - st.eCached[e];

/** The pool cannot give each decoding sequence one more page. */
export const kvFull = (st: DesState, e: number) => kvFree(st, e) < PAGE * st.eNDec[e];

// ---- KV pool: pinning, the evictable cache, the admission queue ----------------------------

export function pin(st: DesState, id: number, e: number): void {
  st.eKvConst[e] += st.rCtx[id];
  st.rPinned[id] = 1;
  st.eHeld[e]++;
}

/** Releases the KV of a pinned rollout that is not decoding. */
export function unpin(st: DesState, id: number, e: number): void {
  st.eKvConst[e] -= st.rCtx[id];
  st.rPinned[id] = 0;
  if (--st.eHeld[e] === 0) st.eKvConst[e] = 0; // no drift
}

export function cacheAdd(st: DesState, id: number, e: number): void {
  const { rNextC, eCTail } = st;
  st.rCached[id] = st.rCtx[id];
  st.eCached[e] += st.rCtx[id];
  st.rPrevC[id] = eCTail[e];
  rNextC[id] = -1;
  if (eCTail[e] >= 0) rNextC[eCTail[e]] = id;
  else st.eCHead[e] = id;
  eCTail[e] = id;
}

export function cacheRemove(st: DesState, id: number, e: number): void {
  if (st.rCached[id] === 0) return;
  st.eCached[e] -= st.rCached[id];
  if (st.eCached[e] < 1e-6) st.eCached[e] = 0;
  st.rCached[id] = 0;
  const p = st.rPrevC[id];
  const n = st.rNextC[id];
  if (p >= 0) st.rNextC[p] = n;
  else st.eCHead[e] = n;
  if (n >= 0) st.rPrevC[n] = p;
  else st.eCTail[e] = p;
}

export function enqueue(st: DesState, id: number, e: number, front: boolean): void {
  const { rNextQ, eQHead, eQTail } = st;
  st.rState[id] = QUEUED;
  if (front) {
    rNextQ[id] = eQHead[e];
    eQHead[e] = id;
    if (eQTail[e] < 0) eQTail[e] = id;
  } else {
    rNextQ[id] = -1;
    if (eQTail[e] >= 0) rNextQ[eQTail[e]] = id;
    else eQHead[e] = id;
    eQTail[e] = id;
  }
}

/** Keep mode: a pinned rollout that is not decoding (in a tool call or queued), other than `except`. */
function pinnedIdle(st: DesState, e: number, except: number): number {
  const { rEngine, rPinned, rState } = st;
  for (let id = 0; id < st.cap; id++) if (id !== except && rEngine[id] === e && rPinned[id] === 1 && (rState[id] === TOOL || rState[id] === QUEUED)) return id;
  return -1;
}

/** Keep mode under pressure: drops the KV of a pinned idle rollout (it is prefilled again later); false when there is none. */
function dropPinnedIdle(st: DesState, e: number, except: number): boolean {
  const v = pinnedIdle(st, e, except);
  if (v < 0) return false;
  unpin(st, v, e);
  st.preemptions++;
  return true;
}

// ---- decoding -------------------------------------------------------------------------------

/** Starts decoding the rollout's current piece, up to its partial-rollout budget. */
export function startSegment(st: DesState, id: number): void {
  const e = st.rEngine[id];
  const piece = st.rPiece[id];
  const seg = piece < st.rBudget[id] ? piece : st.rBudget[id];
  st.rSeg[id] = seg;
  st.rState[id] = DECODING;
  st.eSumCtx[e] += st.rCtx[id] + seg / 2;
  st.eNDec[e]++;
  st.eKvConst[e] -= st.eTau[e];
  st.rTauEnd[id] = st.eTau[e] + seg;
  st.decoding.push(e, id);
}

/** Plans the next piece of the turn (generate, summarize first, truncate, fail) against the window. */
export function planPiece(st: DesState, id: number): void {
  const action = planTurn(st.rCtx[id], st.rWant[id], st.maxCtx, st.policy, st.rSummarized[id] === 1);
  st.rAction[id] = action;
  st.rPiece[id] = tokensFor(action, st.rCtx[id], st.rWant[id], st.maxCtx, st.summaryTokens);
}

function beginTurn(st: DesState, id: number): void {
  st.rWant[id] = drawTail(st.rng, st.r.tails.generated);
  st.rSummarized[id] = 0;
  planPiece(st, id);
  startSegment(st, id);
}

/**
 * Ends a decoding segment of `done` tokens (all of it, or what a preempted sequence decoded):
 * the engine no longer decodes it, its context and counts grow, and its minimum decode time
 * (alone on an engine) by the segment. `tauEnd` is the engine clock its KV is counted to.
 */
export function endSegment(st: DesState, id: number, e: number, done: number, tauEnd: number): void {
  const seg = st.rSeg[id];
  const ctx = st.rCtx[id];
  st.eNDec[e]--;
  st.eSumCtx[e] -= ctx + seg / 2;
  if (st.eNDec[e] === 0) st.eSumCtx[e] = 0; // no drift
  st.eKvConst[e] += tauEnd;
  st.rMinDecode[id] += minDecodeSeconds(st.em, done, ctx);
  st.rCtx[id] = ctx + done; // eKvConst now holds this pinned context
  st.rGen[id] += done;
  st.rTraj[id] += done;
  st.rPiece[id] -= done;
  st.rBudget[id] -= done;
  st.acc[GENERATED] += done;
}

// ---- admission and preemption -----------------------------------------------------------------

/** Admits queued rollouts while the engine has a decoding place and room for their KV. */
export function admit(st: DesState, e: number): void {
  const { rCached, rPinned, rCtx, rPendObs, eQHead } = st;
  while (eQHead[e] >= 0 && st.eNDec[e] < st.maxDec) {
    const id = eQHead[e];
    const hit = rCached[id];
    const need = rPinned[id] ? rPendObs[id] : rCtx[id] + rPendObs[id] - hit;
    // Free pages: everything not in use; other rollouts' cache is evictable, this one's becomes in use.
    const room = st.pool - kvUsed(st, e) - hit;
    // The watermark only guards against thrashing while others hold KV.
    const others = st.eHeld[e] - rPinned[id];
    if (room < need + (others > 0 ? st.watermark : 0)) {
      // Nothing decodes, so nothing will free KV: drop a pinned idle rollout's KV (keep mode).
      if (st.eNDec[e] === 0 && st.keepKv && dropPinnedIdle(st, e, id)) continue;
      break;
    }
    eQHead[e] = st.rNextQ[id];
    if (eQHead[e] < 0) st.eQTail[e] = -1;
    cacheRemove(st, id, e);
    while (kvFree(st, e) < need && st.eCHead[e] >= 0) cacheRemove(st, st.eCHead[e], e);
    loadContext(st, id, e, hit);
    if (st.rPiece[id] > 1e-9) startSegment(st, id);
    else beginTurn(st, id);
  }
}

/** An admitted rollout's context enters the pool: swapped-in, cached or pinned KV is reused, the rest prefilled. */
function loadContext(st: DesState, id: number, e: number, hit: number): void {
  const { rCtx, rPendObs, rSwapped } = st;
  let tokens: number;
  let from: number;
  if (st.rPinned[id]) {
    from = rCtx[id];
    tokens = rPendObs[id];
    st.eKvConst[e] += tokens;
    rCtx[id] += tokens;
  } else {
    from = hit + rSwapped[id];
    rCtx[id] += rPendObs[id];
    tokens = rCtx[id] - from;
    pin(st, id, e);
    if (rSwapped[id] > 0) {
      freeze(st, e, (rSwapped[id] * st.kvb) / st.hostBps);
      rSwapped[id] = 0;
    }
  }
  if (rPendObs[id] > 0) {
    st.toolReturns++;
    if (hit > 0 || st.keepKv) st.toolHits++;
  }
  if (tokens > 0) prefill(st, e, tokens, from);
  const again = tokens - st.rFresh[id];
  if (again > 1e-6) st.acc[REPREFILL] += again;
  st.rFresh[id] = 0;
  rPendObs[id] = 0;
  st.rAdmit[id] = ++st.acc[ADMITS];
}

/** Preempts a decoding rollout: what it decoded so far is kept, its KV dropped or swapped out. */
function preempt(st: DesState, id: number, e: number): void {
  const seg = st.rSeg[id];
  let done = seg - (st.rTauEnd[id] - st.eTau[e]);
  if (done < 0) done = 0;
  else if (done > seg) done = seg;
  st.decoding.remove(e, id);
  endSegment(st, id, e, done, st.eTau[e]);
  unpin(st, id, e);
  if (st.swap) {
    st.rSwapped[id] = st.rCtx[id];
    freeze(st, e, (st.rCtx[id] * st.kvb) / st.hostBps);
  }
  st.preemptions++;
  enqueue(st, id, e, true);
}

/** The pool is full: drop the oldest cache, else preempt the most recently admitted sequence. */
export function relieve(st: DesState, e: number): void {
  while (st.eNDec[e] > 0 && kvFull(st, e)) {
    if (st.eCHead[e] >= 0) {
      cacheRemove(st, st.eCHead[e], e);
      continue;
    }
    if (st.keepKv && dropPinnedIdle(st, e, -1)) continue;
    if (st.eNDec[e] === 1) break; // one sequence always fits (pool ≥ window)
    let victim = -1;
    let latest = -1;
    for (let i = 0; i < st.eNDec[e]; i++) {
      const id = st.decoding.at(e, i);
      if (st.rAdmit[id] > latest) {
        latest = st.rAdmit[id];
        victim = id;
      }
    }
    preempt(st, victim, e);
  }
}
