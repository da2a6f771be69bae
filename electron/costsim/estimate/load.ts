import { decodeStepSeconds, prefillWorkSeconds } from '../decode';
import { normCdf, tailMean, type LogNormalTail } from '../distributions';
import type { EstimateContext } from './context';
import { durationParams } from './shapes';

/**
 * Engine load with at most `cap` rollouts resident per engine. Paged KV: decoding sequences
 * hold their context (cBar on average); with `keep`, rollouts in tool calls hold theirs too, so
 * an engine carries S rollouts at once. A fraction φ of the resident rollouts decodes (the rest
 * wait on tools); φ, τ, the prefill share ρ and the cache hit rate are solved by fixed-point
 * iteration. `life`: a rollout's engine-active seconds. While a queue waits (a share `queued`
 * of the time) the engine is full.
 */
export function load(c: EstimateContext, cap: number, queued = 0) {
  const { r, em, keep, kvCap, cBar, pool, tools, toolCtx, gen, toolMean, prefillSec, fixedPerRollout } = c;
  const prefillOf = (ctx: number) => prefillWorkSeconds(em, ctx, (ctx * ctx) / 2, 1);
  // Interruptible rollouts (async partial rollout): each weight update makes the KV of the
  // rollouts resident on an engine stale, and they prefill their context again (des/weightSync.ts).
  // A rollout lives through `c.updatesLived` updates (set by estimateFigures). At those it spends
  // paused (`c.pauses`, re-prefilled already in `prefillSec`) it holds no KV; at the others it is
  // interrupted: decoding ones recompute their context (token-weighted mean c̄), those in a tool
  // call theirs when they return (with free KV only what the cache would have kept, the hit
  // share; misses pay anyway).
  const updates = c.isAsync && c.partial ? Math.max(0, c.updatesLived - c.pauses) : 0;
  let S = 1;
  let phi = 1;
  let tau = 0;
  let rho = 0;
  let hit = 1;
  let reprefill = 0;
  let recompute = 0;
  let recomputeTokens = 0;
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
    reprefill = (1 - hit) * tools * prefillOf(toolCtx);
    const stale = keep ? 1 : hit;
    recompute = updates * (phi * prefillOf(cBar) + (1 - phi) * stale * prefillOf(toolCtx));
    recomputeTokens = updates * (phi * cBar + (1 - phi) * stale * toolCtx);
    reprefill += recompute;
    const decodeTime = (gen * tau) / (1 - rho);
    life = decodeTime + tools * toolMean + prefillSec + reprefill + fixedPerRollout;
    phi = decodeTime / life;
    // Share of engine time spent prefilling: resident rollouts each prefill `prefillSec` per lifetime.
    rho = Math.min(0.9, (resident * (prefillSec + reprefill)) / life);
  }
  return { S, phi, tau, rho, hit, reprefill, recompute, recomputeTokens, resident, life, nDec: Math.max(1, resident * phi), stretch: 1 / (1 - rho) };
}

export type Load = ReturnType<typeof load>;

/** Puts the durations of the bulk of a batch at engine load L into `c.bulk`. */
export function bulkAt(c: EstimateContext, L: Load): void {
  durationParams(c.r, c.shapes, L.tau, L.stretch, c.toolMean, c.toolMax, c.fixedPerRollout + L.reprefill, c.bulk);
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
