import type { SimResult, SimScenarioParsed } from '../../shared/contract/sim';
import { normCdf, tailMean, tailQuantile, tailVariance, turnsPmf } from './distributions';
import { buildResult, type RunFigures } from './result';
import { overflowCode, walkRollout, type RolloutProfile } from './rollout';
import { resolveScenario, type ResolvedScenario } from './scenario';
import { trainStep } from './train';

/**
 * Closed-form estimate of the simulator's outputs (for live sliders; well under 2 ms).
 *
 * 1. Rollout shapes. For a grid of turn counts k, the turn loop is walked with the mean
 *    generated/observation tokens (`walkRollout`), giving tokens, KV traffic Σ token·context,
 *    prefill work and tool calls per k; the turn distribution weighs them.
 * 2. Engine concurrency. Each engine holds n = min(slots, in-flight / engines) rollouts; a
 *    fraction φ of them is decoding (the rest wait on tools), so a decode step takes
 *    τ = max((W + n·φ·c̄·kv) / B, 2·N_act·n·φ / F) (c̄: token-weighted mean context).
 *    φ and τ are solved by fixed-point iteration. Prefill freezes stretch decoding by 1/(1 − ρ),
 *    ρ = engine time share spent prefilling.
 * 3. Rollout duration given k: mean μ_k = decode·τ + tool calls·E[latency] + own prefill,
 *    variance from the per-turn token and latency variances; moment-matched log-normal per k,
 *    mixed over k.
 * 4. Sync step: the slowest of N rollouts, x_b = quantile 0.5^(1/N) of the mixture at bulk
 *    speed. Once fewer rollouts than engines remain (after t_b = quantile 1 − E/N), the
 *    straggler decodes alone (τ_alone = (W + c·kv)/B), so the step's rollout part is
 *    t_b + (1 − t_b/x_b)·x_a; queueing waves add (N − slots)/slots · E[D] when N exceeds slots.
 *    It is never below the throughput bound: (N/E)·E[decode tokens]·τ / (n·φ).
 *    Partial rollout caps it at the time to decode the cut-off (plus its tool calls and one
 *    p99 tool call); a fresh batch joins the carried-over rollouts, so in flight is N·spans
 *    (spans = E[ceil(tokens / cut-off)]), reached linearly over the first `spans` steps.
 * 5. Async: the trainer consumes N rollouts per step while generation runs ahead by
 *    `staleness` batches; in flight decays from (1 + s)·N after a sync to s·N, so by Little's
 *    law steady step = max(train + sync, N·E[D] / min(slots, (0.5 + s)·N) + sync), blended
 *    towards the sync step as staleness → 0; colocated GPUs add training to it. The first step
 *    overlaps nothing and counts as a sync step in the mean.
 * 6. GPU failures add λ·(C/2 + restart) per second of progress (λ = gpus / MTBF).
 * Its distance to the discrete-event result is checked in analytic.test.ts.
 */
export function estimateScenario(scenario: SimScenarioParsed): SimResult {
  const r = resolveScenario(scenario);
  return buildResult(r, estimateFigures(r));
}

interface Shape {
  p: number;
  prof: RolloutProfile;
  /** Per-turn decode tokens variance contribution (tokens²) and tool latency variance (s²). */
  varTokens: number;
  varTool: number;
}

const MAX_GRID = 48;

function rolloutShapes(r: ResolvedScenario): Shape[] {
  const s = r.scenario.rollout;
  const gMean = tailMean(r.tails.generated);
  const oMean = tailMean(r.tails.observation);
  const gVar = tailVariance(r.tails.generated);
  const lVar = tailVariance(r.tails.tool);
  const policy = overflowCode(s.overflow);
  const pmf = turnsPmf(r.tails.turns);
  // Group turn counts into at most MAX_GRID buckets of equal width (represented by their mean k).
  const K = pmf.length;
  const width = Math.ceil(K / MAX_GRID);
  const shapes: Shape[] = [];
  for (let lo = 0; lo < K; lo += width) {
    let p = 0;
    let pk = 0;
    for (let k = lo; k < Math.min(K, lo + width); k++) {
      p += pmf[k];
      pk += pmf[k] * (k + 1);
    }
    if (p < 1e-12) continue;
    const k = Math.max(1, Math.round(pk / p));
    const prof = walkRollout(
      k,
      () => gMean,
      () => oMean,
      s.promptTokens,
      s.maxContextTokens,
      policy,
      s.summaryTokens,
    );
    shapes.push({ p, prof, varTokens: prof.turns * gVar, varTool: prof.toolCalls * lVar });
  }
  return shapes;
}

/** P(D > x) for a mixture of moment-matched log-normals. */
function exceed(mus: Float64Array, sig: Float64Array, ps: Float64Array, x: number): number {
  let out = 0;
  const lx = Math.log(x);
  for (let i = 0; i < ps.length; i++) out += ps[i] * (sig[i] === 0 ? (lx < mus[i] ? 1 : 0) : 1 - normCdf((lx - mus[i]) / sig[i]));
  return out;
}

/** x such that P(D > x) = tailProb, by bisection on log x. */
function mixtureQuantile(mus: Float64Array, sig: Float64Array, ps: Float64Array, tailProb: number): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < ps.length; i++) {
    lo = Math.min(lo, mus[i] - 9 * sig[i]);
    hi = Math.max(hi, mus[i] + 9 * sig[i]);
  }
  for (let it = 0; it < 60; it++) {
    const mid = 0.5 * (lo + hi);
    if (exceed(mus, sig, ps, Math.exp(mid)) > tailProb) lo = mid;
    else hi = mid;
  }
  return Math.exp(0.5 * (lo + hi));
}

/**
 * Log-normal parameters per shape for the duration of one rollout's work within a step, at
 * decode-step time `tau` (seconds per token; null = alone on the engine, from its own context)
 * with decoding stretched by `stretch`. With partial rollout a step covers at most `cutoff`
 * generated tokens of a rollout, so its work (and variance) is scaled down to that share.
 */
function durationParams(
  r: ResolvedScenario,
  shapes: Shape[],
  tau: number | null,
  stretch: number,
  toolMean: number,
  cutoff: number,
  out: { mus: Float64Array; sig: Float64Array; ps: Float64Array; mean: number },
) {
  const e = r.engine;
  out.mean = 0;
  for (let i = 0; i < shapes.length; i++) {
    const { prof, p, varTokens, varTool } = shapes[i];
    const f = prof.generated > cutoff ? cutoff / prof.generated : 1;
    const perToken = tau ?? (e.weightBytes + e.kvBytesPerToken * (prof.kvTokenContext / Math.max(1, prof.generated))) / e.bytesPerSecond;
    const ownPrefill = (e.flopsPerToken * prof.prefillTokens + e.attnFlopsPerTokenPair * prof.prefillPairs) / e.flopsPerSecond;
    const mean = f * (prof.generated * perToken * stretch + prof.toolCalls * toolMean + ownPrefill);
    const variance = f * (varTokens * (perToken * stretch) ** 2 + varTool);
    const s2 = Math.log(1 + variance / (mean * mean));
    out.mus[i] = Math.log(mean) - s2 / 2;
    out.sig[i] = Math.sqrt(s2);
    out.ps[i] = p;
    out.mean += p * mean;
  }
}

export function estimateFigures(r: ResolvedScenario): RunFigures {
  const s = r.scenario;
  const N = r.batch;
  const E = r.engines;
  const S = r.slotsPerEngine;
  const isAsync = s.system.mode === 'async';
  const stal = s.system.staleness;
  const partial = s.system.partialRollout;
  const cutoff = partial ? s.system.partialCutoffTokens : Infinity;
  const em = r.engine;
  const shapes = rolloutShapes(r);
  let totP = 0;
  for (const sh of shapes) totP += sh.p;
  for (const sh of shapes) sh.p /= totP;

  // Mean rollout (per attempt) quantities.
  let gen = 0;
  let kvCtx = 0;
  let tools = 0;
  let traj = 0;
  let prefillSec = 0;
  let truncated = 0;
  let failedFrac = 0;
  for (const { p, prof } of shapes) {
    gen += p * prof.generated;
    kvCtx += p * prof.kvTokenContext;
    tools += p * prof.toolCalls;
    traj += p * (prof.failed ? 0 : prof.trajectory);
    prefillSec += (p * (em.flopsPerToken * prof.prefillTokens + em.attnFlopsPerTokenPair * prof.prefillPairs)) / em.flopsPerSecond;
    if (prof.truncated) truncated += p;
    if (prof.failed) failedFrac += p;
    if (partial && prof.generated > cutoff) {
      // Each pause drops the KV; resuming re-prefills the context (~ its mean over the rollout).
      const pauses = Math.ceil(prof.generated / cutoff) - 1;
      const ctx = prof.kvTokenContext / prof.generated;
      prefillSec += (p * pauses * (em.flopsPerToken * ctx + (em.attnFlopsPerTokenPair * ctx * ctx) / 2)) / em.flopsPerSecond;
    }
  }
  const toolMean = tailMean(r.tails.tool);
  // Sandbox failures restart rollouts: on average half the work is redone per failure.
  const envRetry = 1 + s.rollout.envFailureRate * tools * 0.5;
  const cBar = kvCtx / Math.max(1, gen);

  // Concurrency fixed point.
  // Async: in flight decays from (1 + s)·N after a sync to s·N when the next batch is complete.
  // Sync with partial rollout: a fresh batch joins the rollouts carried over, each spanning
  // ceil(tokens / cut-off) steps on average.
  let spans = 0;
  for (const { p, prof } of shapes) spans += p * Math.max(1, Math.ceil(prof.generated / cutoff));
  const inFlight = isAsync ? Math.min(N * (0.5 + stal), N * s.steps) : N * Math.min(spans, s.steps);
  const resident = Math.min(S, Math.max(1, inFlight / E));
  let phi = 1;
  let tau = 0;
  let rho = 0;
  for (let it = 0; it < 8; it++) {
    const nDec = Math.max(1, resident * phi);
    const mem = (em.weightBytes + em.kvBytesPerToken * nDec * cBar) / em.bytesPerSecond;
    const comp = (em.flopsPerToken * nDec) / em.flopsPerSecond;
    tau = Math.max(mem, comp);
    const decodeTime = (gen * tau) / (1 - rho);
    const life = decodeTime + tools * toolMean + prefillSec;
    phi = decodeTime / life;
    // Share of engine time spent prefilling: resident rollouts each prefill `prefillSec` per lifetime.
    rho = Math.min(0.9, (resident * prefillSec) / life);
  }
  const stretch = 1 / (1 - rho);
  const nDec = Math.max(1, resident * phi);

  const m = shapes.length;
  const bulk = { mus: new Float64Array(m), sig: new Float64Array(m), ps: new Float64Array(m), mean: 0 };
  const alone = { mus: new Float64Array(m), sig: new Float64Array(m), ps: new Float64Array(m), mean: 0 };
  durationParams(r, shapes, tau, stretch, toolMean, isAsync ? Infinity : cutoff, bulk);
  durationParams(r, shapes, null, 1, toolMean, isAsync ? Infinity : cutoff, alone);

  // Sync generation phase.
  const slots = E * S;
  const launched = isAsync ? N : inFlight;
  const xMaxBulk = mixtureQuantile(bulk.mus, bulk.sig, bulk.ps, 1 - Math.pow(0.5, 1 / launched));
  const xMaxAlone = mixtureQuantile(alone.mus, alone.sig, alone.ps, 1 - Math.pow(0.5, 1 / launched));
  // The slowest rollout's decoding alone on an engine (no tool time): the floor of a sync step.
  const decodeAlone = { mus: new Float64Array(m), sig: new Float64Array(m), ps: new Float64Array(m), mean: 0 };
  durationParams(r, shapes, null, 1, 0, isAsync ? Infinity : cutoff, decodeAlone);
  const longestMinDecode = mixtureQuantile(decodeAlone.mus, decodeAlone.sig, decodeAlone.ps, 1 - Math.pow(0.5, 1 / launched));
  const tBulk = launched > E ? mixtureQuantile(bulk.mus, bulk.sig, bulk.ps, E / launched) : 0;
  let tail = tBulk + Math.max(0, 1 - tBulk / xMaxBulk) * xMaxAlone;
  if (!isAsync && partial) {
    // A step holds at most `cutoff` tokens of any rollout: its straggler decodes the cut-off,
    // with the tool calls of that many tokens and one slow (p99) call.
    const gMean = tailMean(r.tails.generated);
    tail = Math.min(tail, cutoff * tau * stretch + (cutoff / gMean) * toolMean + tailQuantile(r.tails.tool, 0.99));
  }
  const waves = launched > slots ? ((launched - slots) / slots) * bulk.mean : 0;
  const throughput = ((N / E) * gen * tau * stretch) / nDec;
  const syncRollout = Math.max(tail + waves, throughput) * envRetry;

  const trainT = trainStep(r.train, N * traj).seconds;
  const sync = r.syncSeconds;
  let rolloutExposed: number;
  let step: number;
  if (!isAsync) {
    // Partial rollout ramps up: step k carries min(k + 1, spans) batches of work.
    let ramp = 1;
    if (partial && spans > 1) {
      let sum = 0;
      for (let k = 0; k < s.steps; k++) sum += Math.min(k + 1, spans) / spans;
      ramp = sum / s.steps;
    }
    rolloutExposed = syncRollout * ramp;
    step = rolloutExposed + trainT + sync;
  } else {
    const conc = Math.min(slots, Math.max(1, inFlight));
    const genPerStep = ((N * bulk.mean) / conc) * envRetry + sync;
    const w = Math.min(1, stal);
    const overlapped = s.cluster.colocated ? genPerStep + trainT : Math.max(trainT + sync, genPerStep);
    const syncStep = syncRollout + trainT + sync;
    const steady = (1 - w) * syncStep + w * Math.min(syncStep, overlapped);
    // The first step has nothing to overlap with: it takes as long as a sync step.
    step = (syncStep + (s.steps - 1) * steady) / s.steps;
    rolloutExposed = Math.max(0, step - trainT - sync);
  }
  const lambda = r.poolGpus / (s.reliability.gpuMtbfHours * 3600);
  const failure = step * lambda * (s.reliability.checkpointMinutes * 30 + s.reliability.restartMinutes * 60);
  const stepTotal = step + failure;
  const steps = s.steps;
  const decodePerStep = (N * gen * tau * stretch * envRetry) / nDec; // engine-seconds decoding
  return {
    method: 'analytic',
    stepSeconds: [],
    meanStep: stepTotal,
    p50Step: stepTotal,
    p90Step: stepTotal,
    rolloutSeconds: rolloutExposed,
    trainSeconds: trainT,
    syncSeconds: sync,
    failureSeconds: failure,
    wallSeconds: stepTotal * steps,
    generatedTokens: N * gen * envRetry * steps,
    trainedTokens: N * traj * steps,
    wastedTokens: N * gen * (envRetry - 1) * steps,
    rollouts: N * steps * (1 - failedFrac),
    failedRollouts: N * steps * failedFrac,
    retriedRollouts: N * steps * s.rollout.envFailureRate * tools,
    truncatedRollouts: N * steps * truncated,
    gpuFailures: lambda * stepTotal * steps,
    trainFlops: trainStep(r.train, N * traj).flops * steps,
    decodeEngineSeconds: Math.min(decodePerStep, E * step) * steps,
    prefillEngineSeconds: N * prefillSec * steps,
    syncEngineSeconds: E * sync * steps,
    trainBusySeconds: trainT * steps,
    syncBusySeconds: sync * steps,
    longestRolloutMinDecodeSeconds: longestMinDecode,
  };
}
