import { Rng } from '../engine/rng';
import { drawTail, sampleTurns } from './distributions';
import { EventQueue, PackedHeaps } from './eventQueue';
import { TURN_FAILED, TURN_SUMMARIZE_FIRST, TURN_TRUNCATED, overflowCode, planTurn, tokensFor } from './rollout';
import { SimInputError, type ResolvedScenario } from './scenario';
import { MAX_FAILURES, tooFrequentFailures } from './failures';
import { trainStep } from './train';

/**
 * Discrete-event simulation of an agentic-RL run.
 *
 * ENGINES AND THE PAGED KV CACHE. The rollout pool is split into `engines` inference engines,
 * each with a KV pool of `kvPoolTokens` tokens allocated in pages as sequences use them (vLLM,
 * SGLang): a sequence holds KV for its current context, never for the whole window. Every
 * rollout is assigned an engine when launched (round robin) and stays there. It waits in the
 * engine's queue until the engine has a free decoding place (`maxSequencesPerEngine`) and room
 * for its context plus a 1 % watermark; admission prefills what is not in the cache.
 * All sequences decoding on an engine advance one token per decode step, so each engine keeps a
 * clock τ counting its decode steps: a segment of g tokens started at τ₀ ends when τ = τ₀ + g.
 * The wall time of a decode step is `decodeStepSeconds(n decoding, Σ their context)` and only
 * changes when a sequence starts or stops decoding, so τ advances piecewise linearly. KV in use
 * is `kvConst + nDecoding·τ`, so the tick at which the pool fills is one more event: then the
 * oldest evictable cache is dropped, else the most recently admitted sequence is preempted —
 * `recompute` drops its KV (its context is prefilled again when readmitted, ahead of the queue),
 * `swap` copies it to host memory and back over the host link. During a tool call a rollout's
 * KV is either kept (pinned) or freed into the evictable prefix cache (`kvDuringTool`): if it is
 * still cached when the tool returns only the observation is prefilled, else the whole context.
 * Prefill and weight loading pause the engine's decoding ("freeze").
 *
 * ENVIRONMENT. A rollout first starts its sandbox (`sandboxStartSeconds`); at most
 * `maxConcurrentSandboxes` rollouts are alive at once; tool calls are wall-time delays; a
 * finished rollout waits `rewardSeconds` for its reward (verifier) before it counts as done.
 *
 * STEPS AND GROUPS. Rollouts come in GRPO groups of `rolloutsPerPrompt`; a group trains when all
 * its rollouts are done. Dynamic sampling drops a finished group with probability
 * `dynamicSamplingDropRate` (its tokens are wasted). `sync`: a step launches promptsPerStep groups;
 * when all are done (or paused, with partial rollout) and fewer groups than promptsPerStep were
 * kept, another wave of groups is launched (DAPO); then the trainer trains on the kept groups,
 * the weights are updated and the next step starts. `async`: generation never waits for
 * training; a rollout may start only while started < (version + 1 + staleness) × batch / (1 − drop),
 * and the trainer trains on the first promptsPerStep complete groups. Colocated pools: engines
 * are frozen while the trainer trains. Partial rollout: a rollout that has generated
 * `partialCutoffTokens` since it was (re)started pauses, frees its KV and resumes after the next
 * weight update, re-prefilling its context. Policy lag = versions between a trained sample's
 * launch and the policy it updates.
 *
 * PER-STEP OVERHEADS. After training: the weight update (`syncSeconds`, engines frozen), then a
 * checkpoint write when `checkpointMinutes` have passed since the last one (trainer busy; engines
 * frozen if colocated) and an evaluation every `evalEverySteps` (engines frozen).
 *
 * FAILURES. Sandbox failures (per tool call, `envFailureRate`) restart the rollout from
 * scratch (up to `envMaxRetries`, then it counts as failed, trained on nothing). GPU failures
 * and spot interruptions are a Poisson process over the failure-free timeline: each loses the
 * work since the last checkpoint plus the restart time (see `applyGpuFailures`).
 *
 * Units: seconds, tokens, bytes, FLOPs.
 */
export interface DesOutput {
  /** Per step: wall seconds (incl. GPU-failure overhead) and its parts. */
  stepSeconds: Float64Array;
  stepRollout: Float64Array;
  stepTrain: Float64Array;
  stepSync: Float64Array;
  stepOverhead: Float64Array;
  stepFailure: Float64Array;
  /** Per step: the largest minimum decode time (alone on an engine) among its finished rollouts. */
  stepLongestMinDecode: Float64Array;
  stepGeneratedTokens: Float64Array;
  wallSeconds: number;
  generatedTokens: number;
  trainedTokens: number;
  wastedTokens: number;
  rollouts: number;
  launchedRollouts: number;
  trainedRollouts: number;
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
  checkpointSeconds: number;
  evalSeconds: number;
  /** Σ over engines of (sequences decoding × seconds decoding). */
  decodingSequenceSeconds: number;
  preemptions: number;
  reprefillTokens: number;
  toolReturns: number;
  toolCacheHits: number;
  /** Policy lag of trained samples, in versions. */
  lagMean: number;
  lagP99: number;
  lagMax: number;
}

// Rollout states.
const FREE = 0;
const TOOL = 1;
const DECODING = 2;
const PAUSED = 3;
const QUEUED = 4;
const STARTING = 5;
const REWARD = 6;

/** vLLM's block size: a pool under pressure must leave each decoding sequence one page. */
const PAGE = 16;
const LAG_BINS = 256;

export function simulate(r: ResolvedScenario, onProgress?: (done: number) => void): DesOutput {
  const s = r.scenario;
  const rng = new Rng(s.seed);
  const E = r.engines;
  const G = s.rolloutsPerPrompt;
  const P = s.promptsPerStep;
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
  const env = s.environment;
  const dropRate = env.dynamicSamplingDropRate;
  const factor = r.samplingFactor;
  const sandboxCap = env.maxConcurrentSandboxes ?? Infinity;
  const startSec = env.sandboxStartSeconds;
  const rewardSec = env.rewardSeconds;
  const keepKv = s.cluster.kvDuringTool === 'keep';
  const swap = s.cluster.preemption === 'swap';
  const { turns: turnsTail, generated: genTail, observation: obsTail, tool: toolTail } = r.tails;
  const em = r.engine;
  const W = em.weightBytes;
  const kvb = em.kvBytesPerToken;
  const bps = em.bytesPerSecond;
  const stepHost = em.stepOverheadSeconds; // eager launches + synchronous scheduler host time, per decode step
  const fps = em.flopsPerSecond;
  const fpt = em.flopsPerToken;
  const attn = em.attnFlopsPerTokenPair;
  const hostBps = s.cluster.tensorParallel * s.cluster.hostLinkGBps * 1e9;
  const pool = r.kvPoolTokens;
  const watermark = 0.01 * pool;
  const maxDec = r.maxDecoding;
  const syncSec = r.syncSeconds;
  const ckptSec = r.checkpointWriteSeconds;
  const ckptEvery = s.reliability.checkpointMinutes * 60;
  const evalEvery = s.overheads.evalEverySteps;
  const evalSec = s.overheads.evalSeconds;

  // Live rollouts: at most a wave (sync) or (1 + staleness)·batch / (1 − drop) plus a group (async).
  // Sync with partial rollout launches a full batch every step while paused rollouts carry
  // over, so live rollouts grow to N × (steps a rollout spans); bounded by its longest work.
  // Sync: each step's first wave is promptsPerStep / (1 − drop) groups (DAPO's larger generation batch).
  const firstWave = Math.ceil(P * factor) * G;
  const wave = firstWave + G;
  let cap = isAsync ? Math.ceil((1 + staleness) * N * factor) + 2 * G + 2 : wave + 2;
  if (!isAsync && s.system.partialRollout) {
    const r0 = s.rollout;
    const longest = r0.turns.max * (r0.generatedTokensPerTurn.max + (policy === 1 ? summaryTokens : 0));
    const spans = Math.min(steps, Math.ceil(longest / s.system.partialCutoffTokens) + 1);
    cap = wave * spans + 2;
    if (cap > 8_000_000)
      throw new SimInputError(
        'system.partialCutoffTokens',
        `Partial rollout would keep up to ${cap} rollouts alive (a rollout can span ${spans} steps): raise partialCutoffTokens or lower promptsPerStep.`,
        'sim_partial_too_many',
        { cap, spans },
      );
  }
  const rState = new Int8Array(cap);
  const rEngine = new Int32Array(cap);
  const rTurnsLeft = new Int32Array(cap);
  const rAction = new Int8Array(cap);
  const rSummarized = new Int8Array(cap);
  const rAttempts = new Int32Array(cap);
  const rPinned = new Int8Array(cap); // holds KV in the engine's pool (decoding or pinned)
  const rCtx = new Float64Array(cap);
  const rWant = new Float64Array(cap);
  const rPiece = new Float64Array(cap); // tokens left of the current decode piece (turn or summary)
  const rSeg = new Float64Array(cap); // tokens of the segment being decoded now
  const rBudget = new Float64Array(cap);
  const rGen = new Float64Array(cap);
  const rTraj = new Float64Array(cap);
  const rMinDecode = new Float64Array(cap);
  const rTauEnd = new Float64Array(cap);
  const rCached = new Float64Array(cap); // tokens of its KV in the evictable cache
  const rSwapped = new Float64Array(cap); // tokens of its KV on the host
  const rPendObs = new Float64Array(cap); // observation tokens to append at admission
  const rFresh = new Float64Array(cap); // tokens prefilled for the first time at admission
  const rAdmit = new Float64Array(cap);
  const rNextQ = new Int32Array(cap);
  const rPrevC = new Int32Array(cap);
  const rNextC = new Int32Array(cap);
  const rGroup = new Int32Array(cap);
  const rStartVer = new Int32Array(cap);
  const freeIds = new Int32Array(cap);
  let freeTop = 0;
  for (let i = cap - 1; i >= 0; i--) freeIds[freeTop++] = i;

  // Groups (by launch order), in a ring: rollouts not done yet, tokens, versions.
  const gcap = 2 * Math.ceil(cap / G) + 4;
  const gLeft = new Int32Array(gcap);
  const gTokens = new Float64Array(gcap);
  const gGen = new Float64Array(gcap);
  const gVerMin = new Int32Array(gcap);
  const gVerSum = new Float64Array(gcap);

  // Engines.
  const eTau = new Float64Array(E);
  const eLast = new Float64Array(E);
  const eStep = new Float64Array(E);
  const eNDec = new Int32Array(E);
  const eSumCtx = new Float64Array(E);
  const eFEnd = new Float64Array(E);
  const eKvConst = new Float64Array(E); // KV in use = eKvConst + eNDec·eTau
  const eHeld = new Int32Array(E);
  const eCached = new Float64Array(E);
  const eQHead = new Int32Array(E).fill(-1);
  const eQTail = new Int32Array(E).fill(-1);
  const eCHead = new Int32Array(E).fill(-1); // evictable cache, least recently used first
  const eCTail = new Int32Array(E).fill(-1);
  const decoding = new PackedHeaps(E, maxDec, rTauEnd);
  // Float accumulators live in a typed array: a closure variable holding a double is boxed
  // and every update would allocate.
  const acc = new Float64Array(20);
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
  const DEC_INT = 10;
  const REPREFILL = 11;
  const CKPT = 12;
  const EVAL = 13;
  const LAG_SUM = 14;
  const LAG_N = 15;
  const ADMITS = 16;
  const lagHist = new Float64Array(LAG_BINS);
  // The event loop's clock, read by every handler: a double passed as an argument to a function
  // that is not inlined is boxed, which would allocate on every event.
  const clk = new Float64Array(1);

  // Two event queues: engines [0, E) and the trainer (E) in a small one, which engines re-key
  // on every decode event; rollouts waiting on a timer (sandbox start, tool, reward) in the other.
  const TRAINER = E;
  const q = new EventQueue(E + 1);
  const timers = new EventQueue(cap);
  // Hot paths write an event's time into the queue's keys and reorder it (no double argument to box).
  const qKeys = q.keys;
  const timerKeys = timers.keys;

  // Paused rollouts, FIFO (partial rollout): they resume after the next weight update.
  const pausedQ = new Int32Array(cap);
  let pHead = 0;
  let pLen = 0;

  // Complete kept groups not yet trained on (async): their tokens and versions, FIFO.
  const dTokens = new Float64Array(gcap);
  const dVerMin = new Int32Array(gcap);
  const dVerSum = new Float64Array(gcap);
  let dHead = 0;
  let dLen = 0;

  // Counters.
  let version = 0;
  let started = 0; // rollouts launched (async admission counts them)
  let pendingNew = 0; // sync: rollouts of this phase still to launch
  let phaseOpen = 0; // sync: rollouts of this phase not yet done or paused
  let phaseKept = 0; // sync: kept groups this phase
  let phaseGroupsOpen = 0; // sync: groups launched this phase not yet complete
  let live = 0; // sandboxes alive
  let rr = 0;
  let trainerBusy = false;
  let trainerPhase = 0; // 0 = training, 1 = weight update, 2 = checkpoint/evaluation
  let trainerFreeAt = 0;
  let lastCheckpoint = 0;
  let trainingsDone = 0;
  let completed = 0;
  let trainedRollouts = 0;
  let failed = 0;
  let retried = 0;
  let truncated = 0;
  let preemptions = 0;
  let toolReturns = 0;
  let toolHits = 0;
  let stepGenStart = 0;

  const stepSeconds = new Float64Array(steps);
  const stepRollout = new Float64Array(steps);
  const stepTrain = new Float64Array(steps);
  const stepSync = new Float64Array(steps);
  const stepOverhead = new Float64Array(steps);
  const stepLongest = new Float64Array(steps);
  const stepGen = new Float64Array(steps);
  let lastStepEnd = 0;

  // ---- engine clock -------------------------------------------------------------------

  const advance = (e: number) => {
    const now = clk[0];
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
      acc[DEC_INT] += active * eNDec[e];
    }
    eLast[e] = now;
  };

  /** Recomputes the decode-step time and the engine's next event: a segment end or a full KV pool. */
  const reschedule = (e: number) => {
    const now = clk[0];
    const n = eNDec[e];
    if (n === 0) {
      q.remove(e);
      return;
    }
    // Dense GEMMs (weight reads or compute, the larger), then attention reading the KV: they add.
    const comp = (fpt * n) / fps;
    const step = (W / bps > comp ? W / bps : comp) + (kvb * eSumCtx[e]) / bps + stepHost;
    eStep[e] = step;
    let target = rTauEnd[decoding.top(e)];
    const full = (pool - eCached[e] - eKvConst[e]) / n;
    if (full < target && full > eTau[e] + 1e-9) target = full;
    let rem = (target - eTau[e]) * step;
    if (rem < 0) rem = 0;
    const fz = eFEnd[e] - now;
    qKeys[e] = now + (fz > 0 ? fz : 0) + rem;
    q.reorder(e);
  };

  /** Pauses an engine's decoding for `sec` from `now` (queued behind any current pause). */
  const freeze = (e: number, sec: number) => {
    const now = clk[0];
    eFEnd[e] = (eFEnd[e] > now ? eFEnd[e] : now) + sec;
  };

  const prefill = (e: number, tokens: number, ctx: number) => {
    const sec = (fpt * tokens + attn * tokens * (ctx + tokens / 2)) / fps;
    acc[PREFILL] += sec;
    freeze(e, sec);
  };

  const kvUsed = (e: number) => eKvConst[e] + eNDec[e] * eTau[e];

  // ---- KV pool: pinning, the evictable cache, the admission queue ------------------------

  const pin = (id: number, e: number) => {
    eKvConst[e] += rCtx[id];
    rPinned[id] = 1;
    eHeld[e]++;
  };

  /** Releases the KV of a pinned rollout that is not decoding. */
  const unpin = (id: number, e: number) => {
    eKvConst[e] -= rCtx[id];
    rPinned[id] = 0;
    if (--eHeld[e] === 0) eKvConst[e] = 0; // no drift
  };

  const cacheAdd = (id: number, e: number) => {
    rCached[id] = rCtx[id];
    eCached[e] += rCtx[id];
    rPrevC[id] = eCTail[e];
    rNextC[id] = -1;
    if (eCTail[e] >= 0) rNextC[eCTail[e]] = id;
    else eCHead[e] = id;
    eCTail[e] = id;
  };

  const cacheRemove = (id: number, e: number) => {
    if (rCached[id] === 0) return;
    eCached[e] -= rCached[id];
    if (eCached[e] < 1e-6) eCached[e] = 0;
    rCached[id] = 0;
    const p = rPrevC[id];
    const n = rNextC[id];
    if (p >= 0) rNextC[p] = n;
    else eCHead[e] = n;
    if (n >= 0) rPrevC[n] = p;
    else eCTail[e] = p;
  };

  const enqueue = (id: number, e: number, front: boolean) => {
    rState[id] = QUEUED;
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
  };

  /** Keep mode: a pinned rollout that is not decoding (in a tool call or queued), other than `except`. */
  const pinnedIdle = (e: number, except: number): number => {
    for (let id = 0; id < cap; id++) if (id !== except && rEngine[id] === e && rPinned[id] === 1 && (rState[id] === TOOL || rState[id] === QUEUED)) return id;
    return -1;
  };

  /** Drops the KV of a pinned idle rollout (keep mode under pressure): it is prefilled again later. */
  const dropPinned = (id: number, e: number) => {
    unpin(id, e);
    preemptions++;
  };

  const startSegment = (id: number) => {
    const e = rEngine[id];
    const piece = rPiece[id];
    const seg = piece < rBudget[id] ? piece : rBudget[id];
    rSeg[id] = seg;
    rState[id] = DECODING;
    eSumCtx[e] += rCtx[id] + seg / 2;
    eNDec[e]++;
    eKvConst[e] -= eTau[e];
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

  /** Admits queued rollouts while the engine has a decoding place and room for their KV. */
  const admit = (e: number) => {
    while (eQHead[e] >= 0 && eNDec[e] < maxDec) {
      const id = eQHead[e];
      const hit = rCached[id];
      const need = rPinned[id] ? rPendObs[id] : rCtx[id] + rPendObs[id] - hit;
      // Free pages: everything not in use; other rollouts' cache is evictable, this one's becomes in use.
      const room = pool - kvUsed(e) - hit;
      // The watermark only guards against thrashing while others hold KV.
      const others = eHeld[e] - rPinned[id];
      if (room < need + (others > 0 ? watermark : 0)) {
        // Nothing decodes, so nothing will free KV: drop a pinned idle rollout's KV (keep mode).
        if (eNDec[e] === 0 && keepKv) {
          const v = pinnedIdle(e, id);
          if (v >= 0) {
            dropPinned(v, e);
            continue;
          }
        }
        break;
      }
      eQHead[e] = rNextQ[id];
      if (eQHead[e] < 0) eQTail[e] = -1;
      cacheRemove(id, e);
      while (pool - kvUsed(e) - eCached[e] < need && eCHead[e] >= 0) cacheRemove(eCHead[e], e);
      let tokens: number;
      let from: number;
      if (rPinned[id]) {
        from = rCtx[id];
        tokens = rPendObs[id];
        eKvConst[e] += tokens;
        rCtx[id] += tokens;
      } else {
        from = hit + rSwapped[id];
        rCtx[id] += rPendObs[id];
        tokens = rCtx[id] - from;
        pin(id, e);
        if (rSwapped[id] > 0) {
          freeze(e, (rSwapped[id] * kvb) / hostBps);
          rSwapped[id] = 0;
        }
      }
      if (rPendObs[id] > 0) {
        toolReturns++;
        if (hit > 0 || keepKv) toolHits++;
      }
      if (tokens > 0) prefill(e, tokens, from);
      const again = tokens - rFresh[id];
      if (again > 1e-6) acc[REPREFILL] += again;
      rFresh[id] = 0;
      rPendObs[id] = 0;
      rAdmit[id] = ++acc[ADMITS];
      if (rPiece[id] > 1e-9) startSegment(id);
      else beginTurn(id);
    }
  };

  /** Preempts a decoding rollout: what it decoded so far is kept, its KV dropped or swapped out. */
  const preempt = (id: number, e: number) => {
    const seg = rSeg[id];
    let done = seg - (rTauEnd[id] - eTau[e]);
    if (done < 0) done = 0;
    else if (done > seg) done = seg;
    decoding.remove(e, id);
    eNDec[e]--;
    eSumCtx[e] -= rCtx[id] + seg / 2;
    if (eNDec[e] === 0) eSumCtx[e] = 0;
    eKvConst[e] += eTau[e];
    const ctx = rCtx[id];
    rMinDecode[id] += (done * (W + kvb * (ctx + done / 2))) / bps + done * stepHost;
    rCtx[id] = ctx + done; // eKvConst now holds this pinned context
    rGen[id] += done;
    rTraj[id] += done;
    rPiece[id] -= done;
    rBudget[id] -= done;
    acc[GENERATED] += done;
    unpin(id, e);
    if (swap) {
      rSwapped[id] = rCtx[id];
      freeze(e, (rCtx[id] * kvb) / hostBps);
    }
    preemptions++;
    enqueue(id, e, true);
  };

  /** The pool is full: drop the oldest cache, else preempt the most recently admitted sequence. */
  const relieve = (e: number) => {
    while (eNDec[e] > 0 && pool - kvUsed(e) - eCached[e] < PAGE * eNDec[e]) {
      if (eCHead[e] >= 0) {
        cacheRemove(eCHead[e], e);
        continue;
      }
      if (keepKv) {
        const v = pinnedIdle(e, -1);
        if (v >= 0) {
          dropPinned(v, e);
          continue;
        }
      }
      if (eNDec[e] === 1) break; // one sequence always fits (pool ≥ window)
      let victim = -1;
      let latest = -1;
      for (let i = 0; i < eNDec[e]; i++) {
        const id = decoding.at(e, i);
        if (rAdmit[id] > latest) {
          latest = rAdmit[id];
          victim = id;
        }
      }
      preempt(victim, e);
    }
  };

  // ---- rollout lifecycle (callers advance the engine before and reschedule it after) ----

  const beginAttempt = (id: number) => {
    rCtx[id] = prompt;
    rTraj[id] = prompt;
    rGen[id] = 0;
    rPiece[id] = 0;
    rPendObs[id] = 0;
    rSwapped[id] = 0;
    rFresh[id] = prompt;
    rTurnsLeft[id] = sampleTurns(rng, turnsTail);
  };

  const launch = () => {
    const now = clk[0];
    const id = freeIds[--freeTop];
    const g = Math.floor(started / G) % gcap;
    if (started % G === 0) {
      gLeft[g] = G;
      gTokens[g] = 0;
      gGen[g] = 0;
      gVerMin[g] = version;
      gVerSum[g] = 0;
      if (!isAsync) phaseGroupsOpen++;
    }
    rGroup[id] = g;
    rStartVer[id] = version;
    started++;
    live++;
    const e = rr++ % E;
    rEngine[id] = e;
    rAttempts[id] = 0;
    rMinDecode[id] = 0;
    rBudget[id] = budget;
    rPinned[id] = 0;
    rCached[id] = 0;
    beginAttempt(id);
    if (startSec > 0) {
      rState[id] = STARTING;
      timers.set(id, now + startSec);
    } else {
      advance(e);
      enqueue(id, e, false);
      admit(e);
      reschedule(e);
    }
  };

  const canLaunch = () => live < sandboxCap && (isAsync ? started < Math.floor((version + 1 + staleness) * N * factor) : pendingNew > 0);

  const launchMore = () => {
    while (canLaunch()) {
      if (!isAsync) pendingNew--;
      launch();
    }
    // Async: when staleness (or the sandbox cap) admits no new rollout, paused ones resume early
    // rather than leave the engines without work (their groups must complete for the trainer to
    // go on). They still hold their sandboxes, so the cap does not hold them back.
    if (isAsync && pLen > 0) resumePaused();
  };

  /** Puts paused rollouts back in the queues of engines (round robin) after a weight update. */
  const resumePaused = () => {
    while (pLen > 0) {
      const id = pausedQ[pHead];
      pHead = (pHead + 1) % cap;
      pLen--;
      const e = rr++ % E;
      rEngine[id] = e;
      rBudget[id] = budget;
      advance(e);
      enqueue(id, e, false);
    }
    for (let e = 0; e < E; e++) {
      advance(e);
      admit(e);
      reschedule(e);
    }
  };

  /** A rollout is done (complete or failed): its group may complete; its sandbox closes. */
  const retire = (id: number, trajTokens: number) => {
    rState[id] = FREE;
    rEngine[id] = -1;
    freeIds[freeTop++] = id;
    live--;
    if (rMinDecode[id] > acc[PHASE_LONGEST]) acc[PHASE_LONGEST] = rMinDecode[id];
    const g = rGroup[id];
    gTokens[g] += trajTokens;
    gGen[g] += rGen[id];
    gVerSum[g] += rStartVer[id];
    if (--gLeft[g] === 0) {
      const drop = dropRate > 0 && rng.uniform() < dropRate;
      if (drop) acc[WASTED] += gGen[g];
      if (isAsync) {
        if (!drop) {
          const k = (dHead + dLen) % gcap;
          dTokens[k] = gTokens[g];
          dVerMin[k] = gVerMin[g];
          dVerSum[k] = gVerSum[g];
          dLen++;
        }
      } else {
        phaseGroupsOpen--;
        if (!drop && phaseKept < P) {
          phaseKept++;
          acc[PHASE_TOKENS] += gTokens[g];
          recordLag(gVerMin[g], gVerSum[g]);
        } else if (!drop) acc[WASTED] += gGen[g]; // kept beyond the batch
      }
    }
    launchMore();
    if (isAsync) tryTrain();
    else if (--phaseOpen === 0) phaseEnd();
  };

  function recordLag(verMin: number, verSum: number) {
    // Trained now by the policy `version` produces (the update trains version → version + 1).
    acc[LAG_SUM] += G * version - verSum;
    acc[LAG_N] += G;
    const worst = version - verMin;
    lagHist[worst < LAG_BINS ? worst : LAG_BINS - 1] += G;
    trainedRollouts += G;
  }

  const complete = (id: number) => {
    completed++;
    retire(id, rTraj[id]);
  };

  const fail = (id: number) => {
    failed++;
    acc[WASTED] += rGen[id];
    retire(id, 0);
  };

  /** Generation finished: release the KV, then wait for the reward. */
  const finish = (id: number, e: number) => {
    const now = clk[0];
    unpin(id, e);
    if (rewardSec > 0) {
      rState[id] = REWARD;
      timers.set(id, now + rewardSec);
    } else complete(id);
  };

  const pause = (id: number, e: number) => {
    unpin(id, e);
    rState[id] = PAUSED;
    rEngine[id] = -1;
    pausedQ[(pHead + pLen) % cap] = id;
    pLen++;
    if (isAsync) launchMore();
    else if (--phaseOpen === 0) phaseEnd();
  };

  const onDecodeEnd = (e: number) => {
    const now = clk[0];
    const id = decoding.pop(e);
    const seg = rSeg[id];
    const ctx = rCtx[id];
    eNDec[e]--;
    eSumCtx[e] -= ctx + seg / 2;
    if (eNDec[e] === 0) eSumCtx[e] = 0; // no drift
    eKvConst[e] += rTauEnd[id];
    rMinDecode[id] += (seg * (W + kvb * (ctx + seg / 2))) / bps + seg * stepHost;
    rCtx[id] = ctx + seg;
    rGen[id] += seg;
    rTraj[id] += seg;
    rPiece[id] -= seg;
    rBudget[id] -= seg;
    acc[GENERATED] += seg;
    if (rPiece[id] > 1e-9) {
      pause(id, e);
      return;
    }
    rPiece[id] = 0;
    const action = rAction[id];
    if (action === TURN_SUMMARIZE_FIRST) {
      // The summary replaces the context; rebuild its KV, then generate the turn.
      unpin(id, e);
      rCtx[id] = prompt + summaryKept;
      pin(id, e);
      rSummarized[id] = 1;
      prefill(e, rCtx[id], 0);
      planPiece(id);
      startSegment(id);
    } else if (action === TURN_TRUNCATED) {
      truncated++;
      finish(id, e);
    } else if (action === TURN_FAILED) {
      unpin(id, e);
      fail(id);
    } else if (--rTurnsLeft[id] === 0) {
      finish(id, e);
    } else {
      rState[id] = TOOL;
      if (!keepKv) {
        unpin(id, e);
        cacheAdd(id, e);
      }
      timerKeys[id] = now + drawTail(rng, toolTail);
      timers.reorder(id);
    }
  };

  const onEngineEvent = (e: number) => {
    advance(e);
    const top = decoding.top(e);
    if (rTauEnd[top] - eTau[e] > 1e-6 && pool - kvUsed(e) - eCached[e] < PAGE * eNDec[e]) relieve(e);
    else onDecodeEnd(e);
    admit(e);
    reschedule(e);
  };

  const onToolEnd = (id: number) => {
    const e = rEngine[id];
    advance(e);
    if (envRate > 0 && rng.uniform() < envRate) {
      acc[WASTED] += rGen[id];
      if (rPinned[id]) unpin(id, e);
      cacheRemove(id, e);
      if (rAttempts[id] >= envMaxRetries) {
        fail(id);
      } else {
        rAttempts[id]++;
        retried++;
        beginAttempt(id);
        enqueue(id, e, false);
      }
    } else {
      const room = maxCtx - rCtx[id];
      const sampled = drawTail(rng, obsTail);
      const o = sampled < room ? sampled : room;
      rPendObs[id] = o;
      rFresh[id] = o;
      rTraj[id] += o;
      enqueue(id, e, false);
    }
    admit(e);
    reschedule(e);
  };

  const onTimer = (id: number) => {
    const st = rState[id];
    if (st === TOOL) onToolEnd(id);
    else if (st === REWARD) complete(id);
    else {
      // Sandbox started.
      const e = rEngine[id];
      advance(e);
      enqueue(id, e, false);
      admit(e);
      reschedule(e);
    }
  };

  // ---- trainer ------------------------------------------------------------------------

  /** Sync: every rollout of the phase is done or paused. Too few kept groups → another wave. */
  function phaseEnd() {
    const missing = P - phaseKept;
    if (dropRate > 0 && missing > 0 && phaseGroupsOpen === 0) {
      const more = Math.ceil(missing * factor) * G;
      pendingNew += more;
      phaseOpen += more;
      started = Math.ceil(started / G) * G;
      launchMore();
      if (phaseOpen > 0) return;
    }
    tryTrain();
  }

  function tryTrain() {
    const now = clk[0];
    if (trainerBusy || trainingsDone >= steps) return;
    let tokens = 0;
    if (isAsync) {
      if (dLen < P) return;
      for (let i = 0; i < P; i++) {
        tokens += dTokens[dHead];
        recordLag(dVerMin[dHead], dVerSum[dHead]);
        dHead = (dHead + 1) % gcap;
      }
      dLen -= P;
    } else {
      if (phaseOpen > 0) return;
      tokens = acc[PHASE_TOKENS];
    }
    const k = trainingsDone;
    acc[TRAINED] += tokens;
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
        advance(e);
        freeze(e, t.seconds);
        reschedule(e);
      }
    q.set(TRAINER, now + t.seconds);
  }

  const freezeAll = (sec: number) => {
    for (let e = 0; e < E; e++) {
      advance(e);
      freeze(e, sec);
      reschedule(e);
    }
  };

  const onTrainerEvent = () => {
    const now = clk[0];
    const k = trainingsDone;
    if (trainerPhase === 0) {
      // Training done: load the new weights into every engine (pauses their decoding).
      trainerPhase = 1;
      freezeAll(syncSec);
      acc[SYNC_FREEZE] += syncSec * E;
      q.set(TRAINER, now + syncSec);
      return;
    }
    if (trainerPhase === 1) {
      trainerPhase = 2;
      const ckpt = now - lastCheckpoint >= ckptEvery || k === steps - 1 ? ckptSec : 0;
      if (ckpt > 0) lastCheckpoint = now + ckpt;
      const ev = evalEvery > 0 && (k + 1) % evalEvery === 0 ? evalSec : 0;
      acc[CKPT] += ckpt;
      acc[EVAL] += ev;
      stepOverhead[k] = ckpt + ev;
      const blocked = (colocated ? ckpt : 0) + ev;
      if (blocked > 0) freezeAll(blocked);
      if (ckpt + ev > 0) {
        q.set(TRAINER, now + ckpt + ev);
        return;
      }
    }
    trainingsDone++;
    stepSync[k] = syncSec;
    stepSeconds[k] = now - lastStepEnd;
    lastStepEnd = now;
    trainerBusy = false;
    trainerFreeAt = now;
    version++;
    if (onProgress) onProgress(trainingsDone / steps);
    if (trainingsDone >= steps) return;
    if (!isAsync) {
      acc[PHASE_TOKENS] = 0;
      acc[PHASE_LONGEST] = 0;
      phaseKept = 0;
      started = Math.ceil(started / G) * G;
      pendingNew = firstWave;
      phaseOpen = pLen + pendingNew;
    }
    resumePaused();
    launchMore();
    tryTrain();
  };

  // ---- run ------------------------------------------------------------------------------

  if (!isAsync) {
    pendingNew = firstWave;
    phaseOpen = firstWave;
  }
  launchMore();
  let now = 0;
  while (trainingsDone < steps) {
    const tq = q.size > 0 ? q.peekKey() : Infinity;
    const tt = timers.size > 0 ? timers.peekKey() : Infinity;
    if (tq === Infinity && tt === Infinity) throw new Error('Simulation stalled: no pending events before the last step.');
    if (tq <= tt) {
      now = tq;
      clk[0] = now;
      const id = q.peekId();
      // An engine stays queued: its reschedule re-keys it in place (one sift instead of two).
      if (id < E) onEngineEvent(id);
      else {
        q.remove(id);
        onTrainerEvent();
      }
    } else {
      now = tt;
      clk[0] = now;
      onTimer(timers.pop());
    }
  }
  for (let e = 0; e < E; e++) advance(e);

  const fail0 = applyGpuFailures(stepSeconds, r.failureRate, s.reliability, new Rng((s.seed ^ 0x5bd1e995) >>> 0));
  let wall = 0;
  for (let k = 0; k < steps; k++) wall += stepSeconds[k];

  let lagP99 = -1;
  let lagMax = 0;
  let seen = 0;
  for (let b = 0; b < LAG_BINS; b++) {
    if (lagHist[b] === 0) continue;
    lagMax = b;
    seen += lagHist[b];
    if (lagP99 < 0 && seen >= 0.99 * acc[LAG_N]) lagP99 = b;
  }
  if (lagP99 < 0) lagP99 = 0;

  return {
    stepSeconds,
    stepRollout,
    stepTrain,
    stepSync,
    stepOverhead,
    stepFailure: fail0.stepFailure,
    stepLongestMinDecode: stepLongest,
    stepGeneratedTokens: stepGen,
    wallSeconds: wall,
    generatedTokens: acc[GENERATED],
    trainedTokens: acc[TRAINED],
    wastedTokens: acc[WASTED],
    rollouts: completed,
    launchedRollouts: started,
    trainedRollouts,
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
    checkpointSeconds: acc[CKPT],
    evalSeconds: acc[EVAL],
    decodingSequenceSeconds: acc[DEC_INT],
    preemptions,
    reprefillTokens: acc[REPREFILL],
    toolReturns,
    toolCacheHits: toolHits,
    lagMean: acc[LAG_N] > 0 ? acc[LAG_SUM] / acc[LAG_N] : 0,
    lagP99,
    lagMax,
  };
}

/**
 * Failures over a failure-free timeline of steps (modified in place: each step's seconds grow
 * by the overhead of the failures that hit it). Failures form a Poisson process in up-time with
 * `failuresPerSecond` (GPUs / (MTBF · 3600), plus spot interruptions). A failure at progress
 * position f (seconds of failure-free work) rolls back to the last checkpoint
 * c = floor(f / C) · C and costs (f − c) + restart seconds; work resumes from c. An interval
 * beyond the run puts c at 0: every failure restarts the run from its start (`checkpointedFailures`
 * gives the expectation the estimate uses).
 */
export function applyGpuFailures(
  stepSeconds: Float64Array,
  failuresPerSecond: number,
  rel: { checkpointMinutes: number; restartMinutes: number },
  rng: Rng,
): { stepFailure: Float64Array; failures: number } {
  const n = stepSeconds.length;
  const stepFailure = new Float64Array(n);
  const ends = new Float64Array(n);
  let total = 0;
  for (let k = 0; k < n; k++) ends[k] = total += stepSeconds[k];
  const meanGap = 1 / failuresPerSecond;
  const C = rel.checkpointMinutes * 60;
  const R = rel.restartMinutes * 60;
  let pos = 0;
  let failures = 0;
  let k = 0;
  for (;;) {
    const f = pos + rng.exponential(meanGap);
    if (f >= total) break;
    if (++failures > MAX_FAILURES) throw tooFrequentFailures();
    const c = Math.floor(f / C) * C;
    while (k > 0 && ends[k - 1] > f) k--;
    while (ends[k] <= f) k++;
    stepFailure[k] += f - c + R;
    pos = c;
  }
  for (let i = 0; i < n; i++) stepSeconds[i] += stepFailure[i];
  return { stepFailure, failures };
}
