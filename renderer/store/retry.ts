/** Delay before the n-th automatic retry (n = 0, 1, …) of a failed save or open: 1 s, doubling, at most 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(attempt, 15));
}
