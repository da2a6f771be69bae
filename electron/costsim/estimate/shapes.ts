import { decodeStepSeconds, prefillWorkSeconds } from '../decode';
import { tailMean, tailVariance, turnsPmf } from '../distributions';
import { overflowCode, walkRollout, type RolloutProfile } from '../rollout';
import type { ResolvedScenario } from '../scenario';
import type { Mixture } from './mixture';

/** A rollout shape: a group of turn counts walked with mean tokens, and its weight. */
export interface Shape {
  p: number;
  prof: RolloutProfile;
  /** Per-turn decode tokens variance contribution (tokens²) and tool latency variance (s²). */
  varTokens: number;
  varTool: number;
  /** Σ over its tool calls of the context held when the call starts, tokens. */
  toolContext: number;
}

/** Most turn-count buckets walked. */
const MAX_GRID = 48;

export function rolloutShapes(r: ResolvedScenario): Shape[] {
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
 * Log-normal parameters per shape for the duration of one rollout's work within a step, at
 * decode-step time `tau` (seconds per token; null = alone on the engine, from its own context)
 * with decoding stretched by `stretch`. Its cap: every turn at the tail's maximum, but no more
 * tokens than the context window holds, and every tool call at the latency's maximum (`toolMax`).
 */
export function durationParams(
  r: ResolvedScenario,
  shapes: Shape[],
  tau: number | null,
  stretch: number,
  toolMean: number,
  toolMax: number,
  extra: number,
  out: Mixture,
) {
  const e = r.engine;
  const ro = r.scenario.rollout;
  out.mean = 0;
  for (let i = 0; i < shapes.length; i++) {
    const { prof, p, varTokens, varTool } = shapes[i];
    const perToken = tau ?? decodeStepSeconds(e, 1, prof.kvTokenContext / Math.max(1, prof.generated));
    const ownPrefill = prefillWorkSeconds(e, prof.prefillTokens, prof.prefillPairs, 1 + prof.toolCalls);
    const mean = prof.generated * perToken * stretch + prof.toolCalls * toolMean + ownPrefill + extra;
    const variance = varTokens * (perToken * stretch) ** 2 + varTool;
    const s2 = Math.log(1 + variance / (mean * mean));
    const mostTokens = Math.max(prof.generated, Math.min(prof.turns * r.tails.generated.max, ro.maxContextTokens - ro.promptTokens));
    out.mus[i] = Math.log(mean) - s2 / 2;
    out.sig[i] = Math.sqrt(s2);
    out.ps[i] = p;
    out.caps[i] = Math.max(mean, mostTokens * perToken * stretch + prof.toolCalls * toolMax + ownPrefill + extra);
    out.mean += p * mean;
  }
}
