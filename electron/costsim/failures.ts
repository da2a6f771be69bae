import type { Rng } from '../engine/rng';
import { SimInputError } from './scenario';

/**
 * Expected extra wall seconds to complete `workSeconds` of failure-free work that is lost
 * entirely on a failure (no checkpoint inside it), with failures a Poisson process of rate
 * `failuresPerSecond` over up-time and `restartSeconds` after each. The number of failures
 * before a failure-free stretch of W is geometric with mean e^{λW} − 1; each loses on average
 * E[X | X < W] of work plus the restart, so the expected wall time is (1/λ + R)(e^{λW} − 1) and
 * the overhead is that minus W (≈ λW(W/2 + R) when failures are rare).
 */
export function restartOverheadSeconds(workSeconds: number, failuresPerSecond: number, restartSeconds: number): number {
  const l = failuresPerSecond;
  const W = workSeconds;
  if (!(l > 0) || !(W > 0)) return 0;
  const x = l * W;
  // expm1(x)/l − W loses every digit when x is tiny: use the series x²/2 + x³/6 + … instead.
  const lost = x < 1e-4 ? W * x * (0.5 + x / 6 + (x * x) / 24) : Math.expm1(x) / l - W;
  return lost + restartSeconds * Math.expm1(x);
}

/** Expected failures while completing `workSeconds` that restart from its start on a failure: e^{λW} − 1. */
export function restartFailures(workSeconds: number, failuresPerSecond: number): number {
  return failuresPerSecond > 0 && workSeconds > 0 ? Math.expm1(failuresPerSecond * workSeconds) : 0;
}

/**
 * Expected failure overhead of a run of `workSeconds` failure-free seconds with a checkpoint
 * every `checkpointSeconds` of progress (the discrete-event model's rule: a failure rolls back
 * to the last multiple of the interval). Each interval is lost entirely on a failure inside it,
 * so the run is ⌊W/C⌋ intervals of C and one of the remainder, each by `restartOverheadSeconds`.
 * An interval at least as long as the run means no checkpoint: one interval of W, every failure
 * restarting from the start.
 */
export function checkpointedFailures(
  workSeconds: number,
  failuresPerSecond: number,
  checkpointSeconds: number,
  restartSeconds: number,
): { overheadSeconds: number; failures: number } {
  const W = Math.max(0, workSeconds);
  const C = Math.min(Math.max(checkpointSeconds, 0), W);
  const full = C > 0 ? Math.floor(W / C) : 0;
  const rest = W - full * C;
  const overheadSeconds = full * restartOverheadSeconds(C, failuresPerSecond, restartSeconds) + restartOverheadSeconds(rest, failuresPerSecond, restartSeconds);
  const failures = full * restartFailures(C, failuresPerSecond) + restartFailures(rest, failuresPerSecond);
  if (!(failures <= MAX_FAILURES) || !Number.isFinite(overheadSeconds)) throw tooFrequentFailures();
  return { overheadSeconds, failures };
}

/** More failures than this in one run: the run cannot make progress (both models refuse it). */
export const MAX_FAILURES = 1_000_000;

export function tooFrequentFailures(): SimInputError {
  return new SimInputError(
    'reliability.gpuMtbfHours',
    'GPU failures are so frequent that the run cannot make progress: raise MTBF or checkpoint more often.',
    'sim_failures_too_frequent',
  );
}

/**
 * Failures over a failure-free timeline of steps (modified in place: each step's seconds grow
 * by the overhead of the failures that hit it). Failures form a Poisson process in up-time with
 * `failuresPerSecond` (GPUs / (MTBF · 3600), plus spot interruptions). A failure at progress
 * position f (seconds of failure-free work) rolls back to the last checkpoint
 * c = floor(f / C) · C and costs (f − c) + restart seconds; work resumes from c. An interval
 * beyond the run puts c at 0: every failure restarts the run from its start (`checkpointedFailures`
 * gives the expectation the estimate uses).
 */
export function applyGpuFailures(
  stepSeconds: Float64Array,
  failuresPerSecond: number,
  rel: { checkpointMinutes: number; restartMinutes: number },
  rng: Rng,
): { stepFailure: Float64Array; failures: number } {
  const n = stepSeconds.length;
  const stepFailure = new Float64Array(n);
  const ends = new Float64Array(n);
  let total = 0;
  for (let k = 0; k < n; k++) ends[k] = total += stepSeconds[k];
  const meanGap = 1 / failuresPerSecond;
  const C = rel.checkpointMinutes * 60;
  const R = rel.restartMinutes * 60;
  let pos = 0;
  let failures = 0;
  let k = 0;
  for (;;) {
    const f = pos + rng.exponential(meanGap);
    if (f >= total) break;
    if (++failures > MAX_FAILURES) throw tooFrequentFailures();
    const c = Math.floor(f / C) * C;
    while (k > 0 && ends[k - 1] > f) k--;
    while (ends[k] <= f) k++;
    stepFailure[k] += f - c + R;
    pos = c;
  }
  for (let i = 0; i < n; i++) stepSeconds[i] += stepFailure[i];
  return { stepFailure, failures };
}
