import type { SimResult, SimScenarioParsed } from '../../shared/cost/schema';
import { buildResult, percentileOf } from './result';
import { resolveScenario } from './scenario';
import { simulate, type DesOutput } from './simulate';

const mean = (a: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  return a.length ? s / a.length : 0;
};

/** Full discrete-event run of a validated scenario → the contract's result (the `simRun` task). */
export function runScenario(scenario: SimScenarioParsed, onProgress?: (done: number) => void): SimResult {
  const r = resolveScenario(scenario);
  const d = simulate(r, onProgress);
  return buildResult(r, desFigures(d));
}

export function desFigures(d: DesOutput) {
  let longest = 0;
  for (let i = 0; i < d.stepLongestMinDecode.length; i++) longest = Math.max(longest, d.stepLongestMinDecode[i]);
  return {
    method: 'discrete-event' as const,
    stepSeconds: d.stepSeconds,
    meanStep: mean(d.stepSeconds),
    p50Step: percentileOf(d.stepSeconds, 50),
    p90Step: percentileOf(d.stepSeconds, 90),
    rolloutSeconds: mean(d.stepRollout),
    trainSeconds: mean(d.stepTrain),
    syncSeconds: mean(d.stepSync) + mean(d.stepOverhead),
    failureSeconds: mean(d.stepFailure),
    wallSeconds: d.wallSeconds,
    generatedTokens: d.generatedTokens,
    trainedTokens: d.trainedTokens,
    wastedTokens: d.wastedTokens,
    rollouts: d.rollouts,
    failedRollouts: d.failedRollouts,
    retriedRollouts: d.retriedRollouts,
    truncatedRollouts: d.truncatedRollouts,
    gpuFailures: d.gpuFailures,
    trainFlops: d.trainFlops,
    decodeEngineSeconds: d.decodeSeconds,
    prefillEngineSeconds: d.prefillSeconds,
    syncEngineSeconds: d.syncFreezeSeconds,
    trainBusySeconds: d.trainSeconds,
    syncBusySeconds: d.syncSeconds,
    longestRolloutMinDecodeSeconds: longest,
    meanDecodingPerEngine: d.decodeSeconds > 0 ? d.decodingSequenceSeconds / d.decodeSeconds : 0,
    preemptions: d.preemptions,
    reprefillTokens: d.reprefillTokens,
    toolCacheHitRate: d.toolReturns > 0 ? d.toolCacheHits / d.toolReturns : 1,
    checkpointSecondsPerStep: d.checkpointSeconds / d.stepSeconds.length,
    evalSecondsPerStep: d.evalSeconds / d.stepSeconds.length,
    generatedPerTrained: d.trainedRollouts > 0 ? d.launchedRollouts / d.trainedRollouts : 1,
    policyLag: { mean: d.lagMean, p99: d.lagP99, max: d.lagMax },
  };
}
