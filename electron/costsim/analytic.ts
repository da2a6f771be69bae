import {
  ESTIMATE_ACCURACY,
  ESTIMATE_REGION_MIN_ROLLOUTS_PER_ENGINE,
  type EstimateRegionReason,
  type GpuName,
  type SimResult,
  type SimScenarioParsed,
} from '../../shared/contract/sim';
import { decodeStepSeconds } from './decode';
import { normCdf, tailMean, tailQuantile, tailVariance, turnsPmf, type LogNormalTail } from './distributions';
import { buildResult, type RunFigures } from './result';
import { overflowCode, walkRollout, type RolloutProfile } from './rollout';
import { resolveScenario, type ResolvedScenario } from './scenario';
import { checkpointedFailures } from './failures';
import { trainStep } from './train';

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
 *    (N/E)·life / phase. Partial rollout caps the step at the time to decode the cut-off (plus
 *    its tool calls and one p99 tool call); a fresh batch joins the carried-over rollouts, so in
 *    flight is N·spans (spans = E[ceil(tokens / cut-off)]), reached over the first `spans` steps.
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
 *    completion; s = 0 is the sync step.
 * 6. GPU failures add λ·(C/2 + restart) per second of progress (λ = gpus / MTBF).
 * Its distance to the discrete-event result is checked in analytic.test.ts (`ESTIMATE_ACCURACY`).
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
  /** Σ over its tool calls of the context held when the call starts, tokens. */
  toolContext: number;
}

const MAX_GRID = 48;
/** Groups of an async batch (midpoints of equal shares) whose queueing for an engine place is averaged. */
const QUEUE_POINTS = 4;
/** Trapezoid points over ln x for an expected maximum: 18σ in 64 steps of 0.28σ. */
const EXPECTED_MAX_POINTS = 64;
/** Passes of a sync batch's mean load over the rollout phase it gives. */
const SYNC_PASSES = 2;

function rolloutShapes(r: ResolvedScenario): Shape[] {
  const s = r.scenario.rollout;
  const gMean = tailMean(r.tails.generated);
  const oMean = tailMean(r.tails.observation);
  const gVar = tailVariance(r.tails.generated);
  const oVar = tailVariance(r.tails.observation);
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
    // A turn of n tokens reads n·(context + n/2) of KV (an observation of o prefills o·(context +
    // o/2)): with random n its mean is E[n]·context + (E[n]² + Var n)/2, so the walk with mean
    // tokens misses Var/2 per turn (per observation).
    prof.kvTokenContext += (prof.turns * gVar) / 2;
    prof.prefillPairs += (prof.toolCalls * oVar) / 2;
    // Context at each tool call: prompt + the turns generated + the observations before it.
    let toolContext = 0;
    for (let t = 1; t <= prof.toolCalls; t++) toolContext += Math.min(s.maxContextTokens, s.promptTokens + t * gMean + (t - 1) * oMean);
    shapes.push({ p, prof, varTokens: prof.turns * gVar, varTool: prof.toolCalls * lVar, toolContext });
  }
  return shapes;
}

/**
 * A mixture of moment-matched log-normals, one per rollout shape (weight ps), each capped at the
 * most that shape can take (`caps`: the value a draw beyond it takes, as the simulator caps its
 * tails).
 */
export interface Mixture {
  mus: Float64Array;
  sig: Float64Array;
  ps: Float64Array;
  caps: Float64Array;
  mean: number;
}

const mixture = (m: number): Mixture => ({ mus: new Float64Array(m), sig: new Float64Array(m), ps: new Float64Array(m), caps: new Float64Array(m), mean: 0 });

/** P(D > x) for a mixture. */
function exceed(d: Mixture, x: number): number {
  let out = 0;
  const lx = Math.log(x);
  const { mus, sig, ps, caps } = d;
  for (let i = 0; i < ps.length; i++) {
    if (x >= caps[i]) continue;
    out += ps[i] * (sig[i] === 0 ? (lx < mus[i] ? 1 : 0) : 1 - normCdf((lx - mus[i]) / sig[i]));
  }
  return out;
}

/** The range of ln x over which a mixture's mass lies: 9σ below the lowest component to 9σ above the highest (or its cap). */
function logRange(d: Mixture): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < d.ps.length; i++) {
    lo = Math.min(lo, d.mus[i] - 9 * d.sig[i]);
    hi = Math.max(hi, Math.min(d.mus[i] + 9 * d.sig[i], Math.log(d.caps[i])));
  }
  return [Math.min(lo, hi), hi];
}

/** x such that P(D > x) = tailProb, by bisection on log x. */
function mixtureQuantile(d: Mixture, tailProb: number): number {
  let [lo, hi] = logRange(d);
  // 40 halvings of an 18σ range: far below any other error of the estimate.
  for (let it = 0; it < 40; it++) {
    const mid = 0.5 * (lo + hi);
    if (exceed(d, Math.exp(mid)) > tailProb) lo = mid;
    else hi = mid;
  }
  return Math.exp(0.5 * (lo + hi));
}

/**
 * E[max of n independent draws] of a mixture: ∫₀^∞ 1 − (1 − P(D > x))ⁿ dx, by the trapezoid
 * rule over ln x (x·dx/x) across `logRange` (below it the integrand is 1: that part is the
 * range's lower end; above it, 0).
 */
export function expectedMax(d: Mixture, n: number): number {
  const [lo, hi] = logRange(d);
  if (hi - lo < 1e-12) return Math.exp(lo);
  const K = EXPECTED_MAX_POINTS;
  const h = (hi - lo) / K;
  let sum = 0;
  for (let k = 0; k <= K; k++) {
    const x = Math.exp(lo + k * h);
    const f = (1 - Math.pow(1 - exceed(d, x), n)) * x;
    sum += k === 0 || k === K ? f / 2 : f;
  }
  // No draw exceeds the largest cap (the rule's half step at that edge could).
  return Math.min(Math.exp(hi), Math.exp(lo) + sum * h);
}

/**
 * Log-normal parameters per shape for the duration of one rollout's work within a step, at
 * decode-step time `tau` (seconds per token; null = alone on the engine, from its own context)
 * with decoding stretched by `stretch`. With partial rollout a step covers at most `cutoff`
 * generated tokens of a rollout, so its work (and variance) is scaled down to that share. Its
 * cap: every turn at the tail's maximum, but no more tokens than the context window holds, and
 * every tool call at the latency's maximum (`toolMax`).
 */
function durationParams(
  r: ResolvedScenario,
  shapes: Shape[],
  tau: number | null,
  stretch: number,
  toolMean: number,
  toolMax: number,
  cutoff: number,
  extra: number,
  out: Mixture,
) {
  const e = r.engine;
  const ro = r.scenario.rollout;
  out.mean = 0;
  for (let i = 0; i < shapes.length; i++) {
    const { prof, p, varTokens, varTool } = shapes[i];
    const f = prof.generated > cutoff ? cutoff / prof.generated : 1;
    const perToken = tau ?? decodeStepSeconds(e, 1, prof.kvTokenContext / Math.max(1, prof.generated));
    const ownPrefill = (e.flopsPerToken * prof.prefillTokens + e.attnFlopsPerTokenPair * prof.prefillPairs) / e.flopsPerSecond;
    const mean = f * (prof.generated * perToken * stretch + prof.toolCalls * toolMean + ownPrefill + extra);
    const variance = f * (varTokens * (perToken * stretch) ** 2 + varTool);
    const s2 = Math.log(1 + variance / (mean * mean));
    const mostTokens = Math.max(prof.generated, Math.min(prof.turns * r.tails.generated.max, ro.maxContextTokens - ro.promptTokens));
    out.mus[i] = Math.log(mean) - s2 / 2;
    out.sig[i] = Math.sqrt(s2);
    out.ps[i] = p;
    out.caps[i] = Math.max(mean, f * (mostTokens * perToken * stretch + prof.toolCalls * toolMax + ownPrefill + extra));
    out.mean += p * mean;
  }
}

/**
 * Hit rate of the tool-return (prefix) cache under least-recently-used eviction, by the
 * characteristic-time (Che) approximation. A rollout's KV enters the cache when its tool call
 * starts and leaves it when the call returns (a hit) or when newer entries have pushed it out:
 * an entry survives the first T_c seconds, where T_c fills the cache's room with what entered in
 * the last T_c seconds and is still waiting, inflow · E[min(latency, T_c)] = room (inflow: KV
 * tokens per second entering the cache). A call returns to its cache iff its latency < T_c.
 */
export function toolCacheHitRate(roomTokens: number, inflowTokensPerSecond: number, latency: LogNormalTail): number {
  if (inflowTokensPerSecond <= 0 || inflowTokensPerSecond * tailMean(latency) <= roomTokens) return 1;
  if (roomTokens <= 0) return 0;
  const waiting = (t: number) => inflowTokensPerSecond * tailMean({ ...latency, max: Math.min(latency.max, t) });
  let lo = 0;
  let hi = latency.max;
  // 20 halvings of the latency range: T_c to 1e-6 of it.
  for (let it = 0; it < 20; it++) {
    const mid = 0.5 * (lo + hi);
    if (waiting(mid) < roomTokens) lo = mid;
    else hi = mid;
  }
  const t = 0.5 * (lo + hi);
  return latency.sigma === 0 ? (t >= Math.exp(latency.mu) ? 1 : 0) : normCdf((Math.log(t) - latency.mu) / latency.sigma);
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
 * Sync: a rollout spanning k steps (partial rollout) is trained k − 1 versions after it started.
 * Async: a rollout waits about its duration in steps, at most 1 + staleness versions.
 */
function estimateLag(isAsync: boolean, staleness: number, spans: number, rolloutMean: number, step: number) {
  if (!isAsync) return { mean: Math.max(0, spans - 1), p99: Math.max(0, Math.ceil(spans) - 1), max: Math.max(0, Math.ceil(spans) - 1) };
  const bound = Math.ceil(1 + staleness);
  const mean = Math.min(bound, rolloutMean / Math.max(step, 1e-9));
  return { mean, p99: Math.min(bound, Math.ceil(mean * 2)), max: bound };
}

export function estimateFigures(r: ResolvedScenario): RunFigures {
  const s = r.scenario;
  const N = r.batch;
  const E = r.engines;
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
  const toolMax = r.tails.tool.max;
  const env = s.environment;
  // Sandbox start and reward wait: per rollout, no KV held.
  const fixedPerRollout = env.sandboxStartSeconds + env.rewardSeconds;
  // Sandbox failures restart rollouts: on average half the work is redone per failure.
  const envRetry = 1 + s.rollout.envFailureRate * tools * 0.5;
  const cBar = kvCtx / Math.max(1, gen);
  // Mean context a rollout holds when a tool call starts (the KV it leaves in the cache).
  let toolCtxSum = 0;
  for (const { p, toolContext } of shapes) toolCtxSum += p * toolContext;
  const toolCtx = tools > 0 ? toolCtxSum / tools : 0;

  // Concurrency. Sync with partial rollout: a fresh batch joins the rollouts carried over, each
  // spanning ceil(tokens / cut-off) steps on average. Async: the gate admits (v + 1 + s)·N started
  // rollouts; at most (0.5 + s)·N of them are in flight on average. Dynamic sampling launches
  // N / (1 − drop) per batch.
  let spans = 0;
  for (const { p, prof } of shapes) spans += p * Math.max(1, Math.ceil(prof.generated / cutoff));
  const factor = r.samplingFactor;
  const firstWave = Math.ceil(s.promptsPerStep * factor) * s.rolloutsPerPrompt;
  const sandboxCap = env.maxConcurrentSandboxes ?? Infinity;
  const gate = Math.min(sandboxCap, isAsync ? Math.min(N * factor * (0.5 + stal), N * factor * s.steps) : firstWave * Math.min(spans, s.steps));
  const keep = s.cluster.kvDuringTool === 'keep';
  const pool = r.kvPoolTokens;
  const kvCap = pool / Math.max(1, cBar);
  const trainT = trainStep(r.train, N * traj).seconds;
  const sync = r.syncSeconds;
  const m = shapes.length;
  const bulk = mixture(m);

  /**
   * Engine load with at most `cap` rollouts resident per engine. Paged KV: decoding sequences
   * hold their context (cBar on average); with `keep`, rollouts in tool calls hold theirs too, so
   * an engine carries S rollouts at once. A fraction φ of the resident rollouts decodes (the rest
   * wait on tools); φ, τ, the prefill share ρ and the cache hit rate are solved by fixed-point
   * iteration. `life`: a rollout's engine-active seconds.
   */
  const load = (cap: number, queued = 0) => {
    let S = 1;
    let phi = 1;
    let tau = 0;
    let rho = 0;
    let hit = 1;
    let reprefill = 0;
    let resident = 1;
    let life = Infinity;
    for (let it = 0; it < 12; it++) {
      S = Math.max(1, keep ? Math.min(r.maxDecoding / phi, kvCap) : Math.min(r.maxDecoding, kvCap) / phi);
      resident = Math.max(1, Math.min(S, cap));
      const nDec = Math.max(1, resident * phi);
      tau = decodeStepSeconds(em, nDec, nDec * cBar);
      // Free mode: a tool call's KV goes to the evictable cache, which gets the pool the decoders
      // leave (they are admitted and grow by evicting it): the LRU hit rate of `toolCacheHitRate`.
      // A miss prefills the whole context again.
      if (!keep && life < Infinity) {
        hit = toolCacheHitRate(Math.max(0, pool - nDec * cBar), (resident * tools * toolCtx) / life, r.tails.tool);
        // While a queue waits (a share `queued` of the time) the engine is full: S rollouts.
        if (queued > 0) hit = (1 - queued) * hit + queued * toolCacheHitRate(Math.max(0, pool - S * phi * cBar), (S * tools * toolCtx) / life, r.tails.tool);
      }
      reprefill = ((1 - hit) * tools * (em.flopsPerToken * toolCtx + (em.attnFlopsPerTokenPair * toolCtx * toolCtx) / 2)) / em.flopsPerSecond;
      const decodeTime = (gen * tau) / (1 - rho);
      life = decodeTime + tools * toolMean + prefillSec + reprefill + fixedPerRollout;
      phi = decodeTime / life;
      // Share of engine time spent prefilling: resident rollouts each prefill `prefillSec` per lifetime.
      rho = Math.min(0.9, (resident * (prefillSec + reprefill)) / life);
    }
    return { S, phi, tau, rho, hit, reprefill, resident, life, nDec: Math.max(1, resident * phi), stretch: 1 / (1 - rho) };
  };
  type Load = ReturnType<typeof load>;
  const bulkAt = (L: Load) => durationParams(r, shapes, L.tau, L.stretch, toolMean, toolMax, isAsync ? Infinity : cutoff, fixedPerRollout + L.reprefill, bulk);

  // A batch of `launched` rollouts starts together (sync; async's first step). What does not
  // depend on the engine load: its slowest rollout alone on an engine (the floor of the phase),
  // that one's decoding alone (no tool time), and the tokens of its longest rollout.
  const launched = isAsync ? N : gate;
  const alone = mixture(m);
  durationParams(r, shapes, null, 1, toolMean, toolMax, isAsync ? Infinity : cutoff, fixedPerRollout, alone);
  const xMaxAlone = expectedMax(alone, launched);
  const decodeAlone = mixture(m);
  durationParams(r, shapes, null, 1, 0, 0, isAsync ? Infinity : cutoff, 0, decodeAlone);
  const longestMinDecode = mixtureQuantile(decodeAlone, 1 - Math.pow(0.5, 1 / launched));
  const tok = mixture(m);
  let maxTools = 0;
  for (let i = 0; i < m; i++) {
    const { prof, p, varTokens } = shapes[i];
    const g = Math.max(1, Math.min(prof.generated, isAsync ? Infinity : cutoff));
    const v = prof.generated > 0 ? (varTokens * g) / prof.generated : 0;
    const s2 = Math.log(1 + v / (g * g));
    tok.mus[i] = Math.log(g) - s2 / 2;
    tok.sig[i] = Math.sqrt(s2);
    tok.ps[i] = p;
    tok.caps[i] = Math.max(g, Math.min(prof.turns * r.tails.generated.max, s.rollout.maxContextTokens - s.rollout.promptTokens, isAsync ? Infinity : cutoff));
    maxTools = Math.max(maxTools, prof.toolCalls);
  }
  const lStar = Math.min(expectedMax(tok, launched), s.rollout.maxContextTokens);
  const growth = gen > 0 ? (traj - s.rollout.promptTokens) / gen : 1;

  /**
   * The rollout phase of that batch at engine load L; `bulk` must hold L's durations. Its work is
   * decoded no faster than at the engines' peak rate, every launched rollout resident (load
   * `peak`: τ / decoding), with L's prefill share.
   */
  const batchPhase = (L: Load, peak: Load) => {
    const { S, phi, tau, rho, nDec, stretch } = L;
    const slots = Math.min(sandboxCap, E * S);
    // The slowest rollout decodes while the batch around it drains: when it has generated x
    // tokens, the rollouts of its engine still running are those with more than x tokens, so its
    // per-token time is τ(n(x)) with n(x) = min(decoding cap, resident · φ · P(tokens > x)) and
    // their contexts ≈ prompt + x · (trajectory growth per generated token). Integrated over its
    // tokens L* (the expected maximum of `launched` draws), plus its tool calls and prefill.
    const capDec = keep ? Math.min(r.maxDecoding, kvCap * phi) : Math.min(r.maxDecoding, kvCap);
    const perEngine = Math.max(1, launched / E);
    let drain = 0;
    const STEPS = 24;
    for (let j = 0; j < STEPS; j++) {
      const x = ((j + 0.5) / STEPS) * lStar;
      const n = Math.max(1, Math.min(capDec, perEngine * phi * exceed(tok, x)));
      const ctx = Math.min(s.rollout.maxContextTokens, s.rollout.promptTokens + x * growth);
      // Prefill of the others stretches decoding in proportion to how many are left.
      const rhoX = Math.min(rho, (rho * n) / nDec);
      drain += decodeStepSeconds(em, n, n * ctx) / (1 - rhoX);
    }
    drain *= lStar / STEPS;
    const stragglerTools = Math.min(maxTools, gen > 0 ? (tools * lStar) / gen : 0);
    const stragglerPrefill = gen > 0 ? (prefillSec * lStar) / gen : 0;
    // The straggler's later tool calls return to a drained engine: its cache is still there.
    let tail = Math.max(xMaxAlone, drain + stragglerTools * toolMean + stragglerPrefill + fixedPerRollout);
    if (!isAsync && partial) {
      // A step holds at most `cutoff` tokens of any rollout: its straggler decodes the cut-off,
      // with the tool calls of that many tokens and one slow (p99) call.
      const gMean = tailMean(r.tails.generated);
      tail = Math.min(tail, cutoff * tau * stretch + (cutoff / gMean) * toolMean + tailQuantile(r.tails.tool, 0.99));
    }
    const waves = launched > slots ? ((launched - slots) / slots) * bulk.mean : 0;
    // Work per step: a batch of rollouts (carried-over partial rollouts average out to one batch).
    const throughput = (((isAsync ? N : firstWave) / E) * gen * peak.tau * stretch) / peak.nDec;
    let rollout = Math.max(tail + waves, throughput) * envRetry;
    if (!isAsync && env.dynamicSamplingDropRate > 0) {
      // Another (small) wave when the first kept fewer than promptsPerStep groups: its slowest
      // rollout runs nearly alone. P(kept < P) by the normal approximation of the binomial.
      const groups = firstWave / s.rolloutsPerPrompt;
      const keepP = 1 - env.dynamicSamplingDropRate;
      const sd = Math.sqrt(groups * keepP * (1 - keepP));
      const pShort = sd > 0 ? normCdf((s.promptsPerStep - 0.5 - groups * keepP) / sd) : 0;
      rollout += pShort * xMaxAlone * envRetry;
    }
    return { rollout, throughput };
  };

  const peak = load(gate / E);
  // KV the launched rollouts of an engine want at once (decoding ones their context, those in a
  // tool call the cache of theirs) over its pool.
  const kvDemand = ((gate / E) * (peak.phi * cBar + (1 - peak.phi) * toolCtx)) / pool;
  let L = peak;
  bulkAt(L);
  let batch = batchPhase(L, peak);
  if (!isAsync) {
    // A sync batch drains: by Little's law an engine holds on average (launched / E) × a
    // rollout's life / the rollout phase, which sets the load (KV, cache, prefill) of its bulk.
    // While the batch's last rollouts queue for an engine place, (N/E − S)/S lives, the engine
    // is full: that share of the phase its cache is squeezed.
    for (let it = 0; it < SYNC_PASSES; it++) {
      const queued = Math.min(1, ((Math.max(0, gate / E - L.S) / L.S) * L.life) / batch.rollout);
      L = load(Math.min(gate / E, (gate / E) * (L.life / batch.rollout)), queued);
      bulkAt(L);
      batch = batchPhase(L, peak);
    }
  }
  const syncRollout = batch.rollout;
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
    const G = s.rolloutsPerPrompt;
    // The first step trains on the first promptsPerStep groups to complete out of the (1 + s)·P
    // launched: the 1/(1 + s) quantile of a group's completion (the slowest of its G rollouts,
    // P(D ≤ x)^G = 1/(1 + s)), not the slowest rollout of the batch; s = 0 waits for all of them.
    const firstTail = stal > 0 ? 1 - Math.pow(1 / (1 + stal), 1 / G) : 0;
    const firstRollout = firstTail > 0 ? Math.min(syncRollout, Math.max(mixtureQuantile(bulk, firstTail), batch.throughput) * envRetry) : syncRollout;
    const firstStep = firstRollout + trainT + sync;
    // Steady state. Every weight update lets one more batch start, so batches start one step
    // apart, and the trainer starts step k (after waiting w for rollouts) once it has P complete
    // groups more than it trained. Then the batch started at the last update has run w seconds,
    // the one before w + (w + o) (o: the training the engines overlap, 0 when colocated), … and
    // the groups still running may be at most s batches: Σ_{j≥0} P(group > w + j·(w + o)) ≤ s
    // (a group = the slowest of its G rollouts). That is the tail's window w_tail.
    // A batch starts at once: where an engine gets more of it than it can carry (N / E > S), the
    // later groups queue for a place, group u ∈ [0, 1] of the batch by (u·N/E − S) / S lives
    // (the waves of a sync batch); the sum averages over QUEUE_POINTS groups of the batch.
    const overlap = s.cluster.colocated ? 0 : trainT;
    const delays = new Float64Array(QUEUE_POINTS);
    const owed = (w: number) => {
      let sum = 0;
      for (let j = 0; j <= 256; j++) {
        let pj = 0;
        for (let k = 0; k < QUEUE_POINTS; k++) {
          const age = w + j * (w + overlap) - delays[k];
          pj += age > 0 ? 1 - Math.pow(1 - exceed(bulk, age), G) : 1;
        }
        pj /= QUEUE_POINTS;
        sum += pj;
        // Only the comparison with s matters: stop once it is decided.
        if (pj < 1e-4 || sum > stal) break;
      }
      return sum;
    };
    const tailWindow = () => {
      if (owed(1e-9) <= stal) return 0;
      let hi = Math.max(bulk.mean, 1e-6);
      for (let k = 0; k < 40 && owed(hi) > stal; k++) hi *= 2;
      let lo = 0;
      // 14 halvings: 6e-5 of the bracket, far below the estimate's other errors.
      for (let it = 0; it < 14; it++) {
        const mid = 0.5 * (lo + hi);
        if (owed(mid) <= stal) hi = mid;
        else lo = mid;
      }
      return hi;
    };
    // Little's law: rollouts start at the rate the trainer takes them, N per step, and each is
    // active for `life` seconds, so n per engine are resident when the engines are active
    // N·life/(E·n) seconds per step: a window w_thr = N·life/(E·n) − o. A larger n gives a
    // longer tail window and a shorter w_thr; the step's n is where they meet (w_thr is long
    // enough for the tail: owed(w_thr) ≤ s), or the most the gate and the KV pool allow when the
    // tail never catches up (engine-bound).
    const trial = (n: number) => {
      L = load(n);
      // The last group of a batch queues (N/E − S)/S lives: that share of the engines' active
      // time per step they are full, with the cache squeezed (at most all of it).
      const queueing = (Math.max(0, (N * factor) / E - L.S) / L.S) * L.life;
      if (queueing > 0) L = load(n, Math.min(1, queueing / Math.max((N * factor * L.life) / (E * L.resident), 1e-9)));
      bulkAt(L);
      for (let k = 0; k < QUEUE_POINTS; k++) delays[k] = (Math.max(0, (((k + 0.5) / QUEUE_POINTS) * N * factor) / E - L.S) / L.S) * L.life;
      const wThr = (N * factor * L.life) / (E * L.resident) - overlap;
      return { wThr, ok: owed(Math.max(wThr, 1e-9)) <= stal };
    };
    const nMax = Math.max(1, gate / E);
    let t = trial(nMax);
    let window = t.wThr;
    if (!t.ok) {
      t = trial(1);
      if (!t.ok) window = tailWindow();
      else {
        let lo = 0;
        let hi = Math.log(nMax);
        // 8 halvings of ln n: n to 0.4 % of ln(nMax).
        for (let it = 0; it < 8; it++) {
          const mid = 0.5 * (lo + hi);
          if (trial(Math.exp(mid)).ok) lo = mid;
          else hi = mid;
        }
        t = trial(Math.exp(0.5 * (lo + hi)));
        window = t.wThr;
      }
    }
    window = Math.max(0, window) * envRetry;
    const steady = Math.min(syncRollout + trainT + sync, window + trainT + sync);
    // The first step has nothing to overlap with: it takes as long as a sync step.
    step = (firstStep + (s.steps - 1) * Math.min(steady, Math.max(firstStep, steady))) / s.steps;
    rolloutExposed = Math.max(0, step - trainT - sync);
  }
  const { tau, stretch, nDec, hit } = L;
  const steps = s.steps;
  // Checkpoints: at the first step end ≥ checkpointMinutes after the last one, and at the end.
  const ckptEvery = Math.max(1, Math.ceil((s.reliability.checkpointMinutes * 60) / step));
  const ckptPerStep = (r.checkpointWriteSeconds * Math.ceil(steps / ckptEvery)) / steps;
  const o = s.overheads;
  const evalPerStep = o.evalEverySteps > 0 ? (o.evalSeconds * Math.floor(steps / o.evalEverySteps)) / steps : 0;
  step += ckptPerStep + evalPerStep;
  const lambda = r.failureRate;
  const fail = checkpointedFailures(step * steps, lambda, s.reliability.checkpointMinutes * 60, s.reliability.restartMinutes * 60);
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
    trainFlops: trainStep(r.train, N * traj).flops * steps,
    decodeEngineSeconds: Math.min(decodePerStep, E * step) * steps,
    prefillEngineSeconds: N * prefillSec * steps,
    syncEngineSeconds: E * sync * steps,
    trainBusySeconds: trainT * steps,
    syncBusySeconds: sync * steps,
    longestRolloutMinDecodeSeconds: longestMinDecode,
    meanDecodingPerEngine: nDec,
    preemptions: 0,
    reprefillTokens: N * steps * (1 - hit) * tools * cBar,
    toolCacheHitRate: keep ? 1 : hit,
    checkpointSecondsPerStep: ckptPerStep,
    evalSecondsPerStep: evalPerStep,
    generatedPerTrained: factor * envRetry,
    policyLag: estimateLag(isAsync, stal, partial ? spans : 1, bulk.mean, step),
    errorBand: ANALYTIC_ERROR_BAND,
    estimateRegion: estimateRegion(r, kvDemand, truncated),
  };
}
