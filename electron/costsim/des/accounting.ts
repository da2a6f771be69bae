import {
  CKPT,
  DEC_INT,
  DECODE_ACTIVE,
  EVAL,
  GENERATED,
  LAG_BINS,
  LAG_N,
  LAG_SUM,
  PREFILL,
  REPREFILL,
  SYNC_FREEZE,
  TRAIN_FLOPS,
  TRAIN_SECONDS,
  TRAINED,
  WASTED,
  type DesState,
} from './state';

/** What a discrete-event run measured. Units: seconds, tokens, FLOPs. */
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

/** The 99th percentile and the largest policy lag of trained samples, from the lag histogram. */
function lagTail(st: DesState): { lagP99: number; lagMax: number } {
  let lagP99 = -1;
  let lagMax = 0;
  let seen = 0;
  for (let b = 0; b < LAG_BINS; b++) {
    if (st.lagHist[b] === 0) continue;
    lagMax = b;
    seen += st.lagHist[b];
    if (lagP99 < 0 && seen >= 0.99 * st.acc[LAG_N]) lagP99 = b;
  }
  if (lagP99 < 0) lagP99 = 0;
  return { lagP99, lagMax };
}

/** The run's figures, once every step is done and GPU failures are applied (`failures`). */
export function desOutput(st: DesState, failures: { stepFailure: Float64Array; failures: number }): DesOutput {
  const { acc } = st;
  let wall = 0;
  for (let k = 0; k < st.steps; k++) wall += st.stepSeconds[k];
  return {
    stepSeconds: st.stepSeconds,
    stepRollout: st.stepRollout,
    stepTrain: st.stepTrain,
    stepSync: st.stepSync,
    stepOverhead: st.stepOverhead,
    stepFailure: failures.stepFailure,
    stepLongestMinDecode: st.stepLongest,
    stepGeneratedTokens: st.stepGen,
    wallSeconds: wall,
    generatedTokens: acc[GENERATED],
    trainedTokens: acc[TRAINED],
    wastedTokens: acc[WASTED],
    rollouts: st.completed,
    launchedRollouts: st.started,
    trainedRollouts: st.trainedRollouts,
    failedRollouts: st.failed,
    retriedRollouts: st.retried,
    truncatedRollouts: st.truncated,
    gpuFailures: failures.failures,
    trainFlops: acc[TRAIN_FLOPS],
    decodeSeconds: acc[DECODE_ACTIVE],
    prefillSeconds: acc[PREFILL],
    syncFreezeSeconds: acc[SYNC_FREEZE],
    trainSeconds: acc[TRAIN_SECONDS],
    syncSeconds: st.syncSec * st.steps,
    checkpointSeconds: acc[CKPT],
    evalSeconds: acc[EVAL],
    decodingSequenceSeconds: acc[DEC_INT],
    preemptions: st.preemptions,
    reprefillTokens: acc[REPREFILL],
    toolReturns: st.toolReturns,
    toolCacheHits: st.toolHits,
    lagMean: acc[LAG_N] > 0 ? acc[LAG_SUM] / acc[LAG_N] : 0,
    ...lagTail(st),
  };
}
