/**
 * Random numbers and the long-tailed distributions of the simulator.
 *
 * A tail is given as (median, p99, max): a log-normal X with
 *   mu = ln(median),  sigma = (ln(p99) − mu) / z99,  z99 = Φ⁻¹(0.99) = 2.3263478740,
 * sampled as min(max, exp(mu + sigma·Z)) with Z standard normal (the engine's ziggurat, electron/engine/rng.ts).
 */

import type { Rng } from '../engine/rng';

export const Z99 = 2.326347874;

export interface TailSpec {
  median: number;
  p99: number;
  max: number;
}

export interface LogNormalTail {
  mu: number;
  sigma: number;
  max: number;
}

export function fitTail(t: TailSpec): LogNormalTail {
  const mu = Math.log(t.median);
  const sigma = Math.max(0, (Math.log(t.p99) - mu) / Z99);
  return { mu, sigma, max: t.max };
}

/** Capped log-normal sample. */
export function drawTail(rng: Rng, t: LogNormalTail): number {
  const x = t.sigma === 0 ? Math.exp(t.mu) : Math.exp(t.mu + t.sigma * rng.normal());
  return x < t.max ? x : t.max;
}

/** Beyond ±SATURATED the formula below gives exactly 1 or 0 (its last term is under half an ulp of 1 from |x| ≈ 8.38). */
const SATURATED = 10;

/** Standard normal CDF Φ(x) (Abramowitz–Stegun 7.1.26 erf, |error| < 1.5e-7). */
export function normCdf(x: number): number {
  // The far tails, hot in the estimate's mixtures, skip the exponential: the same values.
  if (x > SATURATED) return 1;
  if (x < -SATURATED) return 0;
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/** Inverse standard normal CDF Φ⁻¹(p) (Acklam's rational approximation, relative error < 1.2e-9). */
export function normInv(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const pl = 0.02425;
  if (p < pl) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - pl) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/** q-quantile of a capped log-normal. */
export function tailQuantile(t: LogNormalTail, q: number): number {
  return Math.min(t.max, Math.exp(t.mu + t.sigma * normInv(q)));
}

/**
 * k-th raw moment E[min(X, max)^k] of a capped log-normal (k = 1, 2):
 *   E[X^k; X < m] = exp(kμ + k²σ²/2) · Φ((ln m − μ − kσ²)/σ),  plus  m^k · P(X ≥ m).
 */
export function tailMoment(t: LogNormalTail, k: 1 | 2): number {
  const { mu, sigma, max } = t;
  if (sigma === 0) return Math.min(max, Math.exp(mu)) ** k;
  const lm = Math.log(max);
  const below = Math.exp(k * mu + 0.5 * k * k * sigma * sigma) * normCdf((lm - mu - k * sigma * sigma) / sigma);
  const above = max ** k * (1 - normCdf((lm - mu) / sigma));
  return below + above;
}

export function tailMean(t: LogNormalTail): number {
  return tailMoment(t, 1);
}

export function tailVariance(t: LogNormalTail): number {
  const m = tailMoment(t, 1);
  return Math.max(0, tailMoment(t, 2) - m * m);
}

/** Turns are integers >= 1: round(min(max, X)), at least 1. */
export function sampleTurns(rng: Rng, t: LogNormalTail): number {
  const x = Math.round(drawTail(rng, t));
  return x < 1 ? 1 : x;
}

/**
 * Probability mass of the integer turn count round(min(max, X)) clamped at >= 1, for
 * k = 1..maxTurns (index k−1). Used by the analytic estimate.
 */
export function turnsPmf(t: LogNormalTail): Float64Array {
  const kmax = Math.max(1, Math.round(t.max));
  const pmf = new Float64Array(kmax);
  if (t.sigma === 0) {
    pmf[Math.max(1, Math.round(Math.min(t.max, Math.exp(t.mu)))) - 1] = 1;
    return pmf;
  }
  const cdf = (x: number) => (x <= 0 ? 0 : normCdf((Math.log(x) - t.mu) / t.sigma));
  let prev = 0;
  for (let k = 1; k <= kmax; k++) {
    const upper = k === kmax ? 1 : cdf(k + 0.5);
    pmf[k - 1] = upper - prev;
    prev = upper;
  }
  return pmf;
}
