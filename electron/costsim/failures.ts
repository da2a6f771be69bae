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
