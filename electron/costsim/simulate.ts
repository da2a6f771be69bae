import { Rng } from '../engine/rng';
import { drawTail, sampleTurns } from './distributions';
import { EventQueue, PackedHeaps } from './eventQueue';
import { TURN_FAILED, TURN_SUMMARIZE_FIRST, TURN_TRUNCATED, overflowCode, planTurn, tokensFor } from './rollout';
import { SimInputError, type ResolvedScenario } from './scenario';
import { trainStep } from './train';

/**
 * Discrete-event simulation of an agentic-RL run.
 *
 * ENGINES. The rollout pool is split into `engines` inference engines with `slotsPerEngine`
 * KV slots each. A rollout holds a slot from its start to its end (its KV stays resident
 * during tool calls). All sequences decoding on an engine advance one token per decode step,
 * so each engine keeps a clock τ counting its decode steps: a segment of g tokens started at
 * τ₀ ends when τ = τ₀ + g, whatever the others do. The wall time of a decode step is
 * `decodeStepSeconds(n decoding, Σ their context)` (memory-bound weights + KV reads) and only
 * changes when a sequence starts or stops decoding, so τ advances piecewise linearly and the
 * next completion on an engine is one event. Prefill (prompt, observations, re-prefill after a
 * pause or summary) and weight loading pause the engine's decoding ("freeze") for
 * their duration. Tool calls are wall-time delays (sandboxes run on CPUs).
 *
 * STEPS. `sync`: a step launches promptsPerStep × rolloutsPerPrompt rollouts; when all have
 * finished (or paused, with partial rollout) the trainer trains on the finished ones, then
 * weights are synced and the next step starts. With partial rollout, paused rollouts resume
 * in the next step next to a fresh batch, so in steady state a step still trains on about
 * one batch of finished rollouts (fewer in the first steps). `async`: generation never waits for training;
 * a rollout may start only while started < (version + 1 + staleness) × batch, and the trainer
 * trains on the first `batch` rollouts to finish. Colocated pools: engines are frozen while
 * the trainer trains (the GPUs are busy training). Partial rollout: a rollout that has
 * generated `partialCutoffTokens` since it was (re)started pauses, frees its slot and resumes
 * after the next weight sync, re-prefilling its context.
 *
 * FAILURES. Sandbox failures (per tool call, `envFailureRate`) restart the rollout from
 * scratch (up to `envMaxRetries`, then it counts as failed, trained on nothing). GPU failures
 * are a Poisson process at gpus / MTBF over the failure-free timeline: each loses the work
 * since the last checkpoint plus the restart time (see `applyGpuFailures`).
 *
 * Units: seconds, tokens, bytes, FLOPs.
 */
export interface DesOutput {
  /** Per step: wall seconds (incl. GPU-failure overhead) and its parts. */
  stepSeconds: Float64Array;
  stepRollout: Float64Array;
  stepTrain: Float64Array;
  stepSync: Float64Array;
  stepFailure: Float64Array;
  /** Per step: the largest minimum decode time (alone on an engine) among its finished rollouts. */
  stepLongestMinDecode: Float64Array;
  stepGeneratedTokens: Float64Array;
  wallSeconds: number;
  generatedTokens: number;
  trainedTokens: number;
  wastedTokens: number;
  rollouts: number;
  failedRollouts: number;
  retriedRollouts: number;
  truncatedRollouts: number;
  gpuFailures: number;
  trainFlops: number;
  /** Rollout pool: Σ over engines of seconds decoding, prefilling, loading weights. */
  decodeSeconds: number;
  prefillSeconds: number;
  syncFreezeSeconds: number;
  trainSeconds: number;
  syncSeconds: number;
}

// Rollout states.
const FREE = 0;
const TOOL = 1;
const DECODING = 2;
const PAUSED = 3;

export function simulate(r: ResolvedScenario, onProgress?: (done: number) => void): DesOutput {
  const s = r.scenario;
  const rng = new Rng(s.seed);
  const E = r.engines;
  const S = r.slotsPerEngine;
  const N = r.batch;
  const steps = s.steps;
  const isAsync = s.system.mode === 'async';
  const colocated = s.cluster.colocated;
  const budget = s.system.partialRollout ? s.system.partialCutoffTokens : Infinity;
  const staleness = s.system.staleness;
  const maxCtx = s.rollout.maxContextTokens;
  const prompt = s.rollout.promptTokens;
  const policy = overflowCode(s.rollout.overflow);
  const summaryTokens = s.rollout.summaryTokens;
  const summaryKept = Math.min(summaryTokens, maxCtx - prompt - 1);
  const envRate = s.rollout.envFailureRate;
  const envMaxRetries = s.rollout.envMaxRetries;
  const { turns: turnsTail, generated: genTail, observation: obsTail, tool: toolTail } = r.tails;
  const em = r.engine;
  const W = em.weightBytes;
  const kvb = em.kvBytesPerToken;
  const bps = em.bytesPerSecond;
  const fps = em.flopsPerSecond;
  const fpt = em.flopsPerToken;
  const attn = em.attnFlopsPerTokenPair;
  const syncSec = r.syncSeconds;
  const totalTarget = steps * N;

  // Live rollouts (in flight or paused): at most batch (sync) or (1 + staleness)·batch (async).
  // Sync with partial rollout launches a full batch every step while paused rollouts carry
  // over, so live rollouts grow to N × (steps a rollout spans); bounded by its longest work.
  let cap = isAsync ? Math.ceil((1 + staleness) * N) + 2 : N + 2;
  if (!isAsync && s.system.partialRollout) {
    const r0 = s.rollout;
    const longest = r0.turns.max * (r0.generatedTokensPerTurn.max + (policy === 1 ? summaryTokens : 0));
    const spans = Math.min(steps, Math.ceil(longest / s.system.partialCutoffTokens) + 1);
    cap = N * spans + 2;
    if (cap > 8_000_000)
      throw new SimInputError(
        'system.partialCutoffTokens',
        `Partial rollout would keep up to ${cap} rollouts alive (a rollout can span ${spans} steps): raise partialCutoffTokens or lower promptsPerStep.`,
      );
  }
  const rState = new Int8Array(cap);
  const rEngine = new Int32Array(cap);
  const rTurnsLeft = new Int32Array(cap);
  const rAction = new Int8Array(cap);
  const rSummarized = new Int8Array(cap);
  const rAttempts = new Int32Array(cap);
  const rCtx = new Float64Array(cap);
  const rWant = new Float64Array(cap);
  const rPiece = new Float64Array(cap); // tokens left of the current decode piece (turn or summary)
  const rSeg = new Float64Array(cap); // tokens of the segment being decoded now
  const rBudget = new Float64Array(cap);
  const rGen = new Float64Array(cap);
  const rTraj = new Float64Array(cap);
  const rMinDecode = new Float64Array(cap);
  const rTauEnd = new Float64Array(cap);
  const freeIds = new Int32Array(cap);
  let freeTop = 0;
  for (let i = cap - 1; i >= 0; i--) freeIds[freeTop++] = i;

  // Engines.
  const eTau = new Float64Array(E);
  const eLast = new Float64Array(E);
  const eStep = new Float64Array(E);
  const eNDec = new Int32Array(E);
  const eSumCtx = new Float64Array(E);
  const eFEnd = new Float64Array(E);
  const eResident = new Int32Array(E);
  const decoding = new PackedHeaps(E, S, rTauEnd);
  // Float accumulators live in a typed array: a closure variable holding a double is boxed
  // and every update would allocate.
  const acc = new Float64Array(10);
  const DECODE_ACTIVE = 0;
  const PREFILL = 1;
  const SYNC_FREEZE = 2;
  const GENERATED = 3;
  const TRAINED = 4;
  const WASTED = 5;
  const TRAIN_FLOPS = 6;
  const TRAIN_SECONDS = 7;
  const PHASE_TOKENS = 8;
  const PHASE_LONGEST = 9;

  // Two event queues: engines [0, E) and the trainer (E) in a small one, which engines re-key
  // on every decode event; rollouts waiting on a tool call (by rollout id) in the other.
  const TRAINER = E;
  const q = new EventQueue(E + 1);
  const tools = new EventQueue(cap);

  // Paused rollouts, FIFO; the first `resumable` of them may resume (paused before the last sync).
  const pausedQ = new Int32Array(cap);
  let pHead = 0;
  let pLen = 0;
  let resumable = 0;

  // Completed rollouts not yet trained on (async): their trajectory tokens, FIFO.
  const doneCap = cap + N + 2;
  const doneTokens = new Float64Array(doneCap);
  let dHead = 0;
  let dLen = 0;

  // Counters.
  let version = 0;
  let started = 0; // logical rollouts started (sync: this phase's launches are `pendingNew`)
  let pendingNew = 0;
  let phaseOpen = 0; // sync: rollouts of this phase not yet finished or paused
  let trainerBusy = false;
  let trainerPhase = 0; // 0 = training, 1 = syncing weights
  let trainerFreeAt = 0;
  let trainingsDone = 0;
  let completed = 0;
  let failed = 0;
  let retried = 0;
  let truncated = 0;
  let stepGenStart = 0;

  const stepSeconds = new Float64Array(steps);
  const stepRollout = new Float64Array(steps);
  const stepTrain = new Float64Array(steps);
  const stepSync = new Float64Array(steps);
  const stepLongest = new Float64Array(steps);
  const stepGen = new Float64Array(steps);
  let lastStepEnd = 0;

  // ---- engine clock -------------------------------------------------------------------

  const advance = (e: number, now: number) => {
    const last = eLast[e];
    if (now <= last) return;
    const dt = now - last;
    let frozen = eFEnd[e] - last;
    if (frozen < 0) frozen = 0;
    else if (frozen > dt) frozen = dt;
    const active = dt - frozen;
    if (eNDec[e] > 0 && active > 0) {
      eTau[e] += active / eStep[e];
      acc[DECODE_ACTIVE] += active;
    }
    eLast[e] = now;
  };

  /** Recomputes the decode-step time and the engine's next completion event. */
  const reschedule = (e: number, now: number) => {
    const n = eNDec[e];
    if (n === 0) {
      q.remove(e);
      return;
    }
    const mem = (W + kvb * eSumCtx[e]) / bps;
    const comp = (fpt * n) / fps;
    const step = mem > comp ? mem : comp;
    eStep[e] = step;
    let rem = (rTauEnd[decoding.top(e)] - eTau[e]) * step;
    if (rem < 0) rem = 0;
    const fz = eFEnd[e] - now;
    q.set(e, now + (fz > 0 ? fz : 0) + rem);
  };

  /** Pauses an engine's decoding for `sec` from `now` (queued behind any current pause). */
  const freeze = (e: number, now: number, sec: number) => {
    eFEnd[e] = (eFEnd[e] > now ? eFEnd[e] : now) + sec;
  };

  const prefill = (e: number, now: number, tokens: number, ctx: number) => {
    const sec = (fpt * tokens + attn * tokens * (ctx + tokens / 2)) / fps;
    acc[PREFILL] += sec;
    freeze(e, now, sec);
  };

  // ---- rollout lifecycle (callers advance the engine before and reschedule it after) ----

  const startSegment = (id: number) => {
    const e = rEngine[id];
    const piece = rPiece[id];
    const seg = piece < rBudget[id] ? piece : rBudget[id];
    rSeg[id] = seg;
    rState[id] = DECODING;
    eSumCtx[e] += rCtx[id] + seg / 2;
    eNDec[e]++;
    rTauEnd[id] = eTau[e] + seg;
    decoding.push(e, id);
  };

  const planPiece = (id: number) => {
    const action = planTurn(rCtx[id], rWant[id], maxCtx, policy, rSummarized[id] === 1);
    rAction[id] = action;
    rPiece[id] = tokensFor(action, rCtx[id], rWant[id], maxCtx, summaryTokens);
  };

  const beginTurn = (id: number) => {
    rWant[id] = drawTail(rng, genTail);
    rSummarized[id] = 0;
    planPiece(id);
    startSegment(id);
  };

  const beginAttempt = (id: number, now: number) => {
    rCtx[id] = prompt;
    rTraj[id] = prompt;
    rGen[id] = 0;
    rTurnsLeft[id] = sampleTurns(rng, turnsTail);
    prefill(rEngine[id], now, prompt, 0);
    beginTurn(id);
  };

  const launch = (e: number, now: number) => {
    const id = freeIds[--freeTop];
    started++;
    rEngine[id] = e;
    eResident[e]++;
    rAttempts[id] = 0;
    rMinDecode[id] = 0;
    rBudget[id] = budget;
    beginAttempt(id, now);
  };

  const resume = (id: number, e: number, now: number) => {
    rEngine[id] = e;
    eResident[e]++;
    rBudget[id] = budget;
    prefill(e, now, rCtx[id], 0);
    startSegment(id);
  };

  const canLaunch = () => (isAsync ? started < totalTarget && started < Math.floor((version + 1 + staleness) * N) : pendingNew > 0);

  /**
   * Puts one unit of work on engine `e` (which has a free slot): a resumable paused rollout,
   * else a new rollout if admission allows, else (async) any paused rollout early rather than
   * leaving the slot empty. Returns false when there is nothing to run.
   */
  const takeWork = (e: number, now: number): boolean => {
    if (resumable > 0 || (isAsync && pLen > 0 && !canLaunch())) {
      const id = pausedQ[pHead];
      pHead = (pHead + 1) % cap;
      pLen--;
      if (resumable > 0) resumable--;
      resume(id, e, now);
      return true;
    }
    if (canLaunch()) {
      if (!isAsync) pendingNew--;
      launch(e, now);
      return true;
    }
    return false;
  };

  /** Fills the free slots of engine `e`. */
  const fillEngine = (e: number, now: number) => {
    while (eResident[e] < S && takeWork(e, now));
  };

  /** Round-robin over engines so work spreads evenly (phase start, after a sync). */
  const fillAll = (now: number) => {
    for (let e = 0; e < E; e++) advance(e, now);
    let more = true;
    while (more) {
      more = false;
      for (let e = 0; e < E; e++) {
        if (eResident[e] >= S) continue;
        if (!takeWork(e, now)) break;
        more = true;
      }
    }
    for (let e = 0; e < E; e++) reschedule(e, now);
  };

  const releaseSlot = (id: number) => {
    eResident[rEngine[id]]--;
    rEngine[id] = -1;
  };

  const retire = (id: number, now: number, trajTokens: number) => {
    const e = rEngine[id];
    releaseSlot(id);
    rState[id] = FREE;
    freeIds[freeTop++] = id;
    if (rMinDecode[id] > acc[PHASE_LONGEST]) acc[PHASE_LONGEST] = rMinDecode[id];
    if (isAsync) {
      doneTokens[(dHead + dLen) % doneCap] = trajTokens;
      dLen++;
      fillEngine(e, now);
      tryTrain(now);
    } else {
      acc[PHASE_TOKENS] += trajTokens;
      fillEngine(e, now);
      if (--phaseOpen === 0) tryTrain(now);
    }
  };

  const complete = (id: number, now: number) => {
    completed++;
    acc[TRAINED] += rTraj[id];
    retire(id, now, rTraj[id]);
  };

  const fail = (id: number, now: number) => {
    failed++;
    acc[WASTED] += rGen[id];
    retire(id, now, 0);
  };

  const pause = (id: number, now: number) => {
    const e = rEngine[id];
    releaseSlot(id);
    rState[id] = PAUSED;
    pausedQ[(pHead + pLen) % cap] = id;
    pLen++;
    fillEngine(e, now);
    if (!isAsync && --phaseOpen === 0) tryTrain(now);
  };

  const onDecodeEnd = (e: number, now: number) => {
    advance(e, now);
    const id = decoding.pop(e);
    const seg = rSeg[id];
    const ctx = rCtx[id];
    eNDec[e]--;
    eSumCtx[e] -= ctx + seg / 2;
    if (eNDec[e] === 0) eSumCtx[e] = 0; // no drift
    rMinDecode[id] += (seg * (W + kvb * (ctx + seg / 2))) / bps;
    rCtx[id] = ctx + seg;
    rGen[id] += seg;
    rTraj[id] += seg;
    rPiece[id] -= seg;
    rBudget[id] -= seg;
    acc[GENERATED] += seg;
    if (rPiece[id] > 1e-9) {
      pause(id, now);
    } else {
      const action = rAction[id];
      if (action === TURN_SUMMARIZE_FIRST) {
        // The summary replaces the context; rebuild its KV, then generate the turn.
        rCtx[id] = prompt + summaryKept;
        rSummarized[id] = 1;
        prefill(e, now, rCtx[id], 0);
        planPiece(id);
        startSegment(id);
      } else if (action === TURN_TRUNCATED) {
        truncated++;
        complete(id, now);
      } else if (action === TURN_FAILED) {
        fail(id, now);
      } else if (--rTurnsLeft[id] === 0) {
        complete(id, now);
      } else {
        rState[id] = TOOL;
        tools.set(id, now + drawTail(rng, toolTail));
      }
    }
    reschedule(e, now);
  };

  const onToolEnd = (id: number, now: number) => {
    const e = rEngine[id];
    advance(e, now);
    if (envRate > 0 && rng.uniform() < envRate) {
      acc[WASTED] += rGen[id];
      if (rAttempts[id] >= envMaxRetries) {
        fail(id, now);
      } else {
        rAttempts[id]++;
        retried++;
        beginAttempt(id, now);
      }
    } else {
      const room = maxCtx - rCtx[id];
      const sampled = drawTail(rng, obsTail);
      const o = sampled < room ? sampled : room;
      prefill(e, now, o, rCtx[id]);
      rCtx[id] += o;
      rTraj[id] += o;
      beginTurn(id);
    }
    reschedule(e, now);
  };

  // ---- trainer ------------------------------------------------------------------------

  function tryTrain(now: number) {
    if (trainerBusy || trainingsDone >= steps) return;
    let tokens = 0;
    if (isAsync) {
      if (dLen < N) return;
      for (let i = 0; i < N; i++) {
        tokens += doneTokens[dHead];
        dHead = (dHead + 1) % doneCap;
      }
      dLen -= N;
    } else {
      if (phaseOpen > 0) return;
      tokens = acc[PHASE_TOKENS];
    }
    const k = trainingsDone;
    const t = trainStep(r.train, tokens);
    acc[TRAIN_FLOPS] += t.flops;
    acc[TRAIN_SECONDS] += t.seconds;
    stepRollout[k] = now - trainerFreeAt;
    stepTrain[k] = t.seconds;
    stepLongest[k] = acc[PHASE_LONGEST];
    stepGen[k] = acc[GENERATED] - stepGenStart;
    stepGenStart = acc[GENERATED];
    trainerBusy = true;
    trainerPhase = 0;
    if (colocated)
      for (let e = 0; e < E; e++) {
        advance(e, now);
        freeze(e, now, t.seconds);
        reschedule(e, now);
      }
    q.set(TRAINER, now + t.seconds);
  }

  const onTrainerEvent = (now: number) => {
    if (trainerPhase === 0) {
      // Training done: load the new weights into every engine (pauses their decoding).
      trainerPhase = 1;
      for (let e = 0; e < E; e++) {
        advance(e, now);
        freeze(e, now, syncSec);
        reschedule(e, now);
      }
      acc[SYNC_FREEZE] += syncSec * E;
      q.set(TRAINER, now + syncSec);
      return;
    }
    const k = trainingsDone++;
    stepSync[k] = syncSec;
    stepSeconds[k] = now - lastStepEnd;
    lastStepEnd = now;
    trainerBusy = false;
    trainerFreeAt = now;
    version++;
    if (onProgress) onProgress(trainingsDone / steps);
    if (trainingsDone >= steps) return;
    resumable = pLen;
    if (!isAsync) {
      acc[PHASE_TOKENS] = 0;
      acc[PHASE_LONGEST] = 0;
      pendingNew = N;
      phaseOpen = pLen + pendingNew;
    }
    fillAll(now);
    tryTrain(now);
  };

  // ---- run ------------------------------------------------------------------------------

  if (!isAsync) {
    pendingNew = N;
    phaseOpen = N;
  }
  fillAll(0);
  let now = 0;
  while (trainingsDone < steps) {
    const tq = q.size > 0 ? q.peekKey() : Infinity;
    const tt = tools.size > 0 ? tools.peekKey() : Infinity;
    if (tq === Infinity && tt === Infinity) throw new Error('Simulation stalled: no pending events before the last step.');
    if (tq <= tt) {
      now = tq;
      const id = q.peekId();
      // An engine stays queued: its reschedule re-keys it in place (one sift instead of two).
      if (id < E) onDecodeEnd(id, now);
      else {
        q.remove(id);
        onTrainerEvent(now);
      }
    } else {
      now = tt;
      onToolEnd(tools.pop(), now);
    }
  }
  for (let e = 0; e < E; e++) advance(e, now);

  const fail0 = applyGpuFailures(stepSeconds, r.poolGpus, s.reliability, new Rng((s.seed ^ 0x5bd1e995) >>> 0));
  let wall = 0;
  for (let k = 0; k < steps; k++) wall += stepSeconds[k];

  return {
    stepSeconds,
    stepRollout,
    stepTrain,
    stepSync,
    stepFailure: fail0.stepFailure,
    stepLongestMinDecode: stepLongest,
    stepGeneratedTokens: stepGen,
    wallSeconds: wall,
    generatedTokens: acc[GENERATED],
    trainedTokens: acc[TRAINED],
    wastedTokens: acc[WASTED],
    rollouts: completed,
    failedRollouts: failed,
    retriedRollouts: retried,
    truncatedRollouts: truncated,
    gpuFailures: fail0.failures,
    trainFlops: acc[TRAIN_FLOPS],
    decodeSeconds: acc[DECODE_ACTIVE],
    prefillSeconds: acc[PREFILL],
    syncFreezeSeconds: acc[SYNC_FREEZE],
    trainSeconds: acc[TRAIN_SECONDS],
    syncSeconds: syncSec * steps,
  };
}

/**
 * GPU failures over a failure-free timeline of steps (modified in place: each step's
 * seconds grow by the overhead of the failures that hit it). Failures form a Poisson
 * process in up-time with rate gpus / (MTBF · 3600) per second. A failure at progress
 * position f (seconds of failure-free work) rolls back to the last checkpoint
 * c = floor(f / C) · C and costs (f − c) + restart seconds; work resumes from c.
 */
export function applyGpuFailures(
  stepSeconds: Float64Array,
  gpus: number,
  rel: { gpuMtbfHours: number; checkpointMinutes: number; restartMinutes: number },
  rng: Rng,
): { stepFailure: Float64Array; failures: number } {
  const n = stepSeconds.length;
  const stepFailure = new Float64Array(n);
  const ends = new Float64Array(n);
  let total = 0;
  for (let k = 0; k < n; k++) ends[k] = total += stepSeconds[k];
  const meanGap = (rel.gpuMtbfHours * 3600) / gpus;
  const C = rel.checkpointMinutes * 60;
  const R = rel.restartMinutes * 60;
  let pos = 0;
  let failures = 0;
  let k = 0;
  for (;;) {
    const f = pos + rng.exponential(meanGap);
    if (f >= total) break;
    if (++failures > 1_000_000)
      throw new SimInputError(
        'reliability.gpuMtbfHours',
        'GPU failures are so frequent that the run cannot make progress: raise MTBF or checkpoint more often.',
      );
    const c = Math.floor(f / C) * C;
    while (k > 0 && ends[k - 1] > f) k--;
    while (ends[k] <= f) k++;
    stepFailure[k] += f - c + R;
    pos = c;
  }
  for (let i = 0; i < n; i++) stepSeconds[i] += stepFailure[i];
  return { stepFailure, failures };
}
