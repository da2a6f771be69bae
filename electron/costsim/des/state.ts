import { Rng } from '../../engine/rng';
import type { EngineModel } from '../decode';
import { EventQueue, PackedHeaps } from '../eventQueue';
import { overflowCode, type OverflowPolicy } from '../rollout';
import type { ResolvedScenario } from '../scenario';

// Rollout states.
export const FREE = 0;
export const TOOL = 1;
export const DECODING = 2;
export const PAUSED = 3;
export const QUEUED = 4;
export const STARTING = 5;
export const REWARD = 6;

/** vLLM's block size: a pool under pressure must leave each decoding sequence one page. */
export const PAGE = 16;
export const LAG_BINS = 256;

// Float accumulators (indices into `acc`): a double in an object field or a closure variable
// may be boxed, and every update would allocate; a typed array never does.
export const DECODE_ACTIVE = 0;
export const PREFILL = 1;
export const SYNC_FREEZE = 2;
export const GENERATED = 3;
export const TRAINED = 4;
export const WASTED = 5;
export const TRAIN_FLOPS = 6;
export const TRAIN_SECONDS = 7;
export const PHASE_TOKENS = 8;
export const PHASE_LONGEST = 9;
export const DEC_INT = 10;
export const REPREFILL = 11;
export const CKPT = 12;
export const EVAL = 13;
export const LAG_SUM = 14;
export const LAG_N = 15;
export const ADMITS = 16;
/** Sync: causal token pairs (Σ L²/2) of the phase's kept groups, for training's attention FLOPs. */
export const PHASE_PAIRS = 17;

/** Trainer phases: training, loading the new weights into the engines, checkpoint/evaluation. */
export const TRAINING = 0;
export const WEIGHT_SYNC = 1;
export const STEP_OVERHEADS = 2;

/** The scenario's constants, as the discrete-event run reads them. */
export class DesConstants {
  readonly r: ResolvedScenario;
  // Scenario constants.
  readonly E: number;
  readonly G: number;
  readonly P: number;
  readonly N: number;
  readonly steps: number;
  readonly isAsync: boolean;
  readonly colocated: boolean;
  readonly budget: number;
  /** Async partial rollout: a weight update interrupts the rollouts in flight, whose KV is then stale (des/weightSync.ts). */
  readonly interruptible: boolean;
  readonly staleness: number;
  readonly maxCtx: number;
  readonly prompt: number;
  readonly policy: OverflowPolicy;
  readonly summaryTokens: number;
  readonly summaryKept: number;
  readonly envRate: number;
  readonly envMaxRetries: number;
  readonly dropRate: number;
  readonly factor: number;
  readonly sandboxCap: number;
  readonly startSec: number;
  readonly rewardSec: number;
  readonly keepKv: boolean;
  readonly swap: boolean;
  /** The engine's decode and prefill physics (decode.ts), the one the estimate uses too. */
  readonly em: EngineModel;
  /** KV bytes per token (swapping to and from the host). */
  readonly kvb: number;
  readonly hostBps: number;
  readonly pool: number;
  readonly watermark: number;
  readonly maxDec: number;
  readonly syncSec: number;
  readonly ckptSec: number;
  readonly ckptEvery: number;
  readonly evalEvery: number;
  readonly evalSec: number;
  /** Sync: each step's first wave is promptsPerStep / (1 − drop) groups (DAPO's larger generation batch). */
  readonly firstWave: number;
  /** Most rollouts alive at once (ids 0..cap−1). */
  readonly cap: number;

  constructor(r: ResolvedScenario) {
    const s = r.scenario;
    this.r = r;
    this.E = r.engines;
    const G = (this.G = s.rolloutsPerPrompt);
    this.P = s.promptsPerStep;
    const N = (this.N = r.batch);
    this.steps = s.steps;
    const isAsync = (this.isAsync = s.system.mode === 'async');
    this.colocated = s.cluster.colocated;
    // Partial rollout is async only (the schema refuses it in sync mode).
    this.budget = s.system.partialRollout ? s.system.partialCutoffTokens : Infinity;
    this.interruptible = isAsync && s.system.partialRollout;
    const staleness = (this.staleness = s.system.staleness);
    const maxCtx = (this.maxCtx = s.rollout.maxContextTokens);
    const prompt = (this.prompt = s.rollout.promptTokens);
    this.policy = overflowCode(s.rollout.overflow);
    const summaryTokens = (this.summaryTokens = s.rollout.summaryTokens);
    this.summaryKept = Math.min(summaryTokens, maxCtx - prompt - 1);
    this.envRate = s.rollout.envFailureRate;
    this.envMaxRetries = s.rollout.envMaxRetries;
    const env = s.environment;
    this.dropRate = env.dynamicSamplingDropRate;
    const factor = (this.factor = r.samplingFactor);
    this.sandboxCap = env.maxConcurrentSandboxes ?? Infinity;
    this.startSec = env.sandboxStartSeconds;
    this.rewardSec = env.rewardSeconds;
    this.keepKv = s.cluster.kvDuringTool === 'keep';
    this.swap = s.cluster.preemption === 'swap';
    this.em = r.engine;
    this.kvb = r.engine.kvBytesPerToken;
    this.hostBps = s.cluster.tensorParallel * s.cluster.hostLinkGBps * 1e9;
    this.pool = r.kvPoolTokens;
    this.watermark = 0.01 * this.pool;
    this.maxDec = r.maxDecoding;
    this.syncSec = r.syncSeconds;
    this.ckptSec = r.checkpointWriteSeconds;
    this.ckptEvery = s.reliability.checkpointMinutes * 60;
    this.evalEvery = s.overheads.evalEverySteps;
    this.evalSec = s.overheads.evalSeconds;
    // Live rollouts: at most a wave (sync) or (1 + staleness)·batch / (1 − drop) plus a group (async).
    const firstWave = (this.firstWave = Math.ceil(this.P * factor) * G);
    this.cap = isAsync ? Math.ceil((1 + staleness) * N * factor) + 2 * G + 2 : firstWave + G + 2;
  }
}

/**
 * The whole state of one discrete-event run (see simulate.ts for the model): the scenario's
 * constants, the rollouts, groups and engines as typed arrays indexed by id, the event queues
 * and the counters. The phase modules (engine, rollouts, training, weightSync, checkpoint) are
 * functions of this object; nothing else holds state.
 */
export class DesState extends DesConstants {
  readonly rng: Rng;

  // Rollouts, by id.
  readonly rState: Int8Array;
  readonly rEngine: Int32Array;
  readonly rTurnsLeft: Int32Array;
  readonly rAction: Int8Array;
  readonly rSummarized: Int8Array;
  readonly rAttempts: Int32Array;
  /** Holds KV in the engine's pool (decoding or pinned). */
  readonly rPinned: Int8Array;
  readonly rCtx: Float64Array;
  readonly rWant: Float64Array;
  /** Tokens left of the current decode piece (turn or summary). */
  readonly rPiece: Float64Array;
  /** Tokens of the segment being decoded now. */
  readonly rSeg: Float64Array;
  readonly rBudget: Float64Array;
  readonly rGen: Float64Array;
  readonly rTraj: Float64Array;
  readonly rMinDecode: Float64Array;
  readonly rTauEnd: Float64Array;
  /** Tokens of its KV in the evictable cache. */
  readonly rCached: Float64Array;
  /** Tokens of its KV on the host. */
  readonly rSwapped: Float64Array;
  /** Observation tokens to append at admission. */
  readonly rPendObs: Float64Array;
  /** Tokens prefilled for the first time at admission. */
  readonly rFresh: Float64Array;
  readonly rAdmit: Float64Array;
  readonly rNextQ: Int32Array;
  readonly rPrevC: Int32Array;
  readonly rNextC: Int32Array;
  readonly rGroup: Int32Array;
  readonly rStartVer: Int32Array;
  readonly freeIds: Int32Array;
  freeTop = 0;

  // Groups (by launch order), in a ring: rollouts not done yet, tokens, versions.
  readonly gcap: number;
  readonly gLeft: Int32Array;
  readonly gTokens: Float64Array;
  /** Causal token pairs of the group's trajectories (Σ L²/2). */
  readonly gPairs: Float64Array;
  readonly gGen: Float64Array;
  readonly gVerMin: Int32Array;
  readonly gVerSum: Float64Array;

  // Engines.
  readonly eTau: Float64Array;
  readonly eLast: Float64Array;
  readonly eStep: Float64Array;
  readonly eNDec: Int32Array;
  readonly eSumCtx: Float64Array;
  readonly eFEnd: Float64Array;
  /** KV in use = eKvConst + eNDec·eTau. */
  readonly eKvConst: Float64Array;
  readonly eHeld: Int32Array;
  readonly eCached: Float64Array;
  readonly eQHead: Int32Array;
  readonly eQTail: Int32Array;
  /** Evictable cache, least recently used first. */
  readonly eCHead: Int32Array;
  readonly eCTail: Int32Array;
  readonly decoding: PackedHeaps;

  readonly acc = new Float64Array(20);
  readonly lagHist = new Float64Array(LAG_BINS);
  /** The event loop's clock: a double passed to a function that is not inlined is boxed, which would allocate on every event. */
  readonly clk = new Float64Array(1);

  /**
   * Two event queues: engines [0, E) and the trainer (E) in a small one, which engines re-key on
   * every decode event; rollouts waiting on a timer (sandbox start, tool, reward) in the other.
   * Hot paths write an event's time into the queue's keys and reorder it (no double argument to box).
   */
  readonly TRAINER: number;
  readonly q: EventQueue;
  readonly timers: EventQueue;

  /** Per engine: seconds of stale KV to recompute after a weight update (interruptible rollouts). */
  readonly recomputeSec: Float64Array;

  /** Paused rollouts, FIFO (partial rollout): they resume after the next weight update. */
  readonly pausedQ: Int32Array;
  pHead = 0;
  pLen = 0;

  /** Complete kept groups not yet trained on (async): their tokens and versions, FIFO. */
  readonly dTokens: Float64Array;
  readonly dPairs: Float64Array;
  readonly dVerMin: Int32Array;
  readonly dVerSum: Float64Array;
  dHead = 0;
  dLen = 0;

  // Counters.
  version = 0;
  /** Rollouts launched (async admission counts them). */
  started = 0;
  /** Sync: rollouts of this phase still to launch. */
  pendingNew = 0;
  /** Sync: rollouts of this phase not yet done. */
  phaseOpen = 0;
  /** Sync: kept groups this phase. */
  phaseKept = 0;
  /** Sync: groups launched this phase not yet complete. */
  phaseGroupsOpen = 0;
  /** Sandboxes alive. */
  live = 0;
  rr = 0;
  trainerBusy = false;
  trainerPhase = TRAINING;
  trainerFreeAt = 0;
  lastCheckpoint = 0;
  trainingsDone = 0;
  completed = 0;
  trainedRollouts = 0;
  failed = 0;
  retried = 0;
  truncated = 0;
  preemptions = 0;
  toolReturns = 0;
  toolHits = 0;
  stepGenStart = 0;
  lastStepEnd = 0;

  // Per step.
  readonly stepSeconds: Float64Array;
  readonly stepRollout: Float64Array;
  readonly stepTrain: Float64Array;
  readonly stepSync: Float64Array;
  readonly stepOverhead: Float64Array;
  readonly stepLongest: Float64Array;
  readonly stepGen: Float64Array;

  readonly onProgress: ((done: number) => void) | undefined;

  constructor(r: ResolvedScenario, onProgress?: (done: number) => void) {
    super(r);
    this.onProgress = onProgress;
    this.rng = new Rng(r.scenario.seed);
    const { E, G, cap, steps } = this;
    this.rState = new Int8Array(cap);
    this.rEngine = new Int32Array(cap);
    this.rTurnsLeft = new Int32Array(cap);
    this.rAction = new Int8Array(cap);
    this.rSummarized = new Int8Array(cap);
    this.rAttempts = new Int32Array(cap);
    this.rPinned = new Int8Array(cap);
    this.rCtx = new Float64Array(cap);
    this.rWant = new Float64Array(cap);
    this.rPiece = new Float64Array(cap);
    this.rSeg = new Float64Array(cap);
    this.rBudget = new Float64Array(cap);
    this.rGen = new Float64Array(cap);
    this.rTraj = new Float64Array(cap);
    this.rMinDecode = new Float64Array(cap);
    this.rTauEnd = new Float64Array(cap);
    this.rCached = new Float64Array(cap);
    this.rSwapped = new Float64Array(cap);
    this.rPendObs = new Float64Array(cap);
    this.rFresh = new Float64Array(cap);
    this.rAdmit = new Float64Array(cap);
    this.rNextQ = new Int32Array(cap);
    this.rPrevC = new Int32Array(cap);
    this.rNextC = new Int32Array(cap);
    this.rGroup = new Int32Array(cap);
    this.rStartVer = new Int32Array(cap);
    this.freeIds = new Int32Array(cap);
    for (let i = cap - 1; i >= 0; i--) this.freeIds[this.freeTop++] = i;

    const gcap = (this.gcap = 2 * Math.ceil(cap / G) + 4);
    this.gLeft = new Int32Array(gcap);
    this.gTokens = new Float64Array(gcap);
    this.gPairs = new Float64Array(gcap);
    this.gGen = new Float64Array(gcap);
    this.gVerMin = new Int32Array(gcap);
    this.gVerSum = new Float64Array(gcap);

    this.eTau = new Float64Array(E);
    this.eLast = new Float64Array(E);
    this.eStep = new Float64Array(E);
    this.eNDec = new Int32Array(E);
    this.eSumCtx = new Float64Array(E);
    this.eFEnd = new Float64Array(E);
    this.eKvConst = new Float64Array(E);
    this.eHeld = new Int32Array(E);
    this.eCached = new Float64Array(E);
    this.eQHead = new Int32Array(E).fill(-1);
    this.eQTail = new Int32Array(E).fill(-1);
    this.eCHead = new Int32Array(E).fill(-1);
    this.eCTail = new Int32Array(E).fill(-1);
    this.decoding = new PackedHeaps(E, this.maxDec, this.rTauEnd);

    this.TRAINER = E;
    this.q = new EventQueue(E + 1);
    this.timers = new EventQueue(cap);
    this.pausedQ = new Int32Array(cap);
    this.recomputeSec = new Float64Array(E);
    this.dTokens = new Float64Array(gcap);
    this.dPairs = new Float64Array(gcap);
    this.dVerMin = new Int32Array(gcap);
    this.dVerSum = new Float64Array(gcap);

    this.stepSeconds = new Float64Array(steps);
    this.stepRollout = new Float64Array(steps);
    this.stepTrain = new Float64Array(steps);
    this.stepSync = new Float64Array(steps);
    this.stepOverhead = new Float64Array(steps);
    this.stepLongest = new Float64Array(steps);
    this.stepGen = new Float64Array(steps);
  }
}
