import { tailMean } from '../distributions';
import { prefillWorkSeconds, type EngineModel } from '../decode';
import type { ResolvedScenario } from '../scenario';
import { trainStep } from '../train';
import { mixture, type Mixture } from './mixture';
import { rolloutShapes, type Shape } from './shapes';

/**
 * What every phase of the estimate reads: the scenario's constants, its rollout shapes and the
 * mean rollout (per attempt), built once per estimate. `bulk` holds the durations of the bulk
 * of a batch at the engine load last solved for (see `bulkAt`).
 */
export interface EstimateContext {
  r: ResolvedScenario;
  N: number;
  E: number;
  G: number;
  steps: number;
  isAsync: boolean;
  stal: number;
  partial: boolean;
  cutoff: number;
  em: EngineModel;
  shapes: Shape[];
  /** Mean rollout: generated tokens, Σ token·context, tool calls, trajectory (trained) tokens. */
  gen: number;
  kvCtx: number;
  tools: number;
  traj: number;
  /** Mean causal token pairs of a trained trajectory, E[L²]/2 (failed ones 0). */
  trajPairs: number;
  /** Mean own prefill seconds of a rollout (incl. re-prefill after partial-rollout pauses). */
  prefillSec: number;
  /** Mean partial-rollout pauses of a rollout (each resumes after a weight update, re-prefilling its context). */
  pauses: number;
  truncated: number;
  failedFrac: number;
  toolMean: number;
  toolMax: number;
  /** Sandbox start and reward wait: per rollout, no KV held. */
  fixedPerRollout: number;
  /** Sandbox failures restart rollouts: on average half the work is redone per failure. */
  envRetry: number;
  /** Token-weighted mean context. */
  cBar: number;
  /** Mean context a rollout holds when a tool call starts (the KV it leaves in the cache). */
  toolCtx: number;
  factor: number;
  firstWave: number;
  sandboxCap: number;
  /** Rollouts in flight at once: sync, the first wave; async, at most (0.5 + s)·N on average. */
  gate: number;
  keep: boolean;
  pool: number;
  kvCap: number;
  trainT: number;
  sync: number;
  bulk: Mixture;
  /** Weight updates a rollout lives through (interruptible rollouts): set by a first pass of the estimate, else 0. */
  updatesLived: number;
}

/** Mean per-attempt quantities of a rollout over the shapes (weights normalized here). */
function meanRollout(r: ResolvedScenario, shapes: Shape[], partial: boolean, cutoff: number) {
  const em = r.engine;
  let totP = 0;
  for (const sh of shapes) totP += sh.p;
  for (const sh of shapes) sh.p /= totP;
  let gen = 0;
  let kvCtx = 0;
  let tools = 0;
  let traj = 0;
  let trajSq = 0;
  let prefillSec = 0;
  let truncated = 0;
  let failedFrac = 0;
  let pauses = 0;
  for (const { p, prof, varTokens } of shapes) {
    gen += p * prof.generated;
    kvCtx += p * prof.kvTokenContext;
    tools += p * prof.toolCalls;
    traj += p * (prof.failed ? 0 : prof.trajectory);
    // E[L²] = mean² + variance (of the generated tokens; observations' spread is not kept per shape).
    trajSq += p * (prof.failed ? 0 : prof.trajectory * prof.trajectory + varTokens);
    // One prefill pass for the prompt and one per tool return.
    prefillSec += p * prefillWorkSeconds(em, prof.prefillTokens, prof.prefillPairs, 1 + prof.toolCalls);
    if (prof.truncated) truncated += p;
    if (prof.failed) failedFrac += p;
    if (partial && prof.generated > cutoff) {
      // Each pause drops the KV; resuming re-prefills the context (~ its mean over the rollout).
      const n = Math.ceil(prof.generated / cutoff) - 1;
      const ctx = prof.kvTokenContext / prof.generated;
      prefillSec += p * n * prefillWorkSeconds(em, ctx, (ctx * ctx) / 2, 1);
      pauses += p * n;
    }
  }
  let toolCtxSum = 0;
  for (const { p, toolContext } of shapes) toolCtxSum += p * toolContext;
  const toolCtx = tools > 0 ? toolCtxSum / tools : 0;
  return { gen, kvCtx, tools, traj, trajPairs: trajSq / 2, prefillSec, truncated, failedFrac, toolCtx, pauses };
}

export function estimateContext(r: ResolvedScenario): EstimateContext {
  const s = r.scenario;
  const N = r.batch;
  const isAsync = s.system.mode === 'async';
  const stal = s.system.staleness;
  // Partial rollout is async only (the schema refuses it in sync mode).
  const partial = s.system.partialRollout;
  const cutoff = partial ? s.system.partialCutoffTokens : Infinity;
  const shapes = rolloutShapes(r);
  const m = meanRollout(r, shapes, partial, cutoff);
  const env = s.environment;
  const factor = r.samplingFactor;
  const firstWave = Math.ceil(s.promptsPerStep * factor) * s.rolloutsPerPrompt;
  const sandboxCap = env.maxConcurrentSandboxes ?? Infinity;
  // Async: the gate admits (v + 1 + s)·N started rollouts; at most (0.5 + s)·N of them are in
  // flight on average. Dynamic sampling launches N / (1 − drop) per batch.
  const gate = Math.min(sandboxCap, isAsync ? Math.min(N * factor * (0.5 + stal), N * factor * s.steps) : firstWave);
  const cBar = m.kvCtx / Math.max(1, m.gen);
  return {
    r,
    N,
    E: r.engines,
    G: s.rolloutsPerPrompt,
    steps: s.steps,
    isAsync,
    stal,
    partial,
    cutoff,
    em: r.engine,
    shapes,
    ...m,
    toolMean: tailMean(r.tails.tool),
    toolMax: r.tails.tool.max,
    fixedPerRollout: env.sandboxStartSeconds + env.rewardSeconds,
    envRetry: 1 + s.rollout.envFailureRate * m.tools * 0.5,
    cBar,
    factor,
    firstWave,
    sandboxCap,
    gate,
    keep: s.cluster.kvDuringTool === 'keep',
    pool: r.kvPoolTokens,
    kvCap: r.kvPoolTokens / Math.max(1, cBar),
    trainT: trainStep(r.train, N * m.traj, N * m.trajPairs).seconds,
    sync: r.syncSeconds,
    bulk: mixture(shapes.length),
    updatesLived: 0,
  };
}
