import { decodeStepSeconds } from '../decode';
import { normCdf } from '../distributions';
import type { EstimateContext } from './context';
import { bulkAt, load, type Load } from './load';
import { expectedMax, exceed, mixture, mixtureQuantile, type Mixture } from './mixture';
import { durationParams } from './shapes';

/** Passes of a sync batch's mean load over the rollout phase it gives. */
const SYNC_PASSES = 2;
/** Points of the drain integral over the straggler's tokens. */
const DRAIN_POINTS = 24;

/**
 * A batch of `launched` rollouts starts together (sync; async's first step). What does not
 * depend on the engine load: its slowest rollout alone on an engine (the floor of the phase),
 * that one's decoding alone (no tool time), and the tokens of its longest rollout.
 */
export interface BatchShape {
  launched: number;
  xMaxAlone: number;
  longestMinDecode: number;
  /** Generated tokens per rollout, as a mixture (no time unit). */
  tok: Mixture;
  maxTools: number;
  /** Expected tokens of the longest rollout of the batch. */
  lStar: number;
  /** Trajectory growth per generated token. */
  growth: number;
}

export function batchShape(c: EstimateContext): BatchShape {
  const { r, shapes } = c;
  const ro = r.scenario.rollout;
  const m = shapes.length;
  const launched = c.isAsync ? c.N : c.gate;
  const alone = mixture(m);
  durationParams(r, shapes, null, 1, c.toolMean, c.toolMax, c.fixedPerRollout, alone);
  const xMaxAlone = expectedMax(alone, launched);
  const decodeAlone = mixture(m);
  durationParams(r, shapes, null, 1, 0, 0, 0, decodeAlone);
  const longestMinDecode = mixtureQuantile(decodeAlone, 1 - Math.pow(0.5, 1 / launched));
  const tok = mixture(m);
  let maxTools = 0;
  for (let i = 0; i < m; i++) {
    const { prof, p, varTokens } = shapes[i];
    const g = Math.max(1, prof.generated);
    const v = prof.generated > 0 ? (varTokens * g) / prof.generated : 0;
    const s2 = Math.log(1 + v / (g * g));
    tok.mus[i] = Math.log(g) - s2 / 2;
    tok.sig[i] = Math.sqrt(s2);
    tok.ps[i] = p;
    tok.caps[i] = Math.max(g, Math.min(prof.turns * r.tails.generated.max, ro.maxContextTokens - ro.promptTokens));
    maxTools = Math.max(maxTools, prof.toolCalls);
  }
  const lStar = Math.min(expectedMax(tok, launched), ro.maxContextTokens);
  const growth = c.gen > 0 ? (c.traj - ro.promptTokens) / c.gen : 1;
  return { launched, xMaxAlone, longestMinDecode, tok, maxTools, lStar, growth };
}

/**
 * The slowest rollout decodes while the batch around it drains: when it has generated x tokens,
 * the rollouts of its engine still running are those with more than x tokens, so its per-token
 * time is τ(n(x)) with n(x) = min(decoding cap, resident · φ · P(tokens > x)) and their contexts
 * ≈ prompt + x · (trajectory growth per generated token). Integrated over its tokens L* (the
 * expected maximum of `launched` draws).
 */
function drainSeconds(c: EstimateContext, b: BatchShape, L: Load): number {
  const { r, E, em, keep, kvCap } = c;
  const ro = r.scenario.rollout;
  const { phi, rho, nDec } = L;
  const capDec = keep ? Math.min(r.maxDecoding, kvCap * phi) : Math.min(r.maxDecoding, kvCap);
  const perEngine = Math.max(1, b.launched / E);
  let drain = 0;
  for (let j = 0; j < DRAIN_POINTS; j++) {
    const x = ((j + 0.5) / DRAIN_POINTS) * b.lStar;
    const n = Math.max(1, Math.min(capDec, perEngine * phi * exceed(b.tok, x)));
    const ctx = Math.min(ro.maxContextTokens, ro.promptTokens + x * b.growth);
    // Prefill of the others stretches decoding in proportion to how many are left.
    const rhoX = Math.min(rho, (rho * n) / nDec);
    drain += decodeStepSeconds(em, n, n * ctx) / (1 - rhoX);
  }
  return drain * (b.lStar / DRAIN_POINTS);
}

/**
 * The rollout phase of the batch at engine load L; `c.bulk` must hold L's durations. Its work is
 * decoded no faster than at the engines' peak rate, every launched rollout resident (load
 * `peak`: τ / decoding), with L's prefill share.
 */
export function batchPhase(c: EstimateContext, b: BatchShape, L: Load, peak: Load) {
  const { r, E, gen, tools, envRetry } = c;
  const s = r.scenario;
  const env = s.environment;
  const slots = Math.min(c.sandboxCap, E * L.S);
  const drain = drainSeconds(c, b, L);
  const stragglerTools = Math.min(b.maxTools, gen > 0 ? (tools * b.lStar) / gen : 0);
  const stragglerPrefill = gen > 0 ? (c.prefillSec * b.lStar) / gen : 0;
  // The straggler's later tool calls return to a drained engine: its cache is still there.
  const tail = Math.max(b.xMaxAlone, drain + stragglerTools * c.toolMean + stragglerPrefill + c.fixedPerRollout);
  const waves = b.launched > slots ? ((b.launched - slots) / slots) * c.bulk.mean : 0;
  // Work per step: a batch of rollouts.
  const throughput = (((c.isAsync ? c.N : c.firstWave) / E) * gen * peak.tau * L.stretch) / peak.nDec;
  let rollout = Math.max(tail + waves, throughput) * envRetry;
  if (!c.isAsync && env.dynamicSamplingDropRate > 0) {
    // Another (small) wave when the first kept fewer than promptsPerStep groups: its slowest
    // rollout runs nearly alone. P(kept < P) by the normal approximation of the binomial.
    const groups = c.firstWave / s.rolloutsPerPrompt;
    const keepP = 1 - env.dynamicSamplingDropRate;
    const sd = Math.sqrt(groups * keepP * (1 - keepP));
    const pShort = sd > 0 ? normCdf((s.promptsPerStep - 0.5 - groups * keepP) / sd) : 0;
    rollout += pShort * b.xMaxAlone * envRetry;
  }
  return { rollout, throughput };
}

export type BatchPhase = ReturnType<typeof batchPhase>;

/**
 * The batch's rollout phase at the engines' peak load (every launched rollout resident), then,
 * for a sync batch, at its mean load: a sync batch drains, so by Little's law an engine holds on
 * average (launched / E) × a rollout's life / the rollout phase, which sets the load (KV, cache,
 * prefill) of its bulk. While the batch's last rollouts queue for an engine place,
 * (N/E − S)/S lives, the engine is full: that share of the phase its cache is squeezed.
 * `kvDemand`: the KV the launched rollouts of an engine want at once (decoding ones their
 * context, those in a tool call the cache of theirs) over its pool.
 */
export function rolloutPhase(c: EstimateContext, b: BatchShape) {
  const perEngine = c.gate / c.E;
  const peak = load(c, perEngine);
  const kvDemand = (perEngine * (peak.phi * c.cBar + (1 - peak.phi) * c.toolCtx)) / c.pool;
  let L = peak;
  bulkAt(c, L);
  let batch = batchPhase(c, b, L, peak);
  if (!c.isAsync)
    for (let it = 0; it < SYNC_PASSES; it++) {
      const queued = Math.min(1, ((Math.max(0, perEngine - L.S) / L.S) * L.life) / batch.rollout);
      L = load(c, Math.min(perEngine, perEngine * (L.life / batch.rollout)), queued);
      bulkAt(c, L);
      batch = batchPhase(c, b, L, peak);
    }
  return { peak, kvDemand, L, batch };
}
