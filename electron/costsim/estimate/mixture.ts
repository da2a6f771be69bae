import { normCdf } from '../distributions';

/** Trapezoid points over ln x for an expected maximum: 18σ in 64 steps of 0.28σ. */
const EXPECTED_MAX_POINTS = 64;

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

export const mixture = (m: number): Mixture => ({
  mus: new Float64Array(m),
  sig: new Float64Array(m),
  ps: new Float64Array(m),
  caps: new Float64Array(m),
  mean: 0,
});

/** P(D > x) for a mixture. */
export function exceed(d: Mixture, x: number): number {
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
export function mixtureQuantile(d: Mixture, tailProb: number): number {
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
