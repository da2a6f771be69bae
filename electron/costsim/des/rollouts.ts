import { drawTail, sampleTurns } from '../distributions';
import { causalPairs } from '../train';
import { TURN_FAILED, TURN_SUMMARIZE_FIRST, TURN_TRUNCATED } from '../rollout';
import {
  admit,
  advance,
  cacheAdd,
  cacheRemove,
  endSegment,
  enqueue,
  kvFull,
  pin,
  planPiece,
  prefill,
  relieve,
  reschedule,
  startSegment,
  unpin,
} from './engine';
import { recordLag, tryTrain } from './training';
import { FREE, PAUSED, PHASE_LONGEST, PHASE_PAIRS, PHASE_TOKENS, REWARD, STARTING, TOOL, WASTED, type DesState } from './state';

/**
 * Rollouts: launch (sync: a wave per step, more waves when dynamic sampling dropped groups;
 * async: as far as staleness allows), sandbox start, turns of decoding and tool calls, sandbox
 * failures and retries, the reward, and the groups they complete. See simulate.ts for the model.
 */

function beginAttempt(st: DesState, id: number): void {
  st.rCtx[id] = st.prompt;
  st.rTraj[id] = st.prompt;
  st.rGen[id] = 0;
  st.rPiece[id] = 0;
  st.rPendObs[id] = 0;
  st.rSwapped[id] = 0;
  st.rFresh[id] = st.prompt;
  st.rTurnsLeft[id] = sampleTurns(st.rng, st.r.tails.turns);
}

/** Sends a rollout to its engine's queue and admits what fits. */
function toEngine(st: DesState, id: number, e: number): void {
  advance(st, e);
  enqueue(st, id, e, false);
  admit(st, e);
  reschedule(st, e);
}

function launch(st: DesState): void {
  const id = st.freeIds[--st.freeTop];
  const G = st.G;
  const g = Math.floor(st.started / G) % st.gcap;
  if (st.started % G === 0) {
    st.gLeft[g] = G;
    st.gTokens[g] = 0;
    st.gPairs[g] = 0;
    st.gGen[g] = 0;
    st.gVerMin[g] = st.version;
    st.gVerSum[g] = 0;
    if (!st.isAsync) st.phaseGroupsOpen++;
  }
  st.rGroup[id] = g;
  st.rStartVer[id] = st.version;
  st.started++;
  st.live++;
  const e = st.rr++ % st.E;
  st.rEngine[id] = e;
  st.rAttempts[id] = 0;
  st.rMinDecode[id] = 0;
  st.rBudget[id] = st.budget;
  st.rPinned[id] = 0;
  st.rCached[id] = 0;
  beginAttempt(st, id);
  if (st.startSec > 0) {
    st.rState[id] = STARTING;
    st.timers.set(id, st.clk[0] + st.startSec);
  } else toEngine(st, id, e);
}

const canLaunch = (st: DesState) =>
  st.live < st.sandboxCap && (st.isAsync ? st.started < Math.floor((st.version + 1 + st.staleness) * st.N * st.factor) : st.pendingNew > 0);

export function launchMore(st: DesState): void {
  while (canLaunch(st)) {
    if (!st.isAsync) st.pendingNew--;
    launch(st);
  }
  // Async: when staleness (or the sandbox cap) admits no new rollout, paused ones resume early
  // rather than leave the engines without work (their groups must complete for the trainer to
  // go on). They still hold their sandboxes, so the cap does not hold them back.
  if (st.isAsync && st.pLen > 0) resumePaused(st);
}

/** Puts paused rollouts back in the queues of engines (round robin) after a weight update. */
export function resumePaused(st: DesState): void {
  while (st.pLen > 0) {
    const id = st.pausedQ[st.pHead];
    st.pHead = (st.pHead + 1) % st.cap;
    st.pLen--;
    const e = st.rr++ % st.E;
    st.rEngine[id] = e;
    st.rBudget[id] = st.budget;
    advance(st, e);
    enqueue(st, id, e, false);
  }
  for (let e = 0; e < st.E; e++) {
    advance(st, e);
    admit(st, e);
    reschedule(st, e);
  }
}

/** A group's last rollout is done: dynamic sampling may drop it; else it waits for training (async) or counts for the phase (sync). */
function groupDone(st: DesState, g: number): void {
  const drop = st.dropRate > 0 && st.rng.uniform() < st.dropRate;
  if (drop) st.acc[WASTED] += st.gGen[g];
  if (st.isAsync) {
    if (!drop) {
      const k = (st.dHead + st.dLen) % st.gcap;
      st.dTokens[k] = st.gTokens[g];
      st.dPairs[k] = st.gPairs[g];
      st.dVerMin[k] = st.gVerMin[g];
      st.dVerSum[k] = st.gVerSum[g];
      st.dLen++;
    }
  } else {
    st.phaseGroupsOpen--;
    if (!drop && st.phaseKept < st.P) {
      st.phaseKept++;
      st.acc[PHASE_TOKENS] += st.gTokens[g];
      st.acc[PHASE_PAIRS] += st.gPairs[g];
      recordLag(st, st.gVerMin[g], st.gVerSum[g]);
    } else if (!drop) st.acc[WASTED] += st.gGen[g]; // kept beyond the batch
  }
}

/** A rollout is done (complete or failed): its group may complete; its sandbox closes. */
function retire(st: DesState, id: number, trajTokens: number): void {
  st.rState[id] = FREE;
  st.rEngine[id] = -1;
  st.freeIds[st.freeTop++] = id;
  st.live--;
  if (st.rMinDecode[id] > st.acc[PHASE_LONGEST]) st.acc[PHASE_LONGEST] = st.rMinDecode[id];
  const g = st.rGroup[id];
  st.gTokens[g] += trajTokens;
  st.gPairs[g] += causalPairs(trajTokens);
  st.gGen[g] += st.rGen[id];
  st.gVerSum[g] += st.rStartVer[id];
  if (--st.gLeft[g] === 0) groupDone(st, g);
  launchMore(st);
  if (st.isAsync) tryTrain(st);
  else if (--st.phaseOpen === 0) phaseEnd(st);
}

function complete(st: DesState, id: number): void {
  st.completed++;
  retire(st, id, st.rTraj[id]);
}

function fail(st: DesState, id: number): void {
  st.failed++;
  st.acc[WASTED] += st.rGen[id];
  retire(st, id, 0);
}

/** Generation finished: release the KV, then wait for the reward. */
function finish(st: DesState, id: number, e: number): void {
  unpin(st, id, e);
  if (st.rewardSec > 0) {
    st.rState[id] = REWARD;
    st.timers.set(id, st.clk[0] + st.rewardSec);
  } else complete(st, id);
}

/** Partial rollout (async): the rollout reached its cut-off; it frees its KV and resumes after the next weight update. */
function pause(st: DesState, id: number, e: number): void {
  unpin(st, id, e);
  st.rState[id] = PAUSED;
  st.rEngine[id] = -1;
  st.pausedQ[(st.pHead + st.pLen) % st.cap] = id;
  st.pLen++;
  launchMore(st);
}

function onDecodeEnd(st: DesState, e: number): void {
  const id = st.decoding.pop(e);
  const seg = st.rSeg[id];
  endSegment(st, id, e, seg, st.rTauEnd[id]);
  if (st.rPiece[id] > 1e-9) {
    pause(st, id, e);
    return;
  }
  st.rPiece[id] = 0;
  const action = st.rAction[id];
  if (action === TURN_SUMMARIZE_FIRST) {
    // The summary replaces the context; rebuild its KV, then generate the turn.
    unpin(st, id, e);
    st.rCtx[id] = st.prompt + st.summaryKept;
    pin(st, id, e);
    st.rSummarized[id] = 1;
    prefill(st, e, st.rCtx[id], 0);
    planPiece(st, id);
    startSegment(st, id);
  } else if (action === TURN_TRUNCATED) {
    st.truncated++;
    finish(st, id, e);
  } else if (action === TURN_FAILED) {
    unpin(st, id, e);
    fail(st, id);
  } else if (--st.rTurnsLeft[id] === 0) {
    finish(st, id, e);
  } else {
    st.rState[id] = TOOL;
    if (!st.keepKv) {
      unpin(st, id, e);
      cacheAdd(st, id, e);
    }
    st.timers.keys[id] = st.clk[0] + drawTail(st.rng, st.r.tails.tool);
    st.timers.reorder(id);
  }
}

/** An engine's event: its KV pool is full (relieve it) or a segment ended. */
export function onEngineEvent(st: DesState, e: number): void {
  advance(st, e);
  const top = st.decoding.top(e);
  if (st.rTauEnd[top] - st.eTau[e] > 1e-6 && kvFull(st, e)) relieve(st, e);
  else onDecodeEnd(st, e);
  admit(st, e);
  reschedule(st, e);
}

/** A tool call returned: the sandbox may have failed (restart the rollout), else the observation joins the context. */
function onToolEnd(st: DesState, id: number): void {
  const e = st.rEngine[id];
  advance(st, e);
  if (st.envRate > 0 && st.rng.uniform() < st.envRate) {
    st.acc[WASTED] += st.rGen[id];
    if (st.rPinned[id]) unpin(st, id, e);
    cacheRemove(st, id, e);
    if (st.rAttempts[id] >= st.envMaxRetries) {
      fail(st, id);
    } else {
      st.rAttempts[id]++;
      st.retried++;
      beginAttempt(st, id);
      enqueue(st, id, e, false);
    }
  } else {
    const room = st.maxCtx - st.rCtx[id];
    const sampled = drawTail(st.rng, st.r.tails.observation);
    const o = sampled < room ? sampled : room;
    st.rPendObs[id] = o;
    st.rFresh[id] = o;
    st.rTraj[id] += o;
    enqueue(st, id, e, false);
  }
  admit(st, e);
  reschedule(st, e);
}

/** A rollout's timer: a tool returned, the reward arrived, or the sandbox started. */
export function onTimer(st: DesState, id: number): void {
  const state = st.rState[id];
  if (state === TOOL) onToolEnd(st, id);
  else if (state === REWARD) complete(st, id);
  else toEngine(st, id, st.rEngine[id]);
}

/** Sync: every rollout of the phase is done. Too few kept groups → another wave (DAPO). */
function phaseEnd(st: DesState): void {
  const missing = st.P - st.phaseKept;
  if (st.dropRate > 0 && missing > 0 && st.phaseGroupsOpen === 0) {
    const more = Math.ceil(missing * st.factor) * st.G;
    st.pendingNew += more;
    st.phaseOpen += more;
    st.started = Math.ceil(st.started / st.G) * st.G;
    launchMore(st);
    if (st.phaseOpen > 0) return;
  }
  tryTrain(st);
}

/** Sync: opens a step's rollout phase (its first wave). */
export function openPhase(st: DesState): void {
  st.acc[PHASE_TOKENS] = 0;
  st.acc[PHASE_PAIRS] = 0;
  st.acc[PHASE_LONGEST] = 0;
  st.phaseKept = 0;
  st.started = Math.ceil(st.started / st.G) * st.G;
  st.pendingNew = st.firstWave;
  st.phaseOpen = st.firstWave;
}
