import {
  ESTIMATE_ACCURACY,
  ESTIMATE_REGION_MIN_ROLLOUTS_PER_ENGINE,
  type EstimateRegionReason,
  type GpuName,
  type SimResult,
  type SimScenarioParsed,
} from '../../shared/cost/schema';
import { buildResult, type RunFigures } from './result';
import { resolveScenario, type ResolvedScenario } from './scenario';
import { checkpointedFailures } from './failures';
import { trainStep } from './train';
import { asyncStep } from './estimate/asyncStep';
import { estimateContext, type EstimateContext } from './estimate/context';
import type { Load } from './estimate/load';
import { batchShape, rolloutPhase } from './estimate/rolloutPhase';
import { exceed, type Mixture } from './estimate/mixture';

export { expectedMax, type Mixture } from './estimate/mixture';
export { toolCacheHitRate } from './estimate/load';

/**
 * Closed-form estimate of the simulator's outputs (for live sliders and the calibration's
 * forward model; the bench holds it under 1 ms).
 *
 * 1. Rollout shapes. For a grid of turn counts k, the turn loop is walked with the mean
 *    generated/observation tokens (`walkRollout`), giving tokens, KV traffic Σ token·context
 *    (plus Var/2 per turn that mean tokens miss), prefill work, tool calls and the context held
 *    at each tool call per k; the turn distribution weighs them.
 * 2. Engine load (`load`). An engine holds n = min(S, cap) rollouts; a fraction φ of them is
 *    decoding (the rest wait on tools), so a decode step takes
 *    τ = max(W / B, 2·N_act·n·φ / F) + n·φ·c̄·kv / B (dense GEMMs, then attention; c̄: token-weighted mean context).
 *    Prefill freezes stretch decoding by 1/(1 − ρ), ρ = engine time share spent prefilling.
 *    Free KV during tool calls: the prefix cache gets the pool the decoders leave, and its hit
 *    rate is the least-recently-used characteristic-time (Che) approximation over the tool
 *    latency (`toolCacheHitRate`); a miss re-prefills the context. While rollouts queue for a
 *    place (a batch larger than S per engine) the engine is full and the cache gets the pool
 *    full decoders leave, for that share of the time. φ, τ, ρ and the hit rate are solved by
 *    fixed-point iteration.
 * 3. Rollout duration given k: mean μ_k = decode·τ + tool calls·E[latency] + own prefill,
 *    variance from the per-turn token and latency variances; moment-matched log-normal per k,
 *    capped at the most a k-turn rollout can take (window, tail maxima), mixed over k.
 * 4. Sync step: the expected slowest of the N launched rollouts — alone on an engine at least,
 *    or decoding while the batch around it drains (τ(n(x)) integrated over its tokens, n(x) the
 *    rollouts still longer than x) — plus queueing waves (N − slots)/slots · E[D] when N exceeds
 *    the engines' places; never below the work at the engines' peak rate (every rollout
 *    resident). The bulk's load is the batch's mean residency over the phase by Little's law,
 *    (N/E)·life / phase (estimate/rolloutPhase.ts).
 * 5. Async: every weight update lets one more batch start (the gate allows (v + 1 + s)·N started
 *    rollouts), so batches start one step apart and the trainer starts a step, after waiting w,
 *    once it has P more complete groups. The batches still running then have run w, w + (w + o),
 *    … (o: the training the engines overlap, 0 when colocated; later groups of a batch first
 *    queue for an engine place when N/E > S), and their groups still running may add up to at
 *    most s batches: Σ_j P(group > age_j) ≤ s (a group = the slowest of its G rollouts). By
 *    Little's law n = N·life / (E·(w + o)) rollouts are resident per engine; the step's n is where
 *    that window is just long enough for the tail, else the most the gate ((0.5 + s)·N in flight)
 *    and the KV pool allow. Step = w + train + sync, never above the sync step. The first step
 *    trains on the first P groups of the (1 + s)·P launched: the 1/(1 + s) quantile of a group's
 *    completion; s = 0 is the sync step (estimate/asyncStep.ts).
 * 6. GPU failures add λ·(C/2 + restart) per second of progress (λ = gpus / MTBF).
 * Its distance to the discrete-event result is checked in analytic.test.ts (`ESTIMATE_ACCURACY`).
 */
export function estimateScenario(scenario: SimScenarioParsed): SimResult {
  const r = resolveScenario(scenario);
  return buildResult(r, estimateFigures(r));
}

/**
 * The region the estimate's accuracy was measured on (`ESTIMATE_ACCURACY`, asserted on the
 * seeded grid of estimateGrid.ts in analytic.test.ts). The grid spans `paramsB`, `gpus`, the GPU
 * types, turns up to `turns` (median), tool latency up to `toolSeconds` (median) and contexts up
 * to `contextTokens`; sync runs without partial rollout (the estimate and the simulation treat
 * partial rollout in sync mode differently). Within the grid, three conditions mark where the
 * closed form was measured to fail (on 500 grid scenarios, seeds 1, 2, 3, 5, 7: 88.6 % within
 * ±15 %, 13 beyond ±35 %, worst 0.45; inside the region 265 of them, 94.7 % within ±15 %, none
 * beyond ±35 %, worst 1.26):
 * - KV pressure: the launched rollouts of an engine want more KV at once (decoding ones their
 *   context, those in a tool call their cached context) than its pool holds, `kvDemand` > 1.
 *   The tool cache then thrashes and the simulation re-prefills up to 10–15× the generated
 *   tokens; the estimate's characteristic-time hit rate is too optimistic there (ratios to 0.45).
 * - Fewer than `minRolloutsPerEngine` rollouts of a batch per engine: the step is one or two
 *   rollouts' luck (ratios 0.57–1.53).
 * - More than `maxTruncatedShare` of the rollouts reach the context window (ratios to 1.43).
 */
export const VALIDATED_REGION = {
  paramsB: [1.5, 70],
  gpus: [8, 256],
  gpuTypes: ['H100-SXM', 'H200', 'A100-80G', 'H20'] as readonly GpuName[],
  turns: 16,
  toolSeconds: 10,
  contextTokens: 65536,
  maxKvDemand: 1,
  minRolloutsPerEngine: ESTIMATE_REGION_MIN_ROLLOUTS_PER_ENGINE,
  maxTruncatedShare: 0.5,
} as const;

function estimateRegion(r: ResolvedScenario, kvDemand: number, truncatedShare: number): NonNullable<RunFigures['estimateRegion']> {
  const s = r.scenario;
  const v = VALIDATED_REGION;
  const reasons: EstimateRegionReason[] = [];
  const gpu = typeof s.cluster.gpu === 'string' ? s.cluster.gpu : null;
  const outside =
    s.model.paramsB < v.paramsB[0] ||
    s.model.paramsB > v.paramsB[1] ||
    s.cluster.gpus < v.gpus[0] ||
    s.cluster.gpus > v.gpus[1] ||
    gpu === null ||
    !v.gpuTypes.includes(gpu) ||
    s.rollout.turns.median > v.turns ||
    s.rollout.toolLatencySeconds.median > v.toolSeconds ||
    s.rollout.maxContextTokens > v.contextTokens;
  if (outside) reasons.push('outsideGrid');
  // The schema refuses it; a scenario that bypassed it (an old stored run) is flagged, not estimated as if valid.
  if (s.system.mode === 'sync' && s.system.partialRollout) reasons.push('syncPartialRollout');
  if (kvDemand > v.maxKvDemand) reasons.push('kvPressure');
  if (r.batch / r.engines < v.minRolloutsPerEngine) reasons.push('fewRolloutsPerEngine');
  if (truncatedShare > v.maxTruncatedShare) reasons.push('contextTruncation');
  return { inside: reasons.length === 0, reasons };
}

/** The estimate's expected distance to the discrete-event step time, shown as its error band (`ESTIMATE_ACCURACY`, asserted in analytic.test.ts). */
export const ANALYTIC_ERROR_BAND = ESTIMATE_ACCURACY.band;

/**
 * Policy lag of trained samples, versions (rough; the discrete-event run counts it exactly).
 * Sync: none (every sample is trained by the policy that generated it). Async: a rollout waits
 * about its duration in steps, at most 1 + staleness versions.
 */
function estimateLag(isAsync: boolean, staleness: number, rolloutMean: number, step: number) {
  if (!isAsync) return { mean: 0, p99: 0, max: 0 };
  const bound = Math.ceil(1 + staleness);
  const mean = Math.min(bound, rolloutMean / Math.max(step, 1e-9));
  return { mean, p99: Math.min(bound, Math.ceil(mean * 2)), max: bound };
}

/** The estimate's figures: the rollout phase of a batch, the sync or async step, then the per-step overheads. */
export function estimateFigures(r: ResolvedScenario): RunFigures {
  const c = estimateContext(r);
  const b = batchShape(c);
  let phase = rolloutPhase(c, b);
  let step: number;
  let L: Load;
  if (!c.isAsync) {
    step = phase.batch.rollout + c.trainT + c.sync;
    L = phase.L;
  } else {
    ({ step, L } = asyncStep(c, phase.batch, phase.L));
    if (c.partial) {
      // Interruptible rollouts recompute their KV at every weight update they live through
      // (estimate/load.ts): a second pass with that count from the first pass's step.
      c.updatesLived = updatesLived(c.bulk, step);
      phase = rolloutPhase(c, b);
      ({ step, L } = asyncStep(c, phase.batch, phase.L));
    }
  }
  const rolloutExposed = c.isAsync ? Math.max(0, step - c.trainT - c.sync) : phase.batch.rollout;
  return runFigures(c, L, step, rolloutExposed, b.longestMinDecode, phase.kvDemand);
}

/**
 * Weight updates a rollout lives through in async steady state. Updates come once a step, and a
 * rollout starts when an update opens the gate for its batch ((v + 1 + s)·N started), so one of
 * duration D sees the updates at step, 2·step, … after its start: floor(D / step) of them, whose
 * mean over the bulk's durations is Σ_{k≥1} P(D > k·step).
 */
function updatesLived(bulk: Mixture, step: number): number {
  let sum = 0;
  for (let k = 1; k <= 256; k++) {
    const p = exceed(bulk, k * step);
    sum += p;
    if (p < 1e-6) break;
  }
  return sum;
}

/**
 * Accounting: checkpoints (at the first step end ≥ checkpointMinutes after the last one, and at
 * the end), evaluations and GPU failures are added to the step, then the run's figures.
 */
function runFigures(c: EstimateContext, L: Load, stepCore: number, rolloutExposed: number, longestMinDecode: number, kvDemand: number): RunFigures {
  const { r, N, E, steps, gen, tools, traj, envRetry, trainT, sync, failedFrac, truncated } = c;
  const s = r.scenario;
  const { tau, stretch, nDec, hit } = L;
  let step = stepCore;
  const ckptEvery = Math.max(1, Math.ceil((s.reliability.checkpointMinutes * 60) / step));
  const ckptPerStep = (r.checkpointWriteSeconds * Math.ceil(steps / ckptEvery)) / steps;
  const o = s.overheads;
  const evalPerStep = o.evalEverySteps > 0 ? (o.evalSeconds * Math.floor(steps / o.evalEverySteps)) / steps : 0;
  step += ckptPerStep + evalPerStep;
  const fail = checkpointedFailures(step * steps, r.failureRate, s.reliability.checkpointMinutes * 60, s.reliability.restartMinutes * 60);
  const failure = fail.overheadSeconds / steps;
  const stepTotal = step + failure;
  const decodePerStep = (N * gen * tau * stretch * envRetry) / nDec; // engine-seconds decoding
  return {
    method: 'analytic',
    stepSeconds: [],
    meanStep: stepTotal,
    p50Step: stepTotal,
    p90Step: stepTotal,
    rolloutSeconds: rolloutExposed,
    trainSeconds: trainT,
    syncSeconds: sync + ckptPerStep + evalPerStep,
    failureSeconds: failure,
    wallSeconds: stepTotal * steps,
    generatedTokens: N * gen * envRetry * steps,
    trainedTokens: N * traj * steps,
    wastedTokens: N * gen * (envRetry - 1) * steps,
    rollouts: N * steps * (1 - failedFrac),
    failedRollouts: N * steps * failedFrac,
    retriedRollouts: N * steps * s.rollout.envFailureRate * tools,
    truncatedRollouts: N * steps * truncated,
    gpuFailures: fail.failures,
    trainFlops: trainStep(r.train, N * traj, N * c.trajPairs).flops * steps,
    decodeEngineSeconds: Math.min(decodePerStep, E * step) * steps,
    prefillEngineSeconds: N * (c.prefillSec + L.recompute) * steps,
    syncEngineSeconds: E * sync * steps,
    trainBusySeconds: trainT * steps,
    syncBusySeconds: sync * steps,
    longestRolloutMinDecodeSeconds: longestMinDecode,
    meanDecodingPerEngine: nDec,
    preemptions: 0,
    reprefillTokens: N * steps * ((1 - hit) * tools * c.cBar + L.recomputeTokens),
    toolCacheHitRate: c.keep ? 1 : hit,
    checkpointSecondsPerStep: ckptPerStep,
    evalSecondsPerStep: evalPerStep,
    generatedPerTrained: c.factor * envRetry,
    policyLag: estimateLag(c.isAsync, c.stal, c.bulk.mean, step),
    errorBand: ANALYTIC_ERROR_BAND,
    estimateRegion: estimateRegion(r, kvDemand, truncated),
  };
}
