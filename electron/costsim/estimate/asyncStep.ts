import type { EstimateContext } from './context';
import { bulkAt, load, type Load } from './load';
import { exceed, mixtureQuantile } from './mixture';
import type { BatchPhase } from './rolloutPhase';

/** Groups of an async batch (midpoints of equal shares) whose queueing for an engine place is averaged. */
const QUEUE_POINTS = 4;

/**
 * Async. The first step trains on the first promptsPerStep groups to complete out of the
 * (1 + s)·P launched: the 1/(1 + s) quantile of a group's completion (the slowest of its G
 * rollouts, P(D ≤ x)^G = 1/(1 + s)), not the slowest rollout of the batch; s = 0 waits for all.
 * Steady state: every weight update lets one more batch start, so batches start one step apart,
 * and the trainer starts step k (after waiting w for rollouts) once it has P complete groups
 * more than it trained. Then the batch started at the last update has run w seconds, the one
 * before w + (w + o) (o: the training the engines overlap, 0 when colocated), … and the groups
 * still running may be at most s batches: Σ_{j≥0} P(group > w + j·(w + o)) ≤ s. That is the
 * tail's window w_tail. A batch starts at once: where an engine gets more of it than it can
 * carry (N / E > S), the later groups queue for a place, group u ∈ [0, 1] of the batch by
 * (u·N/E − S) / S lives (the waves of a sync batch); the sum averages over QUEUE_POINTS groups.
 * Returns the mean step (without checkpoints, evaluation and failures) and the load it ran at.
 */
export function asyncStep(c: EstimateContext, batch: BatchPhase, L0: Load): { step: number; L: Load } {
  const { G, stal, trainT, sync, envRetry, bulk } = c;
  const syncRollout = batch.rollout;
  const firstTail = stal > 0 ? 1 - Math.pow(1 / (1 + stal), 1 / G) : 0;
  const firstRollout = firstTail > 0 ? Math.min(syncRollout, Math.max(mixtureQuantile(bulk, firstTail), batch.throughput) * envRetry) : syncRollout;
  const firstStep = firstRollout + trainT + sync;
  const overlap = c.r.scenario.cluster.colocated ? 0 : trainT;
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
  const fit = steadyWindow(c, owed, delays, L0);
  const window = Math.max(0, fit.window) * envRetry;
  const steady = Math.min(syncRollout + trainT + sync, window + trainT + sync);
  // The first step has nothing to overlap with: it takes as long as a sync step.
  const step = (firstStep + (c.steps - 1) * Math.min(steady, Math.max(firstStep, steady))) / c.steps;
  return { step, L: fit.L };
}

/**
 * Little's law: rollouts start at the rate the trainer takes them, N per step, and each is
 * active for `life` seconds, so n per engine are resident when the engines are active
 * N·life/(E·n) seconds per step: a window w_thr = N·life/(E·n) − o. A larger n gives a longer
 * tail window and a shorter w_thr; the step's n is where they meet (w_thr is long enough for the
 * tail: owed(w_thr) ≤ s), or the most the gate and the KV pool allow when the tail never catches
 * up (engine-bound). `delays` is filled with the queueing of the batch's groups at each trial load.
 */
function steadyWindow(c: EstimateContext, owed: (w: number) => number, delays: Float64Array, L0: Load): { window: number; L: Load } {
  const { N, E, factor, stal, bulk } = c;
  const overlap = c.r.scenario.cluster.colocated ? 0 : c.trainT;
  let L = L0;
  const trial = (n: number) => {
    L = load(c, n);
    // The last group of a batch queues (N/E − S)/S lives: that share of the engines' active
    // time per step they are full, with the cache squeezed (at most all of it).
    const queueing = (Math.max(0, (N * factor) / E - L.S) / L.S) * L.life;
    if (queueing > 0) L = load(c, n, Math.min(1, queueing / Math.max((N * factor * L.life) / (E * L.resident), 1e-9)));
    bulkAt(c, L);
    for (let k = 0; k < QUEUE_POINTS; k++) delays[k] = (Math.max(0, (((k + 0.5) / QUEUE_POINTS) * N * factor) / E - L.S) / L.S) * L.life;
    const wThr = (N * factor * L.life) / (E * L.resident) - overlap;
    return { wThr, ok: owed(Math.max(wThr, 1e-9)) <= stal };
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
  const nMax = Math.max(1, c.gate / E);
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
  return { window, L };
}
